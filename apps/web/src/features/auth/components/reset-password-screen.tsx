import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useFormValues } from '../hooks/use-form-values';
import { preloadValidation, validateForm } from '../utils/validate-form';
import { AuthAlerts } from './auth-alerts';
import { AuthLayout } from './auth-layout';
import { FormField, NewPasswordFields } from './form-field';

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

function NewPasswordForm({ token, email: initialEmail }: { token: string; email: string }) {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const busy = useAuthSelector((s) => s.matches({ signedOut: 'resettingPassword' }));
  const { values, setErrors, bind } = useFormValues({ email: initialEmail, password: '', password_confirmation: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('resetPassword', { ...values, token });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
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

/** ResetPassword: request a link, or (with `token` in the query, from the e-mail) set a new password. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token');
  const email = search.get('email') ?? '';
  const description = token
    ? email
      ? t('auth.resetPassword.newDescription', { email })
      : t('auth.resetPassword.newDescriptionNoEmail')
    : t('auth.resetPassword.requestDescription');
  return (
    <AuthLayout title={t('auth.resetPassword.title')} description={description}>
      <AuthAlerts />
      {token ? <NewPasswordForm token={token} email={email} /> : <RequestForm />}
    </AuthLayout>
  );
}
