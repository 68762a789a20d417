import type { EventObject } from 'xstate';
import { type OutcomeKind, serverMessageOf } from './auth.guards.js';
import type { AuthContext } from './auth.types.js';
import type { AuthUser } from './user.transform.js';

export const TWO_FACTOR_REDIRECT_FAILED = 'Unable to redirect to 2FA verification. Please try again.';
export const TWO_FACTOR_STEP_MISSING = 'User ID missing for 2FA verification.';
export const TWO_FACTOR_USER_MISSING = 'User ID not found for 2FA verification';
export const TWO_FACTOR_RESEND_USER_MISSING = 'User ID not found for resending 2FA code';
/** The spec gives no text for this one (§5); this package's wording. */
export const VERIFICATION_USER_MISSING = 'User ID not found for resending verification email';
export const TERMS_USER_MISSING = 'User ID not found for terms acceptance';
export const TERMS_NOT_ACCEPTED = 'Must accept both terms and privacy policy';

export const busy = { tags: ['busy'], entry: 'clearMessages' } as const;

/** Where each sign-in outcome leads (spec §4), for the states whose actor can answer it. */
export function routeOutcomes(kinds: readonly OutcomeKind[]) {
  const targets = {
    activeValidation: { target: '#auth.signedOut.view.activeValidation', actions: ['applyOutcome'] },
    twoFactor: { target: '#auth.signedOut.view.twoFactor', actions: ['applyOutcome', 'navigateToTwoFactor'] },
    emailVerification: { target: '#auth.signedOut.view.emailVerification', actions: ['applyOutcome'] },
    terms: { target: '#auth.signedOut.view.terms', actions: ['applyOutcome'] },
    session: { target: '#auth.authenticated', actions: ['applyOutcome', 'navigateAfterSignIn'] },
    notice: { target: '#auth.signedOut.view.signIn', actions: ['applyOutcome'] },
    external: { target: '#auth.signedOut.leaving', actions: ['navigateExternal'] },
  } as const;
  // The authenticator app's step is a two-factor outcome of its own (checked first).
  const appStep = {
    guard: 'isAuthenticatorStep',
    target: '#auth.signedOut.view.twoFactor.appCode',
    actions: ['applyOutcome', 'navigateToTwoFactor'],
  } as const;
  return kinds.flatMap((kind) => [
    ...(kind === 'twoFactor' ? [appStep] : []),
    { guard: { type: 'isOutcome', params: { kind } } as const, ...targets[kind] },
  ]);
}

export const SIGN_IN_KINDS = ['activeValidation', 'twoFactor', 'emailVerification', 'terms', 'session'] as const;

/** A signed-out action's success: its message is shown on the view. */
export const noticeTo = (view: string) =>
  ({ target: `#auth.signedOut.view.${view}`, actions: 'assignNotice' }) as const;

/** A signed-out action's failure: the message is shown on the view the action started from. */
export const failTo = (view: string) => ({ target: `#auth.signedOut.view.${view}`, actions: 'assignError' }) as const;

/** A wrong code: back to the step it was typed in (the app's code or the e-mailed one). */
export const twoFactorFailure = [
  { guard: 'usesAuthenticator', target: '#auth.signedOut.view.twoFactor.appCode', actions: 'assignError' },
  failTo('twoFactor'),
] as const;

/** A 401 (spec §4): logged out in both stores and sent to Signin, which is told why. */
export const endSession = [
  { type: 'expireSession', params: ({ event }: { event: EventObject }) => ({ message: serverMessageOf(event) }) },
  'resetSession',
  'noteSessionEnded',
  'navigateToSignin',
] as const;

/** A signed-in action's failure: a 401 ends the session, anything else is shown. */
export const signedInFailure = [
  { guard: 'isUnauthorized', target: '#auth.signedOut', actions: endSession },
  { target: 'idle', actions: 'assignError' },
] as const;

export function userOf(context: AuthContext): AuthUser {
  if (context.user === null) throw new Error('auth-machine: signed in without a user.');
  return context.user;
}

/** The id a guard has already checked (the guard on the way into the state makes this total). */
export function requireId(id: number | null | undefined): number {
  if (id === null || id === undefined) throw new Error('auth-machine: a guarded user id is missing.');
  return id;
}
