import { type CatalogueAction, type CatalogueOutcome, describeFailure, isApiFailure } from './error-catalogue.js';
import type { AuthLogger } from './ports.js';

/**
 * The error every failing action rejects with: the message to show (spec §8) and the HTTP status
 * when the server answered (0 for a network failure, undefined for a local check).
 *
 * @example
 * if (error instanceof AuthError && error.status === 422) form.showError(error.message);
 */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly status: number | undefined;

  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/**
 * Runs one auth action: a local {@link AuthError} passes through, a server failure becomes the
 * catalogue's message, a catalogued 403 is handed to `onResult` (returned, not thrown). Every
 * failure is logged before it is rethrown.
 */
export async function runAction<T>(
  action: CatalogueAction,
  logger: AuthLogger,
  call: () => Promise<T>,
  onResult?: (body: Record<string, unknown>) => T | Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const outcome = error instanceof AuthError ? undefined : describeFailure(action, error);
    if (outcome?.kind === 'result' && onResult) {
      try {
        return await onResult(outcome.body);
      } catch (inner) {
        throw logged(logger, toAuthError(inner, undefined));
      }
    }
    throw logged(logger, toAuthError(error, outcome));
  }
}

function toAuthError(error: unknown, outcome: CatalogueOutcome | undefined): AuthError {
  if (error instanceof AuthError) return error;
  const status = isApiFailure(error) ? error.status : undefined;
  const message =
    outcome?.kind === 'message' ? outcome.message : error instanceof Error ? error.message : String(error);
  return new AuthError(message, status, { cause: error });
}

function logged(logger: AuthLogger, error: AuthError): AuthError {
  logger.error(error.message, error.cause ?? error);
  return error;
}
