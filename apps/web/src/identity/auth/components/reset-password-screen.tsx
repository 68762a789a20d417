import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useFormValues } from '../hooks/use-form-values';
import { translateAuthMessage } from '../utils/messages';
import { preloadValidation, validateForm } from '../utils/validate-form';
import { AuthAlert, AuthAlerts } from './auth-alerts';
import { AuthLayout } from './auth-layout';
import { FormField, NewPasswordFields } from './form-field';
import { SigninButton } from './signin-button';

function BackLink() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  return (
    <Text textAlign="center" fontSize="sm">
      <ChakraLink asChild color="brand.solid">
        <Link to="/signin" onClick={() => actor.send({ type: 'auth.back' })}>
          {t('auth.resetPassword.backToSignin')}
        </Link>
      </ChakraLink>
    </Text>
  );
}

function RequestForm() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const busy = useAuthSelector((s) => s.matches({ signedOut: 'requestingPasswordReset' }));
  const { values, setErrors, bind } = useFormValues({ email: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('resetRequest', values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    actor.send({ type: 'auth.password.requestReset', email: result.data.email });
  };
  return (
    <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.resetPassword.title')}>
      <Stack gap="4">
        <FormField label={t('auth.fields.email')} type="email" autoComplete="email" required {...bind('email')} />
        <Button type="submit" loading={busy} loadingText={t('auth.resetPassword.requestSubmitting')}>
          {t('auth.resetPassword.requestSubmit')}
        </Button>
        <BackLink />
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token, email: initialEmail, onSent }: { token: string; email: string; onSent: () => void }) {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const busy = useAuthSelector((s) => s.matches({ signedOut: 'resettingPassword' }));
  const { values, setErrors, bind } = useFormValues({ email: initialEmail, password: '', password_confirmation: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('resetPassword', { ...values, token });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSent();
    actor.send({ type: 'auth.password.reset', form: result.data });
  };
  return (
    <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.resetPassword.title')}>
      <Stack gap="4">
        {initialEmail ? null : (
          <FormField label={t('auth.fields.email')} type="email" autoComplete="username" required {...bind('email')} />
        )}
        <NewPasswordFields
          bind={bind}
          labels={{ password: t('auth.fields.newPassword'), confirmation: t('auth.fields.newPasswordConfirmation') }}
        />
        <Button type="submit" loading={busy} loadingText={t('auth.resetPassword.submitting')}>
          {t('auth.resetPassword.submit')}
        </Button>
        <BackLink />
      </Stack>
    </form>
  );
}

/** The new password is set: the server's message (in the interface language) and the way to sign in. */
function ResetDone() {
  const { t } = useTranslation();
  const notice = useAuthSelector((s) => s.context.notice);
  return (
    <AuthLayout title={t('auth.resetPassword.doneTitle')}>
      <Stack gap="5">
        <AuthAlert
          status="success"
          message={notice ? translateAuthMessage(t, notice) : t('auth.messages.passwordResetDone')}
        />
        <SigninButton focus />
      </Stack>
    </AuthLayout>
  );
}

/** ResetPassword: request a link, or (with `token` in the query, from the e-mail) set a new password. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token');
  const email = search.get('email') ?? '';
  // The machine's passwordReset view, reached by the password sent from this page (not an earlier one).
  const [sent, setSent] = useState(false);
  const reset = useAuthSelector((s) => s.matches({ signedOut: { view: 'passwordReset' } }));
  if (sent && reset) return <ResetDone />;
  const description = token
    ? email
      ? t('auth.resetPassword.newDescription', { email })
      : t('auth.resetPassword.newDescriptionNoEmail')
    : t('auth.resetPassword.requestDescription');
  return (
    <AuthLayout title={t('auth.resetPassword.title')} description={description}>
      <AuthAlerts />
      {token ? <NewPasswordForm token={token} email={email} onSent={() => setSent(true)} /> : <RequestForm />}
    </AuthLayout>
  );
}
