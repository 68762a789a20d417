import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorSetup } from './authenticator-setup';
import { ReauthenticateForm } from './reauthenticate-form';
import { RecoveryCodes } from './recovery-codes';
import {
  useDisableAuthenticator,
  useRegenerateRecoveryCodes,
  useStartAuthenticator,
  useTwoFactorStatus,
} from './two-factor-api';

type Step = 'idle' | 'setup' | 'codes' | 'disable' | 'regenerate';

/**
 * The account settings' two-factor section: the method in use, setting up an authenticator app
 * (QR code drawn here, secret as text, a first code), the ten recovery codes shown once, renewing
 * them and turning the app off (both ask for the password or a current code).
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const start = useStartAuthenticator();
  const disable = useDisableAuthenticator();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>('idle');
  const [codes, setCodes] = useState<string[]>([]);
  const method = status.data?.method;
  const showCodes = (fresh: string[]) => {
    setCodes(fresh);
    setStep('codes');
  };

  return (
    <Stack as="section" aria-labelledby="two-factor-heading" gap="4" data-testid="two-factor-settings">
      <Heading as="h2" size="md" id="two-factor-heading">
        {t('auth.twoFactorSettings.title')}
      </Heading>
      {status.isError ? <Text color="fg.error">{t('auth.twoFactorSettings.failed')}</Text> : null}
      {method ? (
        <HStack gap="2" flexWrap="wrap">
          <Text>{t('auth.twoFactorSettings.current')}</Text>
          <Badge colorPalette={method === 'authenticator' ? 'green' : 'gray'} data-testid="two-factor-method">
            {t(`auth.twoFactorSettings.method.${method}`)}
          </Badge>
          {method === 'authenticator' ? (
            <Text textStyle="sm" color="fg.muted">
              {t('auth.twoFactorSettings.codesLeft', { count: status.data?.recovery_codes_left ?? 0 })}
            </Text>
          ) : null}
        </HStack>
      ) : null}

      {step === 'setup' && start.data ? (
        <AuthenticatorSetup
          secret={start.data.secret}
          uri={start.data.otpauth_uri}
          onConfirmed={showCodes}
          onCancel={() => setStep('idle')}
        />
      ) : null}
      {step === 'codes' ? <RecoveryCodes codes={codes} onDone={() => setStep('idle')} /> : null}
      {step === 'disable' ? (
        <ReauthenticateForm
          action={t('auth.twoFactorSettings.disable')}
          danger
          pending={disable.isPending}
          onSubmit={(body, onError) => disable.mutate(body, { onSuccess: () => setStep('idle'), onError })}
          onCancel={() => setStep('idle')}
        />
      ) : null}
      {step === 'regenerate' ? (
        <ReauthenticateForm
          action={t('auth.twoFactorSettings.regenerate')}
          pending={regenerate.isPending}
          onSubmit={(body, onError) =>
            regenerate.mutate(body, { onSuccess: (answer) => showCodes(answer.recovery_codes), onError })
          }
          onCancel={() => setStep('idle')}
        />
      ) : null}

      {step === 'idle' && method && method !== 'authenticator' ? (
        <Stack gap="2" align="start">
          <Text textStyle="sm" color="fg.muted">
            {t('auth.twoFactorSettings.appIntro')}
          </Text>
          <Button
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: () => setStep('setup') })}
          >
            {t('auth.twoFactorSettings.setUp')}
          </Button>
          {start.isError ? <Text color="fg.error">{t('auth.twoFactorSettings.failed')}</Text> : null}
        </Stack>
      ) : null}
      {step === 'idle' && method === 'authenticator' ? (
        <HStack gap="2" flexWrap="wrap">
          <Button variant="outline" onClick={() => setStep('regenerate')}>
            {t('auth.twoFactorSettings.regenerate')}
          </Button>
          <Button variant="outline" colorPalette="red" onClick={() => setStep('disable')}>
            {t('auth.twoFactorSettings.disable')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
