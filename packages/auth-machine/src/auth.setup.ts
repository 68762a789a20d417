import { assertEvent, assign, emit, setup } from 'xstate';
import { createPortActions } from './auth.actions.js';
import { createAuthActors } from './auth.actors.js';
import { authGuards, errorMessageOf, outcomeOf, outputOf, serverMessageOf, storedSessionOf } from './auth.guards.js';
import { type AuthContext, type AuthEmitted, type AuthEvent, emptyContext } from './auth.types.js';
import { INACTIVITY_CHECK_INTERVAL_MS, SESSION_ENDED_MESSAGE, SESSION_EXPIRED_MESSAGE } from './constants.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The machine's types and named implementations: actors (unbound: they reject until ports are
 * provided), guards, the 30-minute delay, and actions (context updates and emitted intents).
 */
export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: createAuthActors(null),
  guards: authGuards,
  delays: { INACTIVITY_CHECK: INACTIVITY_CHECK_INTERVAL_MS },
  actions: {
    ...createPortActions(null),
    clearMessages: assign({ error: null, notice: null, sessionEnded: null }),
    noteSessionEnded: assign(({ event }) => ({
      sessionEnded:
        serverMessageOf(event) === SESSION_EXPIRED_MESSAGE
          ? { reason: 'inactivity' as const, message: SESSION_EXPIRED_MESSAGE }
          : { reason: 'unauthorized' as const, message: SESSION_ENDED_MESSAGE },
    })),
    assignError: assign({ error: ({ event }) => errorMessageOf(event) }),
    assignNotice: assign(({ event }) => {
      const output = outputOf(event);
      return { notice: isRecord(output) && typeof output.message === 'string' ? output.message : null };
    }),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    applyRestored: assign(({ event }) => {
      const stored = storedSessionOf(event);
      if (stored === undefined) return {};
      const { token, user, clients, twoFactor, verificationUserId, terms } = stored;
      return { token, user, clients, twoFactor, verificationUserId, terms };
    }),
    applyOutcome: assign(({ event }) => {
      const outcome = outcomeOf(event);
      switch (outcome?.kind) {
        case 'activeValidation':
          return { activeValidation: { message: outcome.message, details: outcome.details } };
        case 'twoFactor':
          return {
            twoFactor: { userId: outcome.userId, email: outcome.email, method: outcome.method },
            activeValidation: null,
          };
        case 'emailVerification':
          return { verificationUserId: outcome.userId, notice: outcome.message, activeValidation: null };
        case 'terms':
          return { terms: { userId: outcome.userId, email: outcome.email }, notice: outcome.message };
        case 'session':
          return { token: outcome.token, user: outcome.user, twoFactor: null, terms: null, activeValidation: null };
        case 'notice':
          return { terms: null, notice: outcome.message };
        default:
          return {};
      }
    }),
    openTwoFactor: assign(({ context, event }) => {
      assertEvent(event, 'auth.twoFactor.open');
      const userId = event.userId ?? context.twoFactor?.userId ?? null;
      const email = event.email ?? context.twoFactor?.email ?? null;
      return { twoFactor: { userId, email, method: context.twoFactor?.method ?? 'email' } };
    }),
    resetSession: assign(({ context }) => ({ ...emptyContext, verificationUserId: context.verificationUserId })),
    navigateToSignin: emit({ type: 'navigate', target: { kind: 'route', name: 'Signin' } } as const),
    navigateToTwoFactor: emit(({ context }) => ({
      type: 'navigate' as const,
      target: {
        kind: 'route' as const,
        name: 'TwoStepVerification' as const,
        query: { user_id: String(context.twoFactor?.userId ?? ''), email: context.twoFactor?.email ?? '' },
      },
    })),
    navigateAfterSignIn: emit(({ context }) => ({
      type: 'navigate' as const,
      target: { kind: 'path' as const, path: context.redirect || '/' },
    })),
    navigateHome: emit({ type: 'navigate', target: { kind: 'path', path: '/' } } as const),
    navigateExternal: emit(({ event }) => {
      const outcome = outcomeOf(event);
      return {
        type: 'navigate' as const,
        target: { kind: 'external' as const, url: outcome?.kind === 'external' ? outcome.url : '' },
      };
    }),
    announceLanguage: emit(({ context }) => ({ type: 'language' as const, language: context.user?.language ?? 'en' })),
  },
});
