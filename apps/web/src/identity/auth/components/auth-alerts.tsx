import { Alert, Box, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAuthSelector } from '../auth-actor';
import { translateAuthMessage } from '../utils/messages';

/** One outcome or catalogue message, announced to assistive technology (role=alert). */
export function AuthAlert({
  status,
  message,
  id,
}: {
  status: 'error' | 'success' | 'info' | 'warning';
  message: string;
  /** For a control that the message describes (`aria-describedby`). */
  id?: string;
}) {
  return (
    <Alert.Root status={status} role="alert" variant="subtle" id={id}>
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}

/** The machine's current error and notice, translated when they are catalogue messages. */
export function AuthAlerts({ hideNotice = false, errorId }: { hideNotice?: boolean; errorId?: string }) {
  const { t } = useTranslation();
  const error = useAuthSelector((s) => s.context.error);
  const notice = useAuthSelector((s) => s.context.notice);
  if (!error && (hideNotice || !notice)) return null;
  return (
    <Stack gap="3" mb="5" data-testid="auth-alerts">
      {error ? <AuthAlert status="error" message={translateAuthMessage(t, error)} id={errorId} /> : null}
      {notice && !hideNotice ? <AuthAlert status="success" message={translateAuthMessage(t, notice)} /> : null}
    </Stack>
  );
}

/**
 * Why the sign-in page is shown when the server ended the session (idle, revoked, expired); a
 * logout leaves nothing to say. Gone once the user acts, like the other messages.
 */
export function SessionEndedAlert() {
  const { t } = useTranslation();
  const message = useAuthSelector((s) => (s.matches('signedOut') ? (s.context.sessionEnded?.message ?? null) : null));
  if (!message) return null;
  return (
    <Box mb="5" data-testid="session-ended">
      <AuthAlert status="warning" message={translateAuthMessage(t, message)} />
    </Box>
  );
}
