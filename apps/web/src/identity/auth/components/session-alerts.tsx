import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAuthSelector } from '../auth-actor';
import { translateAuthMessage } from '../utils/messages';
import { AuthAlert } from './auth-alerts';

/** Failures of signed-in actions (clients, company or language switch) as an alert above the screen. */
export function SessionAlerts() {
  const { t } = useTranslation();
  const error = useAuthSelector((s) => (s.hasTag('authenticated') ? s.context.error : null));
  if (!error) return null;
  return (
    <Box mb="5" data-testid="session-alerts">
      <AuthAlert status="error" message={translateAuthMessage(t, error)} />
    </Box>
  );
}
