import type { Client, RequestBody } from './ports.js';
import type { PendingStep, TwoFactorStep } from './session.store.js';
import type { MicrosoftCallbackParams } from './sign-in.actors.js';
import type { StepDetails } from './sign-in.outcome.js';
import type { AuthUser } from './user.transform.js';

/** The machine's context: what a screen reads from `snapshot.context`. */
export interface AuthContext {
  /** The signed-in user, else null. */
  user: AuthUser | null;
  /** The access token, else null (it lives in session storage too). */
  token: string | null;
  /** The client companies, once loaded with `auth.clients.load`. */
  clients: Client[];
  /** The last failure's message (spec §8), cleared when the next action starts. */
  error: string | null;
  /** The last success message from the server (resend, registration, reset…). */
  notice: string | null;
  /** Set when the account awaits validation: the server's message and details. */
  activeValidation: { message: string | null; details: StepDetails } | null;
  /** The pending two-factor step. */
  twoFactor: TwoFactorStep | null;
  /** The user id the verification e-mail resend needs. */
  verificationUserId: number | null;
  /** The pending terms step. */
  terms: PendingStep | null;
  /** Where to go after sign-in (the sign-in screen's redirect query), else '/'. */
  redirect: string | null;
  /**
   * Why the last session ended without a logout (the server refused it with a 401), for the sign-in
   * view to say; null after a logout, and cleared like `error` when the next action starts.
   */
  sessionEnded: SessionEnded | null;
}

/**
 * A session the server ended: `inactivity` when it said 'Session expired due to inactivity.'
 * (`SESSION_EXPIRED_MESSAGE`), else `unauthorized` (`SESSION_ENDED_MESSAGE`); `message` is the one to show.
 *
 * @example
 * if (snapshot.context.sessionEnded) showWarning(translate(snapshot.context.sessionEnded.message));
 */
export interface SessionEnded {
  reason: 'inactivity' | 'unauthorized';
  message: string;
}

/** Where the front end should go. The machine never navigates itself. */
export type NavigationTarget =
  | { kind: 'route'; name: 'Signin' }
  | { kind: 'route'; name: 'TwoStepVerification'; query: { user_id: string; email: string } }
  | { kind: 'path'; path: string }
  | { kind: 'external'; url: string };

/** Events the machine emits: listen with `actor.on('navigate', …)` and `actor.on('language', …)`. */
export type AuthEmitted = { type: 'navigate'; target: NavigationTarget } | { type: 'language'; language: string };

/** Every event a front end sends. */
export type AuthEvent =
  | { type: 'auth.submit'; email: string; password: string; redirect?: string | null }
  | { type: 'auth.register'; form: RequestBody<'/register', 'post'> }
  | { type: 'auth.back' }
  | { type: 'auth.twoFactor.open'; userId?: number | null; email?: string | null }
  | { type: 'auth.twoFactor.verify'; code: string }
  | { type: 'auth.twoFactor.resend' }
  /** The authenticator step: type a recovery code instead of the app's code, and back. */
  | { type: 'auth.twoFactor.useRecoveryCode' }
  | { type: 'auth.twoFactor.useAppCode' }
  | { type: 'auth.verification.resend' }
  | { type: 'auth.email.verify'; token: string }
  | { type: 'auth.registration.confirm'; id: number; token: string }
  | { type: 'auth.terms.accept'; terms: boolean; privacy: boolean }
  | { type: 'auth.password.requestReset'; email: string }
  | { type: 'auth.password.reset'; form: RequestBody<'/password/reset', 'post'> }
  | { type: 'auth.microsoft.signUp'; query?: { login_hint?: string; name?: string; position?: string } }
  | { type: 'auth.microsoft.signIn' }
  | { type: 'auth.microsoft.callback'; params: MicrosoftCallbackParams }
  | { type: 'auth.clients.load' }
  | { type: 'auth.company.switch'; company: number | string }
  | { type: 'auth.language.switch'; language: string }
  | { type: 'auth.logout' }
  | { type: 'auth.unauthorized'; message?: string | null }
  | { type: 'auth.navigation.failed'; target: NavigationTarget };

/** The initial context: nobody signed in, nothing pending. */
export const emptyContext: AuthContext = {
  user: null,
  token: null,
  clients: [],
  error: null,
  notice: null,
  activeValidation: null,
  twoFactor: null,
  verificationUserId: null,
  terms: null,
  redirect: null,
  sessionEnded: null,
};
