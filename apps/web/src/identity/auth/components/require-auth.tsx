import { Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { signinPathFor } from '@/lib/redirect';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { decideGuard } from '../utils/guard';
import { hasPersistedSession } from './auth-provider';

/** The route guard of spec §2 (decision 2): wraps every protected route. */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const actor = useAuthActorRef();
  const settled = useAuthSelector((s) => !s.matches('booting') && !s.matches('loggingOut'));
  const signedIn = useAuthSelector((s) => s.hasTag('authenticated'));
  const hasUser = useAuthSelector((s) => s.context.user !== null);
  const decision = decideGuard({
    settled,
    signedIn,
    hasUser,
    persistedAuthenticated: settled && hasPersistedSession(),
  });

  useEffect(() => {
    if (decision === 'logout') actor.send({ type: 'auth.logout' });
  }, [decision, actor]);

  if (decision === 'allow') return <Outlet />;
  if (decision === 'signin') return <Navigate to={signinPathFor(location)} replace />;
  return (
    <Flex minH="100dvh" align="center" justify="center" gap="3" role="status" aria-live="polite">
      <Spinner size="md" color="brand.solid" />
      <Text>{t('common.checkingSession')}</Text>
    </Flex>
  );
}
