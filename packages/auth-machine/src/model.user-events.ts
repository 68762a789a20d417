import type { AuthEvent } from './auth.types.js';
import { SESSION_EXPIRED_MESSAGE } from './constants.js';
import { MODEL_EMAIL, MODEL_USER_ID } from './model.fixtures.js';

/**
 * The user events, with one payload per guarded branch.
 *
 * @example
 * userEventVariants.filter((e) => e.type === 'auth.terms.accept'); // both accepted, and privacy refused
 */
export const userEventVariants: AuthEvent[] = [
  { type: 'auth.submit', email: MODEL_EMAIL, password: 'secret', redirect: '/report' },
  {
    type: 'auth.register',
    form: { name: 'Ana Lima', email: MODEL_EMAIL, password: 'secret', password_confirmation: 'secret' },
  },
  { type: 'auth.back' },
  { type: 'auth.twoFactor.open', userId: MODEL_USER_ID, email: MODEL_EMAIL },
  { type: 'auth.twoFactor.open' },
  { type: 'auth.twoFactor.verify', code: '123456' },
  { type: 'auth.twoFactor.resend' },
  { type: 'auth.twoFactor.useRecoveryCode' },
  { type: 'auth.twoFactor.useAppCode' },
  { type: 'auth.verification.resend' },
  { type: 'auth.email.verify', token: 'tok-email' },
  { type: 'auth.registration.confirm', id: MODEL_USER_ID, token: 'tok-confirm' },
  { type: 'auth.terms.accept', terms: true, privacy: true },
  { type: 'auth.terms.accept', terms: true, privacy: false },
  { type: 'auth.password.requestReset', email: MODEL_EMAIL },
  {
    type: 'auth.password.reset',
    form: { email: MODEL_EMAIL, password: 'new-secret', password_confirmation: 'new-secret', token: 'tok-reset' },
  },
  { type: 'auth.microsoft.signUp', query: { login_hint: MODEL_EMAIL } },
  { type: 'auth.microsoft.signIn' },
  { type: 'auth.microsoft.callback', params: { redirect_key: 'rk-1', temp_token: 'tt-1' } },
  { type: 'auth.clients.load' },
  { type: 'auth.company.switch', company: 9 },
  { type: 'auth.language.switch', language: 'pt' },
  { type: 'auth.logout' },
  { type: 'auth.unauthorized', message: SESSION_EXPIRED_MESSAGE },
  { type: 'auth.navigation.failed', target: { kind: 'path', path: '/report' } },
  { type: 'auth.navigation.failed', target: { kind: 'path', path: '/' } },
  {
    type: 'auth.navigation.failed',
    target: { kind: 'route', name: 'TwoStepVerification', query: { user_id: '7', email: MODEL_EMAIL } },
  },
];

/** The 30-minute timer of the inactivity check, as the event the machine receives. */
export const INACTIVITY_TIMER_EVENT = { type: 'xstate.after.INACTIVITY_CHECK.auth.authenticated.inactivity.waiting' };
