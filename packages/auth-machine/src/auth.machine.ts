import { createPortActions } from './auth.actions.js';
import { createAuthActors } from './auth.actors.js';
import { errorMessageOf } from './auth.guards.js';
import { authSetup } from './auth.setup.js';
import { emptyContext } from './auth.types.js';
import { authenticatedState } from './authenticated.states.js';
import type { AuthPorts } from './ports.js';
import { signedOutState } from './signed-out.states.js';

/**
 * Vigil's sign-in and session statechart (spec §4), without ports. Run it with
 * {@link createAuthMachine}, or `.provide()` your own actors and port actions.
 *
 * @example
 * getShortestPaths(authMachine, { events }); // graphs and diagrams use the bare definition
 */
export const authMachine = authSetup.createMachine({
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
    signedOut: signedOutState,
    authenticated: authenticatedState,
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
