/**
 * What a service, repository or route handler throws to refuse a request: a domain code naming what
 * happened, the answer's body (the contract's error shape) and the facts the client needs (how long to
 * wait, whether the server stopped reading an upload). Nothing here knows HTTP: the one error handler
 * (plugins/error-handler.plugin.ts) maps each code to its status and the facts to headers.
 */
export type ServiceErrorCode =
  /** The request cannot be acted on as sent (a missing company, a spent link, a malformed body). */
  | 'invalid'
  /** No session, or the session or credentials were refused. */
  | 'unauthenticated'
  /** Signed in, but this role, user or origin may not do it. */
  | 'forbidden'
  /** The record does not exist in the caller's company. */
  | 'not_found'
  /** The upload arrived too slowly and was abandoned. */
  | 'timeout'
  /** The request clashes with the current state (a duplicate, a run already going). */
  | 'conflict'
  /** The body or the stored total would exceed a limit. */
  | 'too_large'
  /** The body is in a media type the operation does not take. */
  | 'unsupported_type'
  /** None of the media types the client accepts is one the server answers in (TAXII's Accept). */
  | 'not_acceptable'
  /** The anti-forgery token did not match the session's. */
  | 'csrf_mismatch'
  /** Fields failed a rule: the contract's field map (`errors`), built by validationError(). */
  | 'invalid_data'
  /** Too many attempts in a window; `retryAfterSeconds` says how long to wait when known. */
  | 'rate_limited'
  /** The contract names the operation, but this server has no handler for it. */
  | 'not_implemented'
  /** A dependency (the database, an identity provider) cannot serve the request now. */
  | 'unavailable';

/** Facts about a refusal that the edge turns into headers. */
export interface ServiceErrorFacts {
  /** Seconds the client should wait before trying again (a `Retry-After`). */
  retryAfterSeconds?: number;
  /** The server stopped reading the request's body (an upload cut short): the connection cannot be reused. */
  closeConnection?: boolean;
}

export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  /** The answer's body: `{ message }` and any extra fields of the contract's error shape. */
  readonly body: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;
  readonly closeConnection: boolean;

  constructor(code: ServiceErrorCode, body: string | Record<string, unknown>, facts: ServiceErrorFacts = {}) {
    const payload = typeof body === 'string' ? { message: body } : body;
    super(typeof payload.message === 'string' ? payload.message : code);
    this.name = 'ServiceError';
    this.code = code;
    this.body = payload;
    this.retryAfterSeconds = facts.retryAfterSeconds;
    this.closeConnection = facts.closeConnection ?? false;
  }
}

/** The contract's validation shape: fields and what is wrong with each. */
export function validationError(errors: Record<string, string[]>): ServiceError {
  return new ServiceError('invalid_data', { message: 'The given data was invalid.', errors });
}

/** The spec's exact messages, shared by the services that refuse with them. */
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
  sessionOnly: 'API tokens cannot call this operation: sign in to Vigil to do it.',
} as const;
