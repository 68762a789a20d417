import { Button } from '@chakra-ui/react';
import type { MicrosoftCallbackParams } from '@vigil/auth-machine';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useReplayPendingAction } from '@/lib/preboot';
import { REDIRECT_PARAM, safeRedirectTarget } from '@/lib/redirect';
import { useAuthActorRef, useAuthSelector } from '../auth-actor';
import { useArrivedSignedIn } from '../hooks/use-arrived-signed-in';
import { useBooting } from '../hooks/use-booting';
import { AuthAlerts, SessionEndedAlert } from './auth-alerts';
import { AuthLayout } from './auth-layout';
import { SignInForm } from './sign-in-form';

// Views other than the sign-in form load when shown: the sign-in page's first load stays small.
const RegisterForm = lazy(() => import('./register-form').then((m) => ({ default: m.RegisterForm })));
const ActiveValidationView = lazy(() => import('./step-views').then((m) => ({ default: m.ActiveValidationView })));
const TermsView = lazy(() => import('./step-views').then((m) => ({ default: m.TermsView })));
const VerificationResendView = lazy(() => import('./step-views').then((m) => ({ default: m.VerificationResendView })));

/** The query values the Microsoft callback returns with (spec §2 "Microsoft callback"). */
const CALLBACK_KEYS = [
  'redirect_key',
  'temp_token',
  'status',
  'message',
  'email',
  'user_id',
  'terms_accepted_required',
  'two_factor_required',
  'active_validation_required',
  'state',
  'code',
] as const satisfies readonly (keyof MicrosoftCallbackParams)[];

/** The callback's parameters when the page is a return from Microsoft, else null. */
export function readCallbackParams(search: URLSearchParams): MicrosoftCallbackParams | null {
  const params: MicrosoftCallbackParams = {};
  let found = false;
  for (const key of CALLBACK_KEYS) {
    const value = search.get(key);
    if (value !== null) {
      params[key] = value;
      found = true;
    }
  }
  return found ? params : null;
}

type View = 'signIn' | 'register' | 'activeValidation' | 'verification' | 'terms';

/** The Signin route: sign-in, registration, terms and e-mail verification views and the Microsoft return. */
export function SigninScreen() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const [search, setSearch] = useSearchParams();
  const redirect = safeRedirectTarget(search.get(REDIRECT_PARAM));
  const handled = useRef(false);

  const signedIn = useAuthSelector((s) => s.hasTag('authenticated'));
  const arrivedSignedIn = useArrivedSignedIn();
  const booting = useBooting();
  const machineView = useAuthSelector((s): View | null => {
    if (s.matches({ signedOut: { view: 'activeValidation' } })) return 'activeValidation';
    if (s.matches({ signedOut: { view: 'emailVerification' } }) || s.matches({ signedOut: 'resendingVerification' }))
      return 'verification';
    if (s.matches({ signedOut: { view: 'terms' } }) || s.matches({ signedOut: 'acceptingTerms' })) return 'terms';
    if (s.matches({ signedOut: 'registering' })) return 'register';
    return null;
  });
  const registered = useAuthSelector((s) => s.matches({ signedOut: { view: 'signIn' } }) && s.context.notice !== null);

  // The Microsoft return lands here (decision 1): hand its parameters to the machine once, then drop
  // them from the address so a reload does not replay them.
  // The machine takes it once the session check at start-up has settled (not while booting).
  useEffect(() => {
    if (handled.current || booting) return;
    const params = readCallbackParams(search);
    if (!params) return;
    handled.current = true;
    actor.send({ type: 'auth.microsoft.callback', params });
    const kept = new URLSearchParams();
    const target = search.get(REDIRECT_PARAM);
    if (target) kept.set(REDIRECT_PARAM, target);
    setSearch(kept, { replace: true });
  }, [actor, booting, search, setSearch]);

  // A submit, click or choice made on the pre-rendered page before the app took over (lib/preboot.ts)
  // happens now that the machine has read the stored session and takes events.
  useReplayPendingAction(!booting);

  // After a successful registration the sign-in view shows the server's message.
  useEffect(() => {
    if (registered && search.get('view') === 'register') setSearch(new URLSearchParams(), { replace: true });
  }, [registered, search, setSearch]);

  // Already signed in when the page opened: on to the (checked) target. A sign-in made here is
  // followed by the machine's navigate intent instead; should that navigation fail (and the fall
  // back to / too), the page offers the way into the app rather than the sign-in form.
  if (arrivedSignedIn) return <Navigate to={redirect ?? '/'} replace />;
  if (signedIn) {
    return (
      <AuthLayout title={t('auth.signin.heading')}>
        <AuthAlerts />
        <Button asChild>
          <Link to="/" replace>
            {t('notFound.backHome')}
          </Link>
        </Button>
      </AuthLayout>
    );
  }

  const view: View = machineView ?? (search.get('view') === 'register' ? 'register' : 'signIn');
  const titles: Record<View, string> = {
    signIn: t('auth.signin.heading'),
    register: t('auth.register.heading'),
    activeValidation: t('auth.activeValidation.heading'),
    verification: t('auth.verifyEmail.title'),
    terms: t('auth.terms.heading'),
  };

  return (
    <AuthLayout title={titles[view]}>
      <SessionEndedAlert />
      <AuthAlerts />
      {view === 'signIn' ? <SignInForm redirect={redirect} /> : null}
      <Suspense fallback={null}>
        {view === 'register' ? <RegisterForm /> : null}
        {view === 'activeValidation' ? <ActiveValidationView /> : null}
        {view === 'verification' ? <VerificationResendView /> : null}
        {view === 'terms' ? <TermsView /> : null}
      </Suspense>
    </AuthLayout>
  );
}
