import { Button, Checkbox, Field, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { type FieldErrors, termsSchema, validate } from '../utils/schemas';

function BackToSignin() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  return (
    <Button variant="ghost" onClick={() => actor.send({ type: 'auth.back' })}>
      {t('auth.twoFactor.backToSignin')}
    </Button>
  );
}

/** The account awaits an administrator's validation (outcome 1 of spec §4). */
export function ActiveValidationView() {
  const { t } = useTranslation();
  const details = useAuthSelector((s) => s.context.activeValidation?.details ?? null);
  return (
    <Stack gap="4">
      <Text fontWeight="semibold">{t('auth.activeValidation.heading')}</Text>
      <Text color="fg.muted">{typeof details === 'string' ? details : t('auth.activeValidation.description')}</Text>
      <BackToSignin />
    </Stack>
  );
}

/** The e-mail address is not verified yet: resend the link (a view of Signin, decision 1). */
export function VerificationResendView() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const resending = useAuthSelector((s) => s.matches({ signedOut: 'resendingVerification' }));
  return (
    <Stack gap="4">
      <Text>{t('auth.verifyEmail.pending')}</Text>
      <Button
        loading={resending}
        loadingText={t('auth.verifyEmail.resending')}
        onClick={() => actor.send({ type: 'auth.verification.resend' })}
      >
        {t('auth.verifyEmail.resend')}
      </Button>
      <BackToSignin />
    </Stack>
  );
}

/** Terms of use and privacy policy, both required (spec §5; a view of Signin, decision 1). */
export function TermsView() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const accepting = useAuthSelector((s) => s.matches({ signedOut: 'acceptingTerms' }));
  const [values, setValues] = useState({ terms: false, privacy: false });
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(termsSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    actor.send({ type: 'auth.terms.accept', terms: true, privacy: true });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.terms.heading')}>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('auth.terms.heading')}</Text>
        <Text color="fg.muted">{t('auth.terms.description')}</Text>
        <Field.Root invalid={Boolean(errors.terms)}>
          <Stack gap="3">
            <Checkbox.Root
              checked={values.terms}
              onCheckedChange={(e) => setValues((v) => ({ ...v, terms: e.checked === true }))}
            >
              <Checkbox.HiddenInput name="terms" />
              <Checkbox.Control />
              <Checkbox.Label>{t('auth.terms.acceptTerms')}</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root
              checked={values.privacy}
              onCheckedChange={(e) => setValues((v) => ({ ...v, privacy: e.checked === true }))}
            >
              <Checkbox.HiddenInput name="privacy" />
              <Checkbox.Control />
              <Checkbox.Label>{t('auth.terms.acceptPrivacy')}</Checkbox.Label>
            </Checkbox.Root>
          </Stack>
          {errors.terms ? <Field.ErrorText>{t(errors.terms)}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" loading={accepting} loadingText={t('auth.terms.submitting')}>
          {t('auth.terms.submit')}
        </Button>
        <BackToSignin />
      </Stack>
    </form>
  );
}
