import { Button, HStack, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { failureOf, type Reauthentication } from './two-factor-api';

/**
 * Turning the app off or renewing the codes: the current password and a fresh code first (an
 * account without a password, signed in through Microsoft, sends the code alone: the server says).
 */
export function ReauthenticateForm({
  action,
  danger,
  pending,
  onSubmit,
  onCancel,
}: {
  action: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (body: Reauthentication, onError: (failure: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t('auth.twoFactorSettings.proofNeeded'));
      return;
    }
    if (!/^(\d{6}|[0-9a-zA-Z]{5}-?[0-9a-zA-Z]{5})$/.test(typed)) {
      setError(t('auth.validation.codeInvalid'));
      return;
    }
    setError(undefined);
    onSubmit({ ...(password ? { password } : {}), code: typed }, (failure) => {
      const { status, message } = failureOf(failure);
      // 429: the server's text says how long the account's code step stays locked.
      if (status === 429 && message) setError(message);
      else if (status === 422) setError(t('auth.twoFactorSettings.proofNeeded'));
      else setError(status === 403 ? t('auth.twoFactorSettings.proofRejected') : t('auth.twoFactorSettings.failed'));
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3" maxW="sm">
        <TextInput
          label={t('auth.twoFactorSettings.password')}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <TextInput
          label={t('auth.twoFactorSettings.freshCode')}
          name="current-code"
          autoComplete="one-time-code"
          maxLength={11}
          value={code}
          onValueChange={setCode}
          error={error}
        />
        <HStack gap="2">
          <Button type="submit" colorPalette={danger ? 'red' : undefined} loading={pending}>
            {action}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('auth.twoFactorSettings.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
