import { assertEvent, assign, type EventObject, emit, not, setup } from 'xstate';
import { createPortActions } from './auth.actions.js';
import { createAuthActors } from './auth.actors.js';
import {
  authGuards,
  errorMessageOf,
  type OutcomeKind,
  outcomeOf,
  outputOf,
  serverMessageOf,
  storedSessionOf,
} from './auth.guards.js';
import { type AuthContext, type AuthEmitted, type AuthEvent, emptyContext } from './auth.types.js';
import { INACTIVITY_CHECK_INTERVAL_MS } from './constants.js';
import type { AuthPorts } from './ports.js';
import type { AuthUser } from './user.transform.js';

export const TWO_FACTOR_REDIRECT_FAILED = 'Unable to redirect to 2FA verification. Please try again.';
export const TWO_FACTOR_STEP_MISSING = 'User ID missing for 2FA verification.';
export const TWO_FACTOR_USER_MISSING = 'User ID not found for 2FA verification';
export const TWO_FACTOR_RESEND_USER_MISSING = 'User ID not found for resending 2FA code';
/** The spec gives no text for this one (§5); this package's wording. */
export const VERIFICATION_USER_MISSING = 'User ID not found for resending verification email';
export const TERMS_USER_MISSING = 'User ID not found for terms acceptance';
export const TERMS_NOT_ACCEPTED = 'Must accept both terms and privacy policy';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const busy = { tags: ['busy'], entry: 'clearMessages' } as const;

/** Where each sign-in outcome leads (spec §4), for the states whose actor can answer it. */
function routeOutcomes(kinds: readonly OutcomeKind[]) {
  const targets = {
    activeValidation: { target: '#auth.signedOut.view.activeValidation', actions: ['applyOutcome'] },
    twoFactor: { target: '#auth.signedOut.view.twoFactor', actions: ['applyOutcome', 'navigateToTwoFactor'] },
    emailVerification: { target: '#auth.signedOut.view.emailVerification', actions: ['applyOutcome'] },
    terms: { target: '#auth.signedOut.view.terms', actions: ['applyOutcome'] },
    session: { target: '#auth.authenticated', actions: ['applyOutcome', 'navigateAfterSignIn'] },
    notice: { target: '#auth.signedOut.view.signIn', actions: ['applyOutcome'] },
    external: { target: '#auth.signedOut.leaving', actions: ['navigateExternal'] },
  } as const;
  return kinds.map((kind) => ({ guard: { type: 'isOutcome', params: { kind } } as const, ...targets[kind] }));
}

const SIGN_IN_KINDS = ['activeValidation', 'twoFactor', 'emailVerification', 'terms', 'session'] as const;

/** A signed-out action's success: its message is shown on the view. */
const noticeTo = (view: string) => ({ target: `#auth.signedOut.view.${view}`, actions: 'assignNotice' }) as const;

/** A signed-out action's failure: the message is shown on the view the action started from. */
const failTo = (view: string) => ({ target: `#auth.signedOut.view.${view}`, actions: 'assignError' }) as const;

/** A 401 (spec §4): logged out in both stores and sent to Signin. */
const endSession = [
  { type: 'expireSession', params: ({ event }: { event: EventObject }) => ({ message: serverMessageOf(event) }) },
  'resetSession',
  'navigateToSignin',
] as const;

/** A signed-in action's failure: a 401 ends the session, anything else is shown. */
const signedInFailure = [
  { guard: 'isUnauthorized', target: '#auth.signedOut', actions: endSession },
  { target: 'idle', actions: 'assignError' },
] as const;

function userOf(context: AuthContext): AuthUser {
  if (context.user === null) throw new Error('auth-machine: signed in without a user.');
  return context.user;
}

/**
 * Vigil's sign-in and session statechart (spec §4), without ports. Run it with
 * {@link createAuthMachine}, or `.provide()` your own actors and port actions.
 */
export const authMachine = setup({
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
    clearMessages: assign({ error: null, notice: null }),
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
          return { activeValidation: { message: outcome.message, details: outcome.details }, error: outcome.message };
        case 'twoFactor':
          return { twoFactor: { userId: outcome.userId, email: outcome.email }, activeValidation: null };
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
      return { twoFactor: { userId, email: event.email ?? context.twoFactor?.email ?? null } };
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
}).createMachine({
  id: 'auth',
  context: emptyContext,
  initial: 'booting',
  states: {
    booting: {
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: 'hasStoredSession', target: 'authenticated.inactivity.checking', actions: 'applyRestored' },
          // checkAuth: a token without a user is logged out.
          { guard: 'hasStoredToken', target: 'loggingOut', actions: 'applyRestored' },
          { target: 'signedOut', actions: 'applyRestored' },
        ],
        onError: {
          target: 'signedOut',
          actions: {
            type: 'logError',
            params: ({ event }) => ({ message: errorMessageOf(event), detail: event.error }),
          },
        },
      },
    },
    signedOut: {
      initial: 'view',
      states: {
        view: {
          initial: 'signIn',
          on: {
            'auth.submit': {
              target: 'signingIn',
              actions: assign({ redirect: ({ event }) => event.redirect ?? null }),
            },
            'auth.register': 'registering',
            'auth.back': { target: '.signIn', actions: 'clearMessages' },
            'auth.twoFactor.open': [
              {
                guard: 'canOpenTwoFactor',
                target: '.twoFactor',
                actions: [
                  'openTwoFactor',
                  {
                    type: 'persistTwoFactor',
                    params: ({ context }) => ({
                      userId: context.twoFactor?.userId ?? null,
                      email: context.twoFactor?.email ?? null,
                    }),
                  },
                ],
              },
              { target: '.signIn', actions: { type: 'showError', params: { message: TWO_FACTOR_STEP_MISSING } } },
            ],
            'auth.twoFactor.verify': [
              { guard: 'hasTwoFactorUser', target: 'verifyingTwoFactor' },
              { actions: { type: 'showError', params: { message: TWO_FACTOR_USER_MISSING } } },
            ],
            'auth.twoFactor.resend': [
              { guard: 'hasTwoFactorUser', target: 'resendingTwoFactor' },
              { actions: { type: 'showError', params: { message: TWO_FACTOR_RESEND_USER_MISSING } } },
            ],
            'auth.verification.resend': [
              { guard: 'hasVerificationUser', target: 'resendingVerification' },
              { actions: { type: 'showError', params: { message: VERIFICATION_USER_MISSING } } },
            ],
            'auth.terms.accept': [
              { guard: not('hasTermsUser'), actions: { type: 'showError', params: { message: TERMS_USER_MISSING } } },
              { guard: not('acceptsBoth'), actions: { type: 'showError', params: { message: TERMS_NOT_ACCEPTED } } },
              { target: 'acceptingTerms' },
            ],
            'auth.email.verify': 'verifyingEmail',
            'auth.registration.confirm': 'confirmingRegistration',
            'auth.password.requestReset': 'requestingPasswordReset',
            'auth.password.reset': 'resettingPassword',
            'auth.microsoft.signUp': 'startingMicrosoftSignUp',
            'auth.microsoft.signIn': 'startingMicrosoftSignIn',
            'auth.microsoft.callback': 'handlingMicrosoftCallback',
          },
          states: {
            signIn: {},
            activeValidation: {},
            twoFactor: {
              on: {
                'auth.navigation.failed': {
                  actions: { type: 'showError', params: { message: TWO_FACTOR_REDIRECT_FAILED } },
                },
              },
            },
            emailVerification: {},
            terms: {},
          },
        },
        signingIn: {
          ...busy,
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.submit');
              return { email: event.email, password: event.password };
            },
            onDone: routeOutcomes(SIGN_IN_KINDS),
            onError: failTo('signIn'),
          },
        },
        verifyingTwoFactor: {
          ...busy,
          invoke: {
            id: 'verifyTwoFactor',
            src: 'verifyTwoFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.twoFactor.verify');
              return { userId: context.twoFactor?.userId ?? 0, code: event.code };
            },
            onDone: routeOutcomes(SIGN_IN_KINDS),
            onError: failTo('twoFactor'),
          },
        },
        resendingTwoFactor: {
          ...busy,
          invoke: {
            id: 'resendTwoFactor',
            src: 'resendTwoFactor',
            input: ({ context }) => ({ userId: context.twoFactor?.userId ?? 0 }),
            onDone: noticeTo('twoFactor'),
            onError: failTo('twoFactor'),
          },
        },
        resendingVerification: {
          ...busy,
          invoke: {
            id: 'resendVerificationEmail',
            src: 'resendVerificationEmail',
            input: ({ context }) => ({ userId: context.verificationUserId ?? 0 }),
            onDone: noticeTo('emailVerification'),
            onError: failTo('emailVerification'),
          },
        },
        acceptingTerms: {
          ...busy,
          invoke: {
            id: 'acceptTerms',
            src: 'acceptTerms',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.terms.accept');
              return { userId: context.terms?.userId ?? 0, terms: event.terms, privacy: event.privacy };
            },
            onDone: routeOutcomes([...SIGN_IN_KINDS, 'notice']),
            onError: failTo('terms'),
          },
        },
        registering: {
          ...busy,
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'auth.register');
              return event.form;
            },
            onDone: noticeTo('signIn'),
            onError: failTo('signIn'),
          },
        },
        verifyingEmail: {
          ...busy,
          invoke: {
            id: 'verifyEmail',
            src: 'verifyEmail',
            input: ({ event }) => {
              assertEvent(event, 'auth.email.verify');
              return { token: event.token };
            },
            onDone: noticeTo('signIn'),
            onError: failTo('signIn'),
          },
        },
        confirmingRegistration: {
          ...busy,
          invoke: {
            id: 'confirmRegistration',
            src: 'confirmRegistration',
            input: ({ event }) => {
              assertEvent(event, 'auth.registration.confirm');
              return { id: event.id, token: event.token };
            },
            onDone: noticeTo('signIn'),
            onError: failTo('signIn'),
          },
        },
        requestingPasswordReset: {
          ...busy,
          invoke: {
            id: 'requestPasswordReset',
            src: 'requestPasswordReset',
            input: ({ event }) => {
              assertEvent(event, 'auth.password.requestReset');
              return { email: event.email };
            },
            onDone: noticeTo('signIn'),
            onError: failTo('signIn'),
          },
        },
        resettingPassword: {
          ...busy,
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ event }) => {
              assertEvent(event, 'auth.password.reset');
              return event.form;
            },
            onDone: noticeTo('signIn'),
            onError: failTo('signIn'),
          },
        },
        startingMicrosoftSignUp: {
          ...busy,
          invoke: {
            id: 'startMicrosoftSignUp',
            src: 'startMicrosoftSignUp',
            input: ({ event }) => {
              assertEvent(event, 'auth.microsoft.signUp');
              return event.query ?? {};
            },
            onDone: routeOutcomes(['external']),
            onError: failTo('signIn'),
          },
        },
        startingMicrosoftSignIn: {
          ...busy,
          invoke: {
            id: 'startMicrosoftSignIn',
            src: 'startMicrosoftSignIn',
            onDone: routeOutcomes(['external', 'activeValidation', 'twoFactor', 'terms']),
            onError: failTo('signIn'),
          },
        },
        handlingMicrosoftCallback: {
          ...busy,
          invoke: {
            id: 'handleMicrosoftCallback',
            src: 'handleMicrosoftCallback',
            input: ({ event }) => {
              assertEvent(event, 'auth.microsoft.callback');
              return event.params;
            },
            onDone: routeOutcomes(['activeValidation', 'twoFactor', 'terms', 'session']),
            onError: failTo('signIn'),
          },
        },
        leaving: {
          tags: ['busy'],
          on: {
            'auth.navigation.failed': 'view.signIn',
            'auth.back': 'view.signIn',
          },
        },
      },
    },
    authenticated: {
      type: 'parallel',
      tags: ['authenticated'],
      on: {
        'auth.logout': 'loggingOut',
        'auth.unauthorized': { target: 'signedOut', actions: endSession },
        'auth.navigation.failed': [
          { guard: 'failedAwayFromHome', actions: 'navigateHome' },
          { actions: { type: 'logError', params: { message: 'Navigation to / failed.' } } },
        ],
      },
      states: {
        inactivity: {
          initial: 'waiting',
          states: {
            waiting: { after: { INACTIVITY_CHECK: 'checking' } },
            checking: {
              invoke: {
                id: 'checkUser',
                src: 'checkUser',
                onDone: 'waiting',
                onError: [
                  { guard: 'isUnauthorized', target: '#auth.signedOut', actions: endSession },
                  { target: 'waiting' },
                ],
              },
            },
          },
        },
        activity: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'auth.clients.load': 'loadingClients',
                'auth.company.switch': 'switchingCompany',
                'auth.language.switch': 'switchingLanguage',
              },
            },
            loadingClients: {
              ...busy,
              invoke: {
                id: 'listClients',
                src: 'listClients',
                onDone: { target: 'idle', actions: assign({ clients: ({ event }) => event.output }) },
                onError: signedInFailure,
              },
            },
            switchingCompany: {
              ...busy,
              invoke: {
                id: 'switchClient',
                src: 'switchClient',
                input: ({ context, event }) => {
                  assertEvent(event, 'auth.company.switch');
                  return { company: event.company, user: userOf(context) };
                },
                onDone: { target: 'idle', actions: assign({ user: ({ event }) => event.output }) },
                onError: signedInFailure,
              },
            },
            switchingLanguage: {
              ...busy,
              invoke: {
                id: 'switchLanguage',
                src: 'switchLanguage',
                input: ({ context, event }) => {
                  assertEvent(event, 'auth.language.switch');
                  return { language: event.language, user: userOf(context) };
                },
                onDone: {
                  target: 'idle',
                  actions: [assign({ user: ({ event }) => event.output }), 'announceLanguage'],
                },
                onError: signedInFailure,
              },
            },
          },
        },
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: ['resetSession', 'navigateToSignin'] },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: errorMessageOf(event), detail: event.error }) },
            'resetSession',
            'navigateToSignin',
          ],
        },
      },
    },
  },
});

/**
 * The machine bound to its ports: the API, storage, cipher and logger.
 *
 * @example
 * const actor = createActor(createAuthMachine({ api, storage, cipher, logger: console }));
 * actor.on('navigate', ({ target }) => router.go(target));
 * actor.start();
 * actor.send({ type: 'auth.submit', email, password, redirect: '/report' });
 */
export function createAuthMachine(ports: AuthPorts) {
  return authMachine.provide({ actors: createAuthActors(ports), actions: createPortActions(ports) });
}

/** The machine's type (for `ActorRefFrom<AuthMachine>`, `SnapshotFrom<AuthMachine>`). */
export type AuthMachine = typeof authMachine;
