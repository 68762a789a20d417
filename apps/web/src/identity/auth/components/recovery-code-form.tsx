import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { preloadValidation, validateForm } from '../utils/validate-form';

/** The authenticator step's other way in: one of the ten recovery codes (xxxxx-xxxxx), used once. */
export function RecoveryCodeForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const verifying = useAuthSelector((s) => s.matches({ signedOut: 'verifyingRecoveryCode' }));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const helpId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('recoveryCode', { code: code.trim() });
    if (!result.ok) {
      setError(result.errors.code);
      return;
    }
    setError(undefined);
    onSent();
    actor.send({ type: 'auth.twoFactor.verify', code: result.data.code });
  };

  return (
    <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.twoFactor.recoveryTitle')}>
      <Stack gap="5">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{t('auth.twoFactor.recoveryLabel')}</Field.Label>
          <Input
            name="recovery-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={11}
            placeholder="xxxxx-xxxxx"
            disabled={verifying}
            aria-describedby={helpId}
          />
          <Field.HelperText id={helpId}>{t('auth.twoFactor.recoveryHint')}</Field.HelperText>
          {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" loading={verifying} loadingText={t('auth.twoFactor.submitting')}>
          {t('auth.twoFactor.submit')}
        </Button>
        <Button variant="ghost" onClick={() => actor.send({ type: 'auth.twoFactor.useAppCode' })} disabled={verifying}>
          {t('auth.twoFactor.useAppCode')}
        </Button>
      </Stack>
    </form>
  );
}
