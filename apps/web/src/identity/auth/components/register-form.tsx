import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useFormValues } from '../hooks/use-form-values';
import { preloadValidation, validateForm } from '../utils/validate-form';
import { FormField, NewPasswordFields } from './form-field';
import { MicrosoftLogo } from './microsoft-logo';

const empty = { name: '', email: '', position: '', password: '', password_confirmation: '' };

/** Registration, a view of the Signin screen (decision 1). */
export function RegisterForm() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const registering = useAuthSelector((s) => s.matches({ signedOut: 'registering' }));
  const microsoftBusy = useAuthSelector(
    (s) => s.matches({ signedOut: 'startingMicrosoftSignUp' }) || s.matches({ signedOut: 'leaving' }),
  );
  const { values, setErrors, bind } = useFormValues(empty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('register', values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const { position, ...form } = result.data;
    actor.send({ type: 'auth.register', form: position ? { ...form, position } : form });
  };

  return (
    <Stack gap="5">
      <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.register.heading')}>
        <Stack gap="4">
          <FormField label={t('auth.fields.name')} autoComplete="name" required {...bind('name')} />
          <FormField label={t('auth.fields.email')} type="email" autoComplete="email" required {...bind('email')} />
          <FormField label={t('auth.fields.position')} autoComplete="organization-title" {...bind('position')} />
          <NewPasswordFields
            bind={bind}
            labels={{ password: t('auth.fields.password'), confirmation: t('auth.fields.passwordConfirmation') }}
          />
          <Button
            type="submit"
            loading={registering}
            loadingText={t('auth.register.submitting')}
            disabled={registering || microsoftBusy}
          >
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Button
        variant="outline"
        loading={microsoftBusy}
        loadingText={t('auth.signin.microsoftBusy')}
        disabled={registering || microsoftBusy}
        onClick={() => {
          const query: { login_hint?: string; name?: string; position?: string } = {};
          if (values.email) query.login_hint = values.email;
          if (values.name) query.name = values.name;
          if (values.position) query.position = values.position;
          actor.send({ type: 'auth.microsoft.signUp', query });
        }}
      >
        <MicrosoftLogo />
        {t('auth.register.microsoft')}
      </Button>
      <Text fontSize="sm" textAlign="center">
        {t('auth.register.haveAccount')}{' '}
        <ChakraLink asChild color="brand.solid" fontWeight="semibold">
          <Link to="/signin">{t('auth.register.signin')}</Link>
        </ChakraLink>
      </Text>
    </Stack>
  );
}
