import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { QrCode } from './qr-code';
import { failureOf, useConfirmAuthenticator } from './two-factor-api';

/** Scan (or type) the secret, then prove it with a first code: only then is the app the method. */
export function AuthenticatorSetup({
  secret,
  uri,
  onConfirmed,
  onCancel,
}: {
  secret: string;
  uri: string;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmAuthenticator();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('auth.validation.codeInvalid'));
      return;
    }
    setError(undefined);
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => onConfirmed(answer.recovery_codes),
      onError: (failure) =>
        setError(
          failureOf(failure).status === 422
            ? t('auth.twoFactorSettings.codeRejected')
            : t('auth.twoFactorSettings.failed'),
        ),
    });
  };
  return (
    <Stack gap="4">
      <Text>{t('auth.twoFactorSettings.scan')}</Text>
      <QrCode text={uri} label={t('auth.twoFactorSettings.qrLabel')} />
      <Stack gap="1">
        <Text textStyle="sm" color="fg.muted">
          {t('auth.twoFactorSettings.secretLabel')}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Code data-testid="authenticator-secret" fontSize="md" wordBreak="break-all">
            {secret}
          </Code>
          <Button size="xs" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret)}>
            {t('auth.twoFactorSettings.copySecret')}
          </Button>
        </HStack>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="3" maxW="xs">
          <TextInput
            label={t('auth.twoFactorSettings.firstCode')}
            name="authenticator-code"
            value={code}
            onValueChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={error}
          />
          <HStack gap="2">
            <Button type="submit" loading={confirm.isPending}>
              {t('auth.twoFactorSettings.confirm')}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              {t('auth.twoFactorSettings.cancel')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
