import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';
import { type AdjacencyMap, adjacencyMapToArray, getAdjacencyMap, type StatePath } from 'xstate/graph';
import { guardLabel } from './auth.diagram.js';
import { authMachine } from './auth.machine.js';
import { type ActorVariant, actorVariants, INACTIVITY_TIMER_EVENT, userEventVariants } from './auth.model.js';
import type { AuthContext } from './auth.types.js';

/** One step of a path: the event to cause (with the condition behind it) and the state it reaches. */
export interface AuthPathStep {
  /** The event, as plain JSON (errors as `{ name, message, status, body }`). */
  event: Record<string, unknown>;
  /** For an actor's result: the condition in words and the server answer or storage that causes it. */
  condition?: { label: string; given: ActorVariant['given'] };
  /** The state value reached. */
  state: StateValue;
  /** The context reached (what a screen would show). */
  context: AuthContext;
}

/** A path from start-up, without the `xstate.init` step. */
export interface AuthPath {
  description: string;
  steps: AuthPathStep[];
}

/** What {@link getAuthPaths} answers. */
export interface AuthPaths {
  stats: { states: number; transitions: number; coveredStates: number; coveredTransitions: number };
  /** The shortest path to every state of the machine (each distinct state value). */
  statePaths: AuthPath[];
  /** Paths that together take every transition of the machine. */
  transitionPaths: AuthPath[];
  /** What no path reaches (empty when the model is complete). */
  uncovered: { states: string[]; transitions: string[] };
}

type Snapshot = AnyMachineSnapshot;
type Definition = ReturnType<AnyStateMachine['getTransitionData']>[number];

/** JSON for events: errors keep their message, status and body. */
export function toPlainJson<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => {
      if (!(v instanceof Error)) return v;
      const extra = Object.fromEntries(Object.entries(v).filter(([key]) => key === 'status' || key === 'body'));
      return { name: v.name, message: v.message, ...extra };
    }) ?? 'null',
  );
}

const serializeEvent = (event: EventObject) => JSON.stringify(toPlainJson(event));

/** The state value and the context: each distinct pair is a vertex, so every step replays exactly. */
function serializeState(snapshot: Snapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context]);
}

/**
 * The shortest path to every vertex of `adjacency`, from its first vertex (the initial state): the
 * algorithm and the answer of xstate/graph's `getShortestPaths` (5.x), which builds the adjacency map
 * again (half of getAuthPaths' time); the same order, so the paths and their titles do not change.
 */
export function shortestPaths(adjacency: AdjacencyMap<Snapshot, EventObject>): Array<StatePath<Snapshot, EventObject>> {
  const vertices = new Map(Object.entries(adjacency));
  const [first] = vertices;
  if (first === undefined) return [];
  const [start, { state: initial }] = first;
  const best = new Map<string, { weight: number; from?: string; event?: EventObject }>([[start, { weight: 0 }]]);
  const states = new Map<string, Snapshot>([[start, initial]]);
  const unvisited = new Set([start]);
  const visited = new Set<string>();
  for (const key of unvisited) {
    const weight = best.get(key)?.weight ?? 0;
    for (const { state: next, event } of Object.values<{ state: Snapshot; event: EventObject }>(
      vertices.get(key)?.transitions ?? {},
    )) {
      const nextKey = serializeState(next);
      states.set(nextKey, next);
      const known = best.get(nextKey);
      if (!known || known.weight > weight + 1) best.set(nextKey, { weight: weight + 1, from: key, event });
      if (!visited.has(nextKey)) unvisited.add(nextKey);
    }
    visited.add(key);
    unvisited.delete(key);
  }
  // Each path as xstate answers it: an `xstate.init` step into the first state, then one step per event.
  const stepsTo = new Map<string, Array<{ state: Snapshot; event: EventObject }>>();
  const paths: Array<StatePath<Snapshot, EventObject>> = [];
  for (const [key, { weight, from, event }] of best) {
    const state = states.get(key) ?? initial;
    const before = from === undefined ? [] : (stepsTo.get(from) ?? []);
    const steps =
      from === undefined || event === undefined
        ? [{ state, event: { type: 'xstate.init' } }]
        : [...before, { state, event }];
    stepsTo.set(key, steps);
    paths.push({ state, steps, weight });
  }
  return paths;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allStateNodes(child)]);
}

function pathValue(path: readonly string[]): StateValue {
  const [last = '', ...rest] = [...path].reverse();
  return rest.reduce<StateValue>((inner, key) => ({ [key]: inner }), last);
}

function describeDefinition(def: Definition): string {
  const list = def.source.transitions.get(def.eventType) ?? [];
  const guard = def.guard === undefined ? '' : ` [${guardLabel(def.guard)}]`;
  const targets = def.target?.map((t: AnyStateNode) => t.id).join(', ') ?? '(no target)';
  return `${def.source.id} --${def.eventType}#${list.indexOf(def)}${guard}--> ${targets}`;
}

/**
 * Walks the machine's graph with the event model of `auth.model.ts` and answers the shortest path
 * to every state and a set of paths that together take every transition, with the payloads and
 * server conditions each step needs.
 *
 * @example
 * const { stats, transitionPaths } = getAuthPaths();
 * console.log(stats); // { states: 37, transitions: 113, coveredStates: 37, coveredTransitions: 113 }
 */
export function getAuthPaths(machine: AnyStateMachine = authMachine): AuthPaths {
  const variants = new Map(actorVariants.map((v) => [serializeEvent(v.event), v]));
  const options = {
    events: [...userEventVariants, ...actorVariants.map((v) => v.event), INACTIVITY_TIMER_EVENT],
    filterEvents: (snapshot: Snapshot, event: EventObject) => snapshot.can(event),
    serializeState,
    serializeEvent,
  };
  const adjacency: AdjacencyMap<Snapshot, EventObject> = getAdjacencyMap(machine, options);
  const edges = adjacencyMapToArray(adjacency);
  const shortest = new Map<string, StatePath<Snapshot, EventObject>>();
  for (const path of shortestPaths(adjacency)) shortest.set(serializeState(path.state), path);

  const toPath = (description: string, steps: StatePath<Snapshot, EventObject>['steps']): AuthPath => ({
    description,
    steps: steps.slice(1).map((step) => {
      const variant = variants.get(serializeEvent(step.event));
      const event: Record<string, unknown> = toPlainJson(step.event);
      return {
        event,
        ...(variant ? { condition: { label: variant.label, given: variant.given } } : {}),
        state: step.state.value,
        context: toPlainJson<AuthContext>(step.state.context),
      };
    }),
  });

  const definitions = allStateNodes(machine.root).flatMap((node) => [...node.transitions.values()].flat());
  const taken = (state: Snapshot, event: EventObject) => machine.getTransitionData(state, event);
  const takenAlong = (steps: StatePath<Snapshot, EventObject>['steps']) =>
    new Set(steps.slice(1).flatMap((step, i) => (steps[i] ? taken(steps[i].state, step.event) : [])));
  const covered = new Set<Definition>();
  const candidates: Array<{
    target: Definition;
    steps: StatePath<Snapshot, EventObject>['steps'];
    defs: Set<Definition>;
  }> = [];
  for (const target of definitions) {
    if (covered.has(target)) continue;
    const hit = edges.find(
      ({ state, event }) => shortest.has(serializeState(state)) && taken(state, event).includes(target),
    );
    const head = hit && shortest.get(serializeState(hit.state));
    if (!hit || !head) continue;
    const steps = [...head.steps, { event: hit.event, state: hit.nextState }];
    const defs = takenAlong(steps);
    for (const def of defs) covered.add(def);
    candidates.push({ target, steps, defs });
  }
  // Drop paths whose transitions the others already take, shortest first, so QA runs fewer.
  const kept = new Set(candidates);
  for (const candidate of [...candidates].sort((a, b) => a.steps.length - b.steps.length)) {
    const others = new Set([...kept].filter((c) => c !== candidate).flatMap((c) => [...c.defs]));
    if ([...candidate.defs].every((def) => others.has(def))) kept.delete(candidate);
  }
  const transitionPaths = candidates
    .filter((c) => kept.has(c))
    .map((c) => toPath(`takes ${describeDefinition(c.target)}`, c.steps));

  const byValue = new Map<string, StatePath<Snapshot, EventObject>>();
  for (const path of shortest.values()) {
    const key = JSON.stringify(path.state.value);
    const known = byValue.get(key);
    if (!known || known.steps.length > path.steps.length) byValue.set(key, path);
  }
  const statePaths = [...byValue.entries()].map(([value, path]) => toPath(`reaches ${value}`, path.steps));

  const nodes = allStateNodes(machine.root);
  const reached = [...byValue.values()].map((path) => path.state);
  const unreached = nodes.filter((node) => !reached.some((state) => state.matches(pathValue(node.path))));
  const coveredByKept = new Set([...kept].flatMap((c) => [...c.defs]));
  const untaken = definitions.filter((def) => !coveredByKept.has(def));
  return {
    stats: {
      states: nodes.length,
      transitions: definitions.length,
      coveredStates: nodes.length - unreached.length,
      coveredTransitions: definitions.length - untaken.length,
    },
    statePaths,
    transitionPaths,
    uncovered: { states: unreached.map((n) => n.id), transitions: untaken.map(describeDefinition) },
  };
}
