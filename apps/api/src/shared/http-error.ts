/** An error a service throws to end a request with a given status and body (the one error handler sends it). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: string | Record<string, unknown>, headers: Record<string, string> = {}) {
    const payload = typeof body === 'string' ? { message: body } : body;
    super(typeof payload.message === 'string' ? payload.message : `HTTP ${statusCode}`);
    this.statusCode = statusCode;
    this.body = payload;
    this.headers = headers;
  }
}

/** 422 in the contract's validation shape. */
export function validationError(errors: Record<string, string[]>): HttpError {
  return new HttpError(422, { message: 'The given data was invalid.', errors });
}

export const messages = {
  unauthenticated: 'Unauthenticated.',
  sessionIdle: 'Session expired due to inactivity.',
  sessionExpired: 'Session expired. Please sign in again.',
  invalidCredentials: 'Invalid email or password.',
  userNotFound: 'User not found.',
  invalidCode: 'Invalid or expired 2FA code.',
  invalidResetToken: 'Invalid or expired reset token.',
  invalidCompany: 'Invalid company selected.',
  companyNotFound: 'Company not found.',
  invalidLanguage: 'Invalid language selected.',
  domainNotRecognized: 'Domain not recognized',
  invalidKey: 'Invalid or expired key.',
  invalidTempToken: 'Invalid temporary token.',
  microsoftNotConfigured: 'Microsoft sign-in is not configured on this server.',
  csrf: 'CSRF token mismatch.',
  tooMany: 'Too many attempts. Please try again later.',
} as const;
