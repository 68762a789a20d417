import { Button, chakra, Field, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { translateAuthMessage } from '../utils/messages';
import { type FieldErrors, preloadValidation, validateForm } from '../utils/validate-form';
import { AuthAlert } from './auth-alerts';

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
  const message = useAuthSelector((s) => s.context.activeValidation?.message ?? null);
  const details = useAuthSelector((s) => s.context.activeValidation?.details ?? null);
  return (
    <Stack gap="4">
      <AuthAlert
        status="warning"
        message={message ? translateAuthMessage(t, message) : t('auth.activeValidation.description')}
      />
      {typeof details === 'string' && details !== message ? <Text color="fg.muted">{details}</Text> : null}
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('terms', values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    actor.send({ type: 'auth.terms.accept', terms: true, privacy: true });
  };

  return (
    <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.terms.heading')}>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('auth.terms.heading')}</Text>
        <Text color="fg.muted">{t('auth.terms.description')}</Text>
        <Field.Root invalid={Boolean(errors.terms)}>
          <Stack gap="3">
            <ConsentCheckbox
              name="terms"
              label={t('auth.terms.acceptTerms')}
              checked={values.terms}
              onChange={(terms) => setValues((v) => ({ ...v, terms }))}
            />
            <ConsentCheckbox
              name="privacy"
              label={t('auth.terms.acceptPrivacy')}
              checked={values.privacy}
              onChange={(privacy) => setValues((v) => ({ ...v, privacy }))}
            />
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

/** A native checkbox (keyboard, forms and screen readers for free; no state machine on the sign-in page). */
function ConsentCheckbox(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <chakra.label display="flex" alignItems="center" gap="3" cursor="pointer">
      <chakra.input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
        boxSize="4.5"
        accentColor="brand.solid"
        cursor="pointer"
      />
      <Text as="span">{props.label}</Text>
    </chakra.label>
  );
}
