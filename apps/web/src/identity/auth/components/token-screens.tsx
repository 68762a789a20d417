import { Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useBooting } from '../hooks/use-booting';
import { AuthAlerts } from './auth-alerts';
import { AuthLayout } from './auth-layout';
import { SigninButton } from './signin-button';

function Checking({ label }: { label: string }) {
  return (
    <Flex align="center" gap="3" role="status" aria-live="polite">
      <Spinner size="sm" color="brand.solid" />
      <Text>{label}</Text>
    </Flex>
  );
}

/** VerifyEmail: the link of the verification e-mail (GET /verify-email/{token}). */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const { token = '' } = useParams();
  const sent = useRef<string | null>(null);
  const busy = useAuthSelector((s) => s.matches({ signedOut: 'verifyingEmail' }));
  const booting = useBooting();
  useEffect(() => {
    if (sent.current === token || booting) return;
    sent.current = token;
    actor.send({ type: 'auth.email.verify', token });
  }, [actor, booting, token]);
  return (
    <AuthLayout title={t('auth.verifyEmail.title')}>
      <Stack gap="5">
        {busy ? <Checking label={t('auth.verifyEmail.checking')} /> : <AuthAlerts />}
        {busy ? null : <SigninButton />}
      </Stack>
    </AuthLayout>
  );
}

/** ConfirmRegistration: the link of the registration e-mail (GET /confirm-registration/{id}/{token}). */
export function ConfirmRegistrationScreen() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const { id = '', token = '' } = useParams();
  const sent = useRef<string | null>(null);
  const busy = useAuthSelector((s) => s.matches({ signedOut: 'confirmingRegistration' }));
  const booting = useBooting();
  useEffect(() => {
    const key = `${id}/${token}`;
    if (sent.current === key || booting) return;
    sent.current = key;
    actor.send({ type: 'auth.registration.confirm', id: /^\d+$/.test(id) ? Number(id) : 0, token });
  }, [actor, booting, id, token]);
  return (
    <AuthLayout title={t('auth.confirmRegistration.title')}>
      <Stack gap="5">
        {busy ? <Checking label={t('auth.confirmRegistration.checking')} /> : <AuthAlerts />}
        {busy ? null : <SigninButton />}
      </Stack>
    </AuthLayout>
  );
}
