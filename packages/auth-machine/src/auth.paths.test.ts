import { describe, expect, it, vi } from 'vitest';
import {
  type Actor,
  assign,
  createActor,
  createMachine,
  type InspectedMicrostepEvent,
  SimulatedClock,
  type StateValue,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import { authMachine, createAuthMachine } from './auth.machine.js';
import { MODEL_EMAIL, MODEL_USER_ID } from './auth.model.js';
import { type AuthPath, type AuthPathStep, getAuthPaths, shortestPaths, toPlainJson } from './auth.paths.js';
import type { AuthEmitted, AuthEvent, NavigationTarget } from './auth.types.js';
import { AUTH_USER_ID_COOKIE_SECONDS, INACTIVITY_CHECK_INTERVAL_MS, SESSION_KEYS } from './constants.js';
import { createFakeWorld, type FakeWorld } from './testing/fake-world.js';
import { transformUser } from './user.transform.js';

const paths = getAuthPaths();
const { stats } = paths;
console.log(
  `auth-machine graph: ${stats.states} states, ${stats.transitions} transitions; ` +
    `paths cover ${stats.coveredStates}/${stats.states} states and ${stats.coveredTransitions}/${stats.transitions} transitions ` +
    `(${paths.statePaths.length} shortest state paths, ${paths.transitionPaths.length} transition paths)`,
);

describe('shortestPaths over the adjacency map already built', () => {
  it("answers what xstate/graph's getShortestPaths answers, in the same order (path titles stay)", () => {
    // Guards, context and a shorter way found late: the cases where the order of the answer could differ.
    const machine = createMachine({
      id: 'toy',
      initial: 'a',
      context: { n: 0 },
      states: {
        a: {
          on: {
            NEXT: 'b',
            SKIP: 'c',
            BUMP: { guard: ({ context }) => context.n < 2, actions: assign({ n: ({ context }) => context.n + 1 }) },
          },
        },
        b: { on: { NEXT: 'c', BACK: 'a' } },
        c: {
          on: {
            NEXT: 'd',
            BUMP: { guard: ({ context }) => context.n < 1, actions: assign({ n: ({ context }) => context.n + 1 }) },
          },
        },
        d: { on: { BACK: 'a' } },
      },
    });
    const serializeState = (s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]);
    const options = {
      events: [{ type: 'NEXT' }, { type: 'SKIP' }, { type: 'BACK' }, { type: 'BUMP' }],
      serializeState,
    };
    const plain = (
      list: Array<{
        state: { value: unknown; context: unknown };
        steps: Array<{ state: { value: unknown; context: unknown }; event: unknown }>;
        weight?: number;
      }>,
    ) =>
      list.map((p) => ({
        state: serializeState(p.state),
        weight: p.weight,
        steps: p.steps.map((s) => [serializeState(s.state), s.event]),
      }));
    const ours = plain(shortestPaths(getAdjacencyMap(machine, options)));
    expect(ours.length).toBeGreaterThan(6);
    expect(ours).toEqual(plain(getShortestPaths(machine, options)));
  });
});

type AuthActor = Actor<ReturnType<typeof createAuthMachine>>;
type TransitionDef = InspectedMicrostepEvent['_transitions'][number];

/** A transition's identity across `.provide()` copies of the machine: source, event, position. */
const keyOf = (def: TransitionDef) =>
  `${def.source.id}|${def.eventType}|${def.source.transitions.get(def.eventType)?.indexOf(def) ?? -1}`;
const allTransitions = new Set(
  getStateNodes(authMachine.root).flatMap((node) => [...node.transitions.values()].flat().map(keyOf)),
);
/** What the replays really took, seen through XState's inspection API. */
const replayed = new Set<string>();

const isUserEvent = (event: Record<string, unknown>): event is AuthEvent =>
  typeof event.type === 'string' && event.type.startsWith('auth.');

const stateOf = (actor: AuthActor): StateValue => actor.getSnapshot().value;

async function settle(actor: AuthActor, expected: StateValue): Promise<void> {
  for (let tick = 0; tick < 200; tick++) {
    if (JSON.stringify(stateOf(actor)) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(stateOf(actor)).toEqual(expected);
}

const matches = (value: StateValue, prefix: string) => JSON.stringify(value).includes(prefix);

function outcomeKind(step: AuthPathStep): unknown {
  const output = step.event.output;
  return typeof output === 'object' && output !== null && 'kind' in output ? output.kind : undefined;
}

/** The navigation intent a step must emit, if any. */
function expectedNavigation(before: StateValue, step: AuthPathStep): NavigationTarget | undefined {
  const output = step.event.output;
  const kind = outcomeKind(step);
  if (kind === 'twoFactor') {
    return {
      kind: 'route',
      name: 'TwoStepVerification',
      query: { user_id: String(MODEL_USER_ID), email: MODEL_EMAIL },
    };
  }
  if (kind === 'session') return { kind: 'path', path: step.context.redirect || '/' };
  if (kind === 'external' && typeof output === 'object' && output !== null && 'url' in output) {
    return { kind: 'external', url: String(output.url) };
  }
  // A Microsoft callback replaces the session on the page it already is on: no Signin intent.
  const leftSession =
    (matches(before, 'authenticated') || matches(before, 'loggingOut')) &&
    matches(step.state, 'signedOut') &&
    step.event.type !== 'auth.microsoft.callback';
  if (leftSession) return { kind: 'route', name: 'Signin' };
  const target = step.event.target;
  const failedAway =
    step.event.type === 'auth.navigation.failed' && JSON.stringify(target) !== '{"kind":"path","path":"/"}';
  if (failedAway && matches(before, 'authenticated')) return { kind: 'path', path: '/' };
  return undefined;
}

/** What session storage and cookies must hold once a step is done. */
async function expectStorage(world: FakeWorld, step: AuthPathStep): Promise<void> {
  const session = world.storage.session;
  const value = JSON.stringify(step.state);
  if (value.includes('authenticated')) {
    expect(session.getItem(SESSION_KEYS.token)).toBe(step.context.token);
    expect(transformUser(await world.decrypted(SESSION_KEYS.encryptedUser))).toEqual(step.context.user);
  }
  if (value.includes('signedOut')) expect(step.context.token).toBeNull();
  const kind = outcomeKind(step);
  if (kind === 'twoFactor') {
    expect(session.getItem(SESSION_KEYS.twoFactorUserId)).toBe(String(MODEL_USER_ID));
    expect(session.getItem(SESSION_KEYS.twoFactorEmail)).toBe(MODEL_EMAIL);
    // The method lives in the encrypted copy only (no session storage key of its own), which the
    // machine writes without waiting (Web Crypto is asynchronous, each copy after the one before):
    // wait for it, bounded. vitest's default bound (1 s) was too short for two encryptions in a row
    // on a loaded 2-core machine (a clean-clone CI run read the previous step's copy at 1,027 ms).
    await vi.waitFor(
      async () =>
        expect(await world.decrypted(SESSION_KEYS.encryptedTwoFactor)).toEqual({
          userId: MODEL_USER_ID,
          email: MODEL_EMAIL,
          method: step.context.twoFactor?.method,
        }),
      { timeout: 10_000, interval: 20 },
    );
  }
  if (kind === 'terms') {
    expect(session.getItem(SESSION_KEYS.termsUserId)).toBe(String(MODEL_USER_ID));
    expect(world.storage.cookieLog).toContainEqual({
      name: 'auth_user_id',
      value: String(MODEL_USER_ID),
      maxAgeSeconds: AUTH_USER_ID_COOKIE_SECONDS,
    });
  }
  if (kind === 'emailVerification') {
    expect(session.getItem(SESSION_KEYS.verificationUserId)).toBe(String(MODEL_USER_ID));
  }
  if (value.includes('leaving')) expect(session.getItem(SESSION_KEYS.oauthState)).toBe('st-1');
}

async function replay(path: AuthPath): Promise<void> {
  const world = createFakeWorld();
  const first = path.steps[0]?.condition?.given.storage;
  if (first) await world.given(first);
  const clock = new SimulatedClock();
  const actor: AuthActor = createActor(createAuthMachine(world.ports), {
    clock,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') for (const def of event._transitions) replayed.add(keyOf(def));
    },
  });
  const navigations: NavigationTarget[] = [];
  const languages: AuthEmitted[] = [];
  actor.on('navigate', (e) => navigations.push(e.target));
  actor.on('language', (e) => languages.push(e));
  actor.start();
  let before: StateValue = 'booting';
  for (const step of path.steps) {
    const seen = navigations.length;
    const given = step.condition?.given;
    if (isUserEvent(step.event)) {
      actor.send(step.event);
      expect(stateOf(actor)).toEqual(step.state);
    } else if (String(step.event.type).startsWith('xstate.after.')) {
      clock.increment(INACTIVITY_CHECK_INTERVAL_MS);
    } else if (given?.reply) {
      await world.answer(given.reply);
    } else if (given?.storage?.fails && String(step.event.type).endsWith('.logout')) {
      world.failStorageOnce();
      await world.answer({ operation: 'logout', status: 200, body: { message: 'Bye.' } });
    }
    await settle(actor, step.state);
    expect(toPlainJson(actor.getSnapshot().context)).toEqual(step.context);
    expect(navigations.slice(seen)).toEqual(toList(expectedNavigation(before, step)));
    await expectStorage(world, step);
    before = step.state;
  }
  expect(actor.getSnapshot().status).toBe('active');
  actor.stop();
}

const toList = <T>(value: T | undefined): T[] => (value === undefined ? [] : [value]);

describe('model-based paths from the machine graph', () => {
  it('cover every state and every transition', () => {
    expect(paths.uncovered).toEqual({ states: [], transitions: [] });
    expect(stats.coveredStates).toBe(stats.states);
    expect(stats.coveredTransitions).toBe(stats.transitions);
  });

  it.each(paths.statePaths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    await replay(path);
  });

  it.each(paths.transitionPaths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    await replay(path);
  });

  it('took every transition of the machine when replayed against the fake ports', () => {
    const took = [...allTransitions].filter((key) => replayed.has(key));
    console.log(`replays took ${took.length}/${allTransitions.size} transitions of the running machine`);
    expect([...allTransitions].filter((key) => !replayed.has(key))).toEqual([]);
  });
});
