import type { ApiFailure } from './ports.js';

/** The auth actions of spec §8, each with its own row of the catalogue. */
export type CatalogueAction =
  | 'login'
  | 'register'
  | 'verifyTwoFactor'
  | 'resendTwoFactor'
  | 'resendVerificationEmail'
  | 'verifyEmail'
  | 'confirmRegistration'
  | 'acceptTerms'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'listClients'
  | 'switchClient'
  | 'switchLanguage'
  | 'startMicrosoftSignUp'
  | 'startMicrosoftSignIn'
  | 'microsoftCallback';

/** What the catalogue makes of a failure: a message to show, or a 403 returned as a result. */
export type CatalogueOutcome = { kind: 'message'; message: string } | { kind: 'result'; body: Record<string, unknown> };

interface BodyView {
  message: string | undefined;
  details: string | undefined;
  validation: string;
}

type Rule = ((body: BodyView) => string) | 'result';
type Row = { [status: number]: Rule; else: (body: BodyView) => string };

const UNAUTHORIZED = 'Unauthorized. Please log in again.';
const validation = (b: BodyView) => b.validation;

/** Spec §8, one row per action: status → message (or 'result' for a 403 returned, not thrown). */
const CATALOGUE: Record<CatalogueAction, Row> = {
  login: {
    404: (b) => b.details ?? 'User not found.',
    401: (b) => b.details ?? 'Invalid email or password.',
    422: validation,
    403: 'result',
    else: (b) => b.details ?? 'Failed to log in. Please try again.',
  },
  register: {
    422: validation,
    500: (b) => b.message ?? 'Server error during registration.',
    else: () => 'Failed to register. Please try again.',
  },
  verifyTwoFactor: {
    404: () => 'User not found.',
    401: () => 'Invalid or expired 2FA code.',
    // Our server names a further step with 403 (terms, e-mail): handled like a login 403.
    403: 'result',
    else: (b) => b.message ?? 'Failed to verify 2FA code. Please try again.',
  },
  resendTwoFactor: {
    404: () => 'User not found.',
    else: () => 'Failed to resend 2FA code. Please try again.',
  },
  resendVerificationEmail: { else: (b) => b.message ?? 'Failed to resend verification email. Please try again.' },
  verifyEmail: { else: (b) => b.message ?? 'Failed to verify email. Please try again.' },
  confirmRegistration: { else: (b) => b.message ?? 'Failed to confirm user registration. Please try again.' },
  acceptTerms: {
    422: validation,
    404: () => 'User not found.',
    else: () => 'Failed to accept terms. Please try again.',
  },
  requestPasswordReset: {
    404: () => 'User not found.',
    else: () => 'Failed to send reset link. Please try again.',
  },
  resetPassword: {
    400: () => 'Invalid or expired reset token.',
    else: () => 'Failed to reset password. Please try again.',
  },
  listClients: {
    401: () => UNAUTHORIZED,
    404: (b) => b.message ?? 'No clients found.',
    400: (b) => b.message ?? 'Invalid client data.',
    else: (b) => b.message ?? 'Failed to fetch clients.',
  },
  switchClient: {
    401: () => UNAUTHORIZED,
    400: () => 'Invalid company selected.',
    404: () => 'Company not found.',
    422: validation,
    else: () => 'Failed to update client.',
  },
  switchLanguage: {
    400: () => 'Invalid language selected.',
    401: () => UNAUTHORIZED,
    else: () => 'Failed to switch language.',
  },
  startMicrosoftSignUp: {
    422: validation,
    500: (b) => b.message ?? 'Server error during Microsoft sign-up.',
    else: () => 'Failed to start Microsoft sign-up.',
  },
  startMicrosoftSignIn: {
    422: validation,
    500: (b) => b.message ?? 'Server error during Microsoft sign-in.',
    403: 'result',
    else: () => 'Failed to start Microsoft sign-in.',
  },
  microsoftCallback: {
    404: () => 'Endpoint not found. Verifique a configuração da rota no backend.',
    400: () => 'Invalid or expired key.',
    401: () => 'Invalid temporary token.',
    403: 'result',
    else: () => 'Failed to process Microsoft login.',
  },
};

/** The statuses the catalogue names for an action (the tests walk them). */
export function cataloguedStatuses(action: CatalogueAction): number[] {
  return Object.keys(CATALOGUE[action])
    .filter((key) => key !== 'else')
    .map(Number);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for an {@link ApiFailure}-shaped error (the api-client's `ApiError` is one). */
export function isApiFailure(error: unknown): error is ApiFailure {
  return isRecord(error) && typeof error.status === 'number';
}

/**
 * 422 text (spec §5): every field message joined with spaces, else 'Validation failed.'.
 *
 * @example
 * validationText({ errors: { email: ['Taken.'], name: ['Too long.'] } }); // 'Taken. Too long.'
 */
export function validationText(body: unknown): string {
  const errors = isRecord(body) && isRecord(body.errors) ? body.errors : {};
  const messages = Object.values(errors).flatMap((list) => (Array.isArray(list) ? list : [list]));
  const text = messages.filter((m): m is string => typeof m === 'string' && m !== '').join(' ');
  return text === '' ? 'Validation failed.' : text;
}

function view(body: unknown): BodyView {
  const record = isRecord(body) ? body : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { message: text(record.message), details: text(record.details), validation: validationText(body) };
}

/**
 * Looks a failure up in the catalogue of spec §8.
 *
 * @example
 * describeFailure('login', { status: 401, body: { message: 'Unauthenticated.' } });
 * // { kind: 'message', message: 'Invalid email or password.' }
 */
export function describeFailure(action: CatalogueAction, error: unknown): CatalogueOutcome {
  const status = isApiFailure(error) ? error.status : undefined;
  const body = isApiFailure(error) ? error.body : undefined;
  const row = CATALOGUE[action];
  const rule = status === undefined ? undefined : row[status];
  if (rule === 'result') return { kind: 'result', body: isRecord(body) ? body : {} };
  return { kind: 'message', message: (rule ?? row.else)(view(body)) };
}
