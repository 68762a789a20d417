import { AuthError } from './auth-error.js';
import type { AuthPorts } from './ports.js';
import {
  clearTermsStep,
  clearTwoFactorStep,
  saveSession,
  saveTermsStep,
  saveTwoFactorStep,
  saveVerificationStep,
  type TwoFactorMethod,
} from './session.store.js';
import { type AuthUser, transformUser } from './user.transform.js';

/** Extra context the server sent with a step (a text, or an object for active validation). */
export type StepDetails = string | Record<string, unknown> | null;

/**
 * Where a sign-in answer leads (spec §4, in the spec's order). Login, two-factor verification,
 * terms acceptance, Microsoft sign-in and the Microsoft callback all end in one of these.
 */
export type SignInOutcome =
  | { kind: 'activeValidation'; message: string | null; details: StepDetails }
  | { kind: 'twoFactor'; userId: number; email: string | null; method: TwoFactorMethod }
  | { kind: 'emailVerification'; userId: number | null; email: string | null; message: string | null }
  | { kind: 'terms'; userId: number | null; email: string | null; message: string | null }
  | { kind: 'session'; token: string; user: AuthUser }
  | { kind: 'notice'; message: string };

export const TOKEN_NOT_FOUND = 'Token not found in API response';
export const USER_ID_MISSING_IN_LOGIN = 'User ID missing in login response.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const id = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function details(value: unknown): StepDetails {
  if (typeof value === 'string' || isRecord(value)) return value;
  return null;
}

export interface InterpretOptions {
  /** Message when a session answer lacks its token or user. */
  missingToken: string;
  /** Accept an answer that carries only a message (terms acceptance does). */
  allowNotice?: boolean;
}

/**
 * Reads a sign-in answer (a 200 body or a 403 body) in the spec's order, stores what each step
 * needs and says where it leads.
 */
export async function interpretSignIn(
  ports: Pick<AuthPorts, 'storage' | 'cipher'>,
  body: unknown,
  options: InterpretOptions,
): Promise<SignInOutcome> {
  const b = isRecord(body) ? body : {};
  const userId = id(b.user_id);
  const email = text(b.email);
  if (b.active_validation_required === true) {
    return { kind: 'activeValidation', message: text(b.message), details: details(b.details) };
  }
  if (b.two_factor_required === true) {
    if (userId === null) throw new AuthError(USER_ID_MISSING_IN_LOGIN);
    // The login answer names the method (issue 15); an answer without it is the e-mailed code.
    const method: TwoFactorMethod = b.two_factor_method === 'authenticator' ? 'authenticator' : 'email';
    await saveTwoFactorStep(ports, { userId, email, method });
    return { kind: 'twoFactor', userId, email, method };
  }
  if (b.email_verified_required === true) {
    saveVerificationStep(ports.storage, userId);
    return { kind: 'emailVerification', userId, email, message: text(b.message) };
  }
  if (b.terms_accepted_required === true) {
    saveTermsStep(ports.storage, { userId, email });
    return { kind: 'terms', userId, email, message: text(b.message) };
  }
  const token = text(b.access_token);
  if (token === null || token === '' || b.user === undefined || b.user === null) {
    const notice = text(b.message);
    if (options.allowNotice && token === null && notice !== null) return { kind: 'notice', message: notice };
    throw new AuthError(options.missingToken);
  }
  const user = transformUserOrFail(b.user);
  await saveSession(ports, token, user);
  clearTwoFactorStep(ports.storage);
  clearTermsStep(ports.storage);
  return { kind: 'session', token, user };
}

function transformUserOrFail(raw: unknown): AuthUser {
  try {
    return transformUser(raw);
  } catch (error) {
    throw new AuthError(error instanceof Error ? error.message : String(error));
  }
}
