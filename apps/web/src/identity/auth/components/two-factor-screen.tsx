import { Button, Link as ChakraLink, Field, PinInput, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { RESEND_COOLDOWN_S } from '@/config/constants';
import { REDIRECT_PARAM, safeRedirectTarget } from '@/lib/redirect';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useArrivedSignedIn } from '../hooks/use-arrived-signed-in';
import { useBooting } from '../hooks/use-booting';
import { preloadValidation, validateForm } from '../utils/validate-form';
import { AuthAlerts } from './auth-alerts';
import { AuthLayout } from './auth-layout';
import { RecoveryCodeForm } from './recovery-code-form';

const CODE_LENGTH = 6;

/** Counts down the seconds before another code may be requested. */
function useCooldown(initial: number) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * After the server refused a code: the boxes are emptied and the first one takes the focus back
 * (the boxes are disabled while the code is checked, which drops it), so the user types again at
 * once; `refused` holds while the refusal is shown.
 */
function useRetryAfterRefusal(clear: () => void) {
  const verifying = useAuthSelector(
    (s) => s.matches({ signedOut: 'verifyingTwoFactor' }) || s.matches({ signedOut: 'verifyingRecoveryCode' }),
  );
  const failed = useAuthSelector((s) => s.context.error !== null);
  const firstDigit = useRef<HTMLInputElement>(null);
  const checking = useRef(false);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (verifying) {
      checking.current = true;
      setRefused(false);
    } else if (checking.current) {
      checking.current = false;
      if (!failed) return;
      setRefused(true);
      clear();
      firstDigit.current?.focus();
    }
  }, [verifying, failed, clear]);
  return { verifying, refused: refused && failed, firstDigit };
}

/** The step's heading text: the e-mailed code's, the authenticator app's, or a recovery code's. */
function useStepDescription(email: string | null): string {
  const { t } = useTranslation();
  const step = useAuthSelector((s) =>
    s.matches({ signedOut: { view: { twoFactor: 'recoveryCode' } } }) ||
    s.matches({ signedOut: 'verifyingRecoveryCode' })
      ? 'recovery'
      : s.context.twoFactor?.method === 'authenticator'
        ? 'app'
        : 'email',
  );
  if (step === 'recovery') return t('auth.twoFactor.recoveryDescription');
  if (step === 'app') return t('auth.twoFactor.appDescription');
  return email ? t('auth.twoFactor.description', { email }) : t('auth.twoFactor.descriptionNoEmail');
}

/**
 * TwoStepVerification: the 6-digit code (paste fills every box) — e-mailed, with a resend and its
 * cooldown, or from the authenticator app, with a recovery code as the way round a lost phone.
 */
export function TwoFactorScreen() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const [search] = useSearchParams();
  const opened = useRef(false);
  const booting = useBooting();
  const arrivedSignedIn = useArrivedSignedIn();
  const redirect = useAuthSelector((s) => s.context.redirect);
  // The server's answer to the code asked for another step (validation, e-mail, terms): those are
  // views of the Signin screen (decision 1), where the machine's step is shown.
  const signinStep = useAuthSelector(
    (s) =>
      s.matches({ signedOut: { view: 'activeValidation' } }) ||
      s.matches({ signedOut: { view: 'emailVerification' } }) ||
      s.matches({ signedOut: { view: 'terms' } }),
  );
  const verifySent = useRef(false);
  const resending = useAuthSelector((s) => s.matches({ signedOut: 'resendingTwoFactor' }));
  const email = useAuthSelector((s) => s.context.twoFactor?.email ?? null) ?? search.get('email');
  const byApp = useAuthSelector((s) => s.context.twoFactor?.method === 'authenticator');
  const recovery = useAuthSelector(
    (s) =>
      s.matches({ signedOut: { view: { twoFactor: 'recoveryCode' } } }) ||
      s.matches({ signedOut: 'verifyingRecoveryCode' }),
  );
  const description = useStepDescription(email);
  const [code, setCode] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const clearCode = useCallback(() => setCode([]), []);
  const { verifying, refused, firstDigit } = useRetryAfterRefusal(clearCode);
  const [cooldown, setCooldown] = useCooldown(RESEND_COOLDOWN_S);

  // Opening the step keeps user id and e-mail (query values, else what the machine holds).
  useEffect(() => {
    if (opened.current || booting) return;
    opened.current = true;
    const userId = search.get('user_id');
    actor.send({
      type: 'auth.twoFactor.open',
      userId: userId && /^\d+$/.test(userId) ? Number(userId) : null,
      email: search.get('email'),
    });
  }, [actor, booting, search]);

  // Already signed in when the page opened: on to the target. A sign-in made here (the code was
  // right) is followed by the machine's navigate intent instead.
  if (arrivedSignedIn) return <Navigate to={safeRedirectTarget(redirect) ?? '/'} replace />;
  if (verifySent.current && signinStep) {
    const target = safeRedirectTarget(redirect);
    const query = target && target !== '/' ? `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` : '';
    return <Navigate to={`/signin${query}`} replace />;
  }

  const submit = async (event?: FormEvent, value = code) => {
    event?.preventDefault();
    const result = await validateForm('twoFactor', { code: value.join('') });
    if (!result.ok) {
      setError(result.errors.code);
      return;
    }
    setError(undefined);
    verifySent.current = true;
    actor.send({ type: 'auth.twoFactor.verify', code: result.data.code });
  };

  return (
    <AuthLayout title={t('auth.twoFactor.title')} description={description}>
      <AuthAlerts errorId={errorId} />
      {recovery ? (
        <RecoveryCodeForm onSent={() => (verifySent.current = true)} />
      ) : (
        <form onSubmit={submit} onFocus={preloadValidation} noValidate aria-label={t('auth.twoFactor.title')}>
          <Stack gap="5">
            <Field.Root invalid={Boolean(error) || refused}>
              <Field.Label>{t('auth.twoFactor.codeLabel')}</Field.Label>
              <PinInput.Root
                otp
                type="numeric"
                count={CODE_LENGTH}
                value={code}
                onValueChange={(details) => setCode(details.value)}
                onValueComplete={(details) => void submit(undefined, details.value)}
                translations={{ inputLabel: (index) => t('auth.twoFactor.digitLabel', { index: index + 1 }) }}
                disabled={verifying}
                size={{ base: 'md', sm: 'lg' }}
              >
                <PinInput.HiddenInput name="code" />
                <PinInput.Control>
                  {Array.from({ length: CODE_LENGTH }, (_, index) => (
                    <PinInput.Input
                      // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
                      key={index}
                      index={index}
                      // The first box, where typing starts again, is described by the server's refusal.
                      {...(index === 0 ? { ref: firstDigit, 'aria-describedby': refused ? errorId : undefined } : {})}
                    />
                  ))}
                </PinInput.Control>
              </PinInput.Root>
              <Field.HelperText>{t('auth.twoFactor.pasteHint')}</Field.HelperText>
              {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : null}
            </Field.Root>
            <Button type="submit" loading={verifying} loadingText={t('auth.twoFactor.submitting')}>
              {t('auth.twoFactor.submit')}
            </Button>
            {byApp ? (
              <Button
                variant="ghost"
                disabled={verifying}
                onClick={() => actor.send({ type: 'auth.twoFactor.useRecoveryCode' })}
              >
                {t('auth.twoFactor.useRecoveryCode')}
              </Button>
            ) : (
              <Button
                variant="outline"
                loading={resending}
                loadingText={t('auth.twoFactor.resending')}
                disabled={cooldown > 0 || verifying}
                onClick={() => {
                  actor.send({ type: 'auth.twoFactor.resend' });
                  setCooldown(RESEND_COOLDOWN_S);
                }}
              >
                {cooldown > 0 ? t('auth.twoFactor.resendIn', { seconds: cooldown }) : t('auth.twoFactor.resend')}
              </Button>
            )}
            <Text textAlign="center" fontSize="sm">
              <ChakraLink asChild color="brand.solid">
                <Link to="/signin" onClick={() => actor.send({ type: 'auth.back' })}>
                  {t('auth.twoFactor.backToSignin')}
                </Link>
              </ChakraLink>
            </Text>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
