import { Button, chakra, Field, Stack, Text } from '@chakra-ui/react';
import { TERMS_NOT_ACCEPTED } from '@vigil/auth-machine';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { translateAuthMessage } from '../utils/messages';
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

/**
 * Terms of use and privacy policy, both required (spec §5; a view of Signin, decision 1). The form
 * sends what the user ticked; the machine is the validation: without both it answers with the
 * spec's message, shown as an alert (role=alert) above the form and marked on the boxes.
 */
export function TermsView() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const accepting = useAuthSelector((s) => s.matches({ signedOut: 'acceptingTerms' }));
  const refused = useAuthSelector((s) => s.context.error === TERMS_NOT_ACCEPTED);
  const [values, setValues] = useState({ terms: false, privacy: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'auth.terms.accept', terms: values.terms, privacy: values.privacy });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.terms.heading')}>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('auth.terms.heading')}</Text>
        <Text color="fg.muted">{t('auth.terms.description')}</Text>
        <Field.Root invalid={refused}>
          <Stack gap="3">
            <ConsentCheckbox
              name="terms"
              label={t('auth.terms.acceptTerms')}
              checked={values.terms}
              invalid={refused && !values.terms}
              onChange={(terms) => setValues((v) => ({ ...v, terms }))}
            />
            <ConsentCheckbox
              name="privacy"
              label={t('auth.terms.acceptPrivacy')}
              checked={values.privacy}
              invalid={refused && !values.privacy}
              onChange={(privacy) => setValues((v) => ({ ...v, privacy }))}
            />
          </Stack>
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
  invalid?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <chakra.label display="flex" alignItems="center" gap="3" cursor="pointer">
      <chakra.input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        aria-invalid={props.invalid ? true : undefined}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
        boxSize="4.5"
        accentColor="brand.solid"
        cursor="pointer"
      />
      <Text as="span">{props.label}</Text>
    </chakra.label>
  );
}
