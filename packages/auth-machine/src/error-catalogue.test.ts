import { describe, expect, it } from 'vitest';
import * as account from './account.actors.js';
import { MODEL_EMAIL, MODEL_USER } from './auth.model.js';
import { AuthError } from './auth-error.js';
import {
  type CatalogueAction,
  cataloguedStatuses,
  describeFailure,
  isApiFailure,
  validationText,
} from './error-catalogue.js';
import type { AuthApi, AuthPorts } from './ports.js';
import * as signIn from './sign-in.actors.js';
import { createFakeWorld } from './testing/fake-world.js';

const VALIDATION = { message: 'The given data was invalid.', errors: { email: ['Bad e-mail.'], name: ['Too long.'] } };
const SERVER = { message: 'Server says no.', details: 'Detailed reason.' };

type Case = [status: number, body: unknown, expected: string | 'result'];

/** Spec §8, written out by hand: one case per status the catalogue names, plus the fallbacks. */
const cases: Record<CatalogueAction, Case[]> = {
  login: [
    [404, SERVER, 'Detailed reason.'],
    [404, {}, 'User not found.'],
    [401, SERVER, 'Detailed reason.'],
    [401, {}, 'Invalid email or password.'],
    [422, VALIDATION, 'Bad e-mail. Too long.'],
    [403, { message: 'Wait.', active_validation_required: true }, 'result'],
    [500, SERVER, 'Detailed reason.'],
    [500, {}, 'Failed to log in. Please try again.'],
  ],
  register: [
    [422, VALIDATION, 'Bad e-mail. Too long.'],
    [500, SERVER, 'Server says no.'],
    [500, {}, 'Server error during registration.'],
    [400, SERVER, 'Failed to register. Please try again.'],
  ],
  verifyTwoFactor: [
    [404, SERVER, 'User not found.'],
    [401, SERVER, 'Invalid or expired 2FA code.'],
    [403, { message: 'Terms.', terms_accepted_required: true }, 'result'],
    [500, SERVER, 'Server says no.'],
    [500, {}, 'Failed to verify 2FA code. Please try again.'],
  ],
  resendTwoFactor: [
    [404, SERVER, 'User not found.'],
    [429, SERVER, 'Failed to resend 2FA code. Please try again.'],
  ],
  resendVerificationEmail: [
    [500, SERVER, 'Server says no.'],
    [500, {}, 'Failed to resend verification email. Please try again.'],
  ],
  verifyEmail: [
    [400, SERVER, 'Server says no.'],
    [404, {}, 'Failed to verify email. Please try again.'],
  ],
  confirmRegistration: [
    [400, SERVER, 'Server says no.'],
    [404, {}, 'Failed to confirm user registration. Please try again.'],
  ],
  acceptTerms: [
    [422, VALIDATION, 'Bad e-mail. Too long.'],
    [404, SERVER, 'User not found.'],
    [500, SERVER, 'Failed to accept terms. Please try again.'],
  ],
  requestPasswordReset: [
    [404, SERVER, 'User not found.'],
    [500, SERVER, 'Failed to send reset link. Please try again.'],
  ],
  resetPassword: [
    [400, SERVER, 'Invalid or expired reset token.'],
    [500, SERVER, 'Failed to reset password. Please try again.'],
  ],
  listClients: [
    [401, SERVER, 'Unauthorized. Please log in again.'],
    [404, SERVER, 'Server says no.'],
    [404, {}, 'No clients found.'],
    [400, SERVER, 'Server says no.'],
    [400, {}, 'Invalid client data.'],
    [500, SERVER, 'Server says no.'],
    [500, {}, 'Failed to fetch clients.'],
  ],
  switchClient: [
    [401, SERVER, 'Unauthorized. Please log in again.'],
    [400, SERVER, 'Invalid company selected.'],
    [404, SERVER, 'Company not found.'],
    [422, VALIDATION, 'Bad e-mail. Too long.'],
    [500, SERVER, 'Failed to update client.'],
  ],
  switchLanguage: [
    [400, SERVER, 'Invalid language selected.'],
    [401, SERVER, 'Unauthorized. Please log in again.'],
    [500, SERVER, 'Failed to switch language.'],
  ],
  startMicrosoftSignUp: [
    [422, VALIDATION, 'Bad e-mail. Too long.'],
    [500, SERVER, 'Server says no.'],
    [500, {}, 'Server error during Microsoft sign-up.'],
    [503, SERVER, 'Failed to start Microsoft sign-up.'],
  ],
  startMicrosoftSignIn: [
    [422, VALIDATION, 'Bad e-mail. Too long.'],
    [500, SERVER, 'Server says no.'],
    [500, {}, 'Server error during Microsoft sign-in.'],
    [403, { message: 'Terms.', terms_accepted_required: true }, 'result'],
    [503, SERVER, 'Failed to start Microsoft sign-in.'],
  ],
  microsoftCallback: [
    [404, SERVER, 'Endpoint not found. Verifique a configuração da rota no backend.'],
    [400, SERVER, 'Invalid or expired key.'],
    [401, SERVER, 'Invalid temporary token.'],
    [403, { message: 'Two factor.', two_factor_required: true, user_id: 7 }, 'result'],
    [500, SERVER, 'Failed to process Microsoft login.'],
  ],
};

describe('the error catalogue of spec §8', () => {
  describe.each(Object.entries(cases))('%s', (action, rows) => {
    it.each(rows)('status %i with %j → %s', (status, body, expected) => {
      const outcome = describeFailure(action as CatalogueAction, { status, body });
      if (expected === 'result') expect(outcome).toEqual({ kind: 'result', body });
      else expect(outcome).toEqual({ kind: 'message', message: expected });
    });

    it('has a case for every status its row names', () => {
      const tested = new Set(rows.map(([status]) => status));
      for (const status of cataloguedStatuses(action as CatalogueAction)) expect(tested).toContain(status);
    });
  });

  it('treats a network failure (status 0) and a non-API error as the fallback', () => {
    expect(describeFailure('login', { status: 0 })).toEqual({
      kind: 'message',
      message: 'Failed to log in. Please try again.',
    });
    expect(describeFailure('register', new Error('boom'))).toEqual({
      kind: 'message',
      message: 'Failed to register. Please try again.',
    });
    expect(describeFailure('login', { status: 403, body: 'text' })).toEqual({ kind: 'result', body: {} });
  });

  it('joins 422 messages with spaces, else says Validation failed.', () => {
    expect(validationText({ errors: { a: ['One.', 'Two.'], b: 'Three.' } })).toBe('One. Two. Three.');
    expect(validationText({ errors: {} })).toBe('Validation failed.');
    expect(validationText(undefined)).toBe('Validation failed.');
    expect(describeFailure('register', { status: 422, body: {} })).toEqual({
      kind: 'message',
      message: 'Validation failed.',
    });
  });

  it('recognises ApiError-shaped failures', () => {
    expect(isApiFailure({ status: 401 })).toBe(true);
    expect(isApiFailure(new Error('x'))).toBe(false);
    expect(isApiFailure(null)).toBe(false);
  });
});

const user = { ...MODEL_USER };
const run: Record<CatalogueAction, [operation: keyof AuthApi, call: (ports: AuthPorts) => Promise<unknown>]> = {
  login: ['login', (p) => signIn.signIn(p, { email: MODEL_EMAIL, password: 'x' })],
  register: [
    'register',
    (p) => account.register(p, { name: 'A', email: MODEL_EMAIL, password: 'x', password_confirmation: 'x' }),
  ],
  verifyTwoFactor: ['verifyTwoFactor', (p) => signIn.verifyTwoFactor(p, { userId: 7, code: '123456' })],
  resendTwoFactor: ['resendTwoFactor', (p) => account.resendTwoFactor(p, { userId: 7 })],
  resendVerificationEmail: ['resendVerificationEmail', (p) => account.resendVerificationEmail(p, { userId: 7 })],
  verifyEmail: ['verifyEmail', (p) => account.verifyEmail(p, { token: 't' })],
  confirmRegistration: ['confirmRegistration', (p) => account.confirmRegistration(p, { id: 7, token: 't' })],
  acceptTerms: ['acceptTerms', (p) => signIn.acceptTerms(p, { userId: 7, terms: true, privacy: true })],
  requestPasswordReset: ['requestPasswordReset', (p) => account.requestPasswordReset(p, { email: MODEL_EMAIL })],
  resetPassword: [
    'resetPassword',
    (p) => account.resetPassword(p, { email: MODEL_EMAIL, password: 'x', password_confirmation: 'x', token: 't' }),
  ],
  listClients: ['listClients', (p) => account.listClients(p)],
  switchClient: ['switchClient', (p) => account.switchClient(p, { company: 9, user })],
  switchLanguage: ['switchLanguage', (p) => account.switchLanguage(p, { language: 'pt', user })],
  startMicrosoftSignUp: ['startMicrosoftSignUp', (p) => signIn.startMicrosoftSignUp(p, {})],
  startMicrosoftSignIn: ['startMicrosoftSignIn', (p) => signIn.startMicrosoftSignIn(p)],
  microsoftCallback: [
    'retrieveMicrosoftToken',
    (p) => signIn.handleMicrosoftCallback(p, { redirect_key: 'rk', temp_token: 'tt' }),
  ],
};

describe('every auth action fails with the catalogue message and logs it', () => {
  describe.each(Object.entries(cases))('%s', (action, rows) => {
    it.each(rows)('server answers %i with %j → %s', async (status, body, expected) => {
      const world = createFakeWorld();
      const [operation, call] = run[action as CatalogueAction];
      const settled = call(world.ports).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      await world.answer({ operation, status, body });
      const result = await settled;
      if (expected === 'result') {
        expect(result).toHaveProperty('value.kind');
        return;
      }
      expect(result).toHaveProperty('error');
      const error = 'error' in result ? result.error : undefined;
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ message: expected, status });
      expect(world.logs).toContainEqual({ level: 'error', message: expected });
    });
  });
});
