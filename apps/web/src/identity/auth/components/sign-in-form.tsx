import { Button, Link as ChakraLink, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useFormValues } from '../hooks/use-form-values';
import { preloadValidation, validateForm } from '../utils/validate-form';
import { FormField } from './form-field';
import { MicrosoftLogo } from './microsoft-logo';

/** E-mail and password, or Microsoft (spec §1). `redirect` is the already-checked target. */
export function SignInForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const signingIn = useAuthSelector((s) => s.matches({ signedOut: 'signingIn' }));
  const microsoftBusy = useAuthSelector(
    (s) =>
      s.matches({ signedOut: 'startingMicrosoftSignIn' }) ||
      s.matches({ signedOut: 'leaving' }) ||
      s.matches({ signedOut: 'handlingMicrosoftCallback' }),
  );
  const busy = signingIn || microsoftBusy;
  const { values, setErrors, bind } = useFormValues({ email: '', password: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await validateForm('signIn', values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    actor.send({ type: 'auth.submit', email: result.data.email, password: result.data.password, redirect });
  };

  return (
    <Stack gap="5">
      <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.signin.heading')}>
        <Stack gap="4">
          <FormField label={t('auth.fields.email')} type="email" autoComplete="username" required {...bind('email')} />
          <FormField
            label={t('auth.fields.password')}
            type="password"
            autoComplete="current-password"
            required
            {...bind('password')}
          />
          <Flex justify="flex-end">
            <ChakraLink asChild fontSize="sm" color="brand.solid">
              <Link to="/reset-password">{t('auth.signin.forgot')}</Link>
            </ChakraLink>
          </Flex>
          <Button type="submit" loading={signingIn} loadingText={t('auth.signin.submitting')} disabled={busy}>
            {t('auth.signin.submit')}
          </Button>
        </Stack>
      </form>
      <Flex align="center" gap="3">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          {t('common.or')}
        </Text>
        <Separator flex="1" />
      </Flex>
      <Button
        variant="outline"
        loading={microsoftBusy}
        loadingText={t('auth.signin.microsoftBusy')}
        disabled={busy}
        onClick={() => actor.send({ type: 'auth.microsoft.signIn' })}
      >
        <MicrosoftLogo />
        {t('auth.signin.microsoft')}
      </Button>
      <Text fontSize="sm" textAlign="center">
        {t('auth.signin.noAccount')}{' '}
        <ChakraLink asChild color="brand.solid" fontWeight="semibold">
          <Link to="/signin?view=register">{t('auth.signin.register')}</Link>
        </ChakraLink>
      </Text>
    </Stack>
  );
}
