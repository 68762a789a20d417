import type { EventObject } from 'xstate';
import type { AuthContext, AuthEvent } from './auth.types.js';
import { AuthError } from './auth-error.js';
import type { StoredSession } from './session.store.js';
import type { MicrosoftStartOutcome } from './sign-in.actors.js';

/** Every kind of {@link MicrosoftStartOutcome} (sign-in outcomes plus the way out to Microsoft). */
export type OutcomeKind = MicrosoftStartOutcome['kind'];

const OUTCOME_KINDS: ReadonlySet<string> = new Set<OutcomeKind>([
  'activeValidation',
  'twoFactor',
  'emailVerification',
  'terms',
  'session',
  'notice',
  'external',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The output of a done event (named guards and actions see the machine's own event union). */
export function outputOf(event: EventObject): unknown {
  return 'output' in event ? event.output : undefined;
}

/** The error of an error event. */
export function errorOf(event: EventObject): unknown {
  return 'error' in event ? event.error : undefined;
}

/** Reads a sign-in actor's output back (outputs come from this package's own actors). */
export function outcomeOf(event: EventObject): MicrosoftStartOutcome | undefined {
  const output = outputOf(event);
  return isOutcome(output) ? output : undefined;
}

function isOutcome(value: unknown): value is MicrosoftStartOutcome {
  return isRecord(value) && typeof value.kind === 'string' && OUTCOME_KINDS.has(value.kind);
}

/** Reads the start-up check's output back. */
export function storedSessionOf(event: EventObject): StoredSession | undefined {
  const output = outputOf(event);
  return isStoredSession(output) ? output : undefined;
}

function isStoredSession(value: unknown): value is StoredSession {
  return isRecord(value) && 'token' in value && 'user' in value && Array.isArray(value.clients);
}

/** The message an error event carries, for `context.error`. */
export function errorMessageOf(event: EventObject): string {
  const error = errorOf(event);
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return error instanceof Error ? error.message : String(error);
}

function statusOf(event: EventObject): number | undefined {
  const error: unknown = errorOf(event);
  if (error instanceof AuthError) return error.status;
  return isRecord(error) && typeof error.status === 'number' ? error.status : undefined;
}

/** The server's own message behind a 401 (to spot 'Session expired due to inactivity.'). */
export function serverMessageOf(event: EventObject): string | null {
  if ('message' in event && typeof event.message === 'string') return event.message;
  let error: unknown = errorOf(event);
  if (error instanceof AuthError && error.cause !== undefined) error = error.cause;
  const body = isRecord(error) ? error.body : undefined;
  return isRecord(body) && typeof body.message === 'string' ? body.message : null;
}

/** The machine's guards: pure functions of context and event. */
export const authGuards = {
  isOutcome: ({ event }: { event: EventObject }, params: { kind: OutcomeKind }) =>
    outcomeOf(event)?.kind === params.kind,
  hasStoredSession: ({ event }: { event: EventObject }) => {
    const stored = storedSessionOf(event);
    return stored !== undefined && stored.token !== null && stored.user !== null;
  },
  hasStoredToken: ({ event }: { event: EventObject }) => {
    const stored = storedSessionOf(event);
    return stored !== undefined && stored.token !== null;
  },
  isUnauthorized: ({ event }: { event: EventObject }) => statusOf(event) === 401,
  canOpenTwoFactor: ({ context, event }: { context: AuthContext; event: AuthEvent }) =>
    event.type === 'auth.twoFactor.open' && (event.userId ?? context.twoFactor?.userId ?? null) !== null,
  /** The pending two-factor step asks for the authenticator app's code. */
  usesAuthenticator: ({ context }: { context: AuthContext }) => context.twoFactor?.method === 'authenticator',
  /** A sign-in answer that leads to the authenticator app's step. */
  isAuthenticatorStep: ({ event }: { event: EventObject }) => {
    const outcome = outcomeOf(event);
    return outcome?.kind === 'twoFactor' && outcome.method === 'authenticator';
  },
  hasTwoFactorUser: ({ context }: { context: AuthContext }) => (context.twoFactor?.userId ?? null) !== null,
  hasVerificationUser: ({ context }: { context: AuthContext }) => context.verificationUserId !== null,
  hasTermsUser: ({ context }: { context: AuthContext }) => (context.terms?.userId ?? null) !== null,
  acceptsBoth: ({ event }: { event: AuthEvent }) =>
    event.type === 'auth.terms.accept' && event.terms === true && event.privacy === true,
  failedAwayFromHome: ({ event }: { event: AuthEvent }) =>
    event.type === 'auth.navigation.failed' && !(event.target.kind === 'path' && event.target.path === '/'),
};
