import { type AuthPath, type AuthPathStep, authMachine, getAuthPaths } from '@vigil/auth-machine';
import { type AnyMachineSnapshot, type AnyStateNode, initialTransition, type StateValue, transition } from 'xstate';

/**
 * The auth machine's graph as QA consumes it: the paths of `getAuthPaths()` (the same JSON that
 * `npx auth-machine-paths` prints), every state and transition of the machine by a stable id, and
 * for each step of a path the transitions it takes (replayed on the pure machine, no actors run).
 */
type Definition = ReturnType<typeof authMachine.getTransitionData>[number];

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allStateNodes(child)]);
}

/** `auth.signedOut.signingIn --xstate.done.actor.signIn#4--> auth.authenticated` */
export function transitionId(def: Definition): string {
  const siblings = def.source.transitions.get(def.eventType) ?? [];
  const targets = def.target?.map((t: AnyStateNode) => t.id).join(', ') ?? '(no target)';
  return `${def.source.id} --${def.eventType}#${siblings.indexOf(def)}--> ${targets}`;
}

const nodes = allStateNodes(authMachine.root);
/** Every state of the machine, by id (`auth.signedOut.view.twoFactor`). */
export const allStates: string[] = nodes.map((n) => n.id);
/** Every transition definition of the machine, by {@link transitionId}. */
export const allTransitions: string[] = nodes.flatMap((n) => [...n.transitions.values()].flat().map(transitionId));

/** The state ids a state value stands for (every active node, parents included). */
export function activeStateIds(value: StateValue, prefix = 'auth'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  return Object.entries(value).flatMap(([key, inner]) => [
    `${prefix}.${key}`,
    ...(inner === undefined ? [] : activeStateIds(inner as StateValue, `${prefix}.${key}`)),
  ]);
}

export interface PlannedStep extends AuthPathStep {
  index: number;
  /** The transitions this step's event takes in the machine. */
  transitions: string[];
  /** The states active after the step. */
  states: string[];
}

export interface PlannedPath {
  title: string;
  kind: 'state' | 'transition';
  steps: PlannedStep[];
}

/**
 * Replays events on the pure machine: what each step takes and where it lands (state and context
 * come from this replay, so a realized path is checked against what its own events reach).
 */
export function planSteps(steps: Array<Pick<AuthPathStep, 'event' | 'condition'>>): PlannedStep[] {
  let [snapshot] = initialTransition(authMachine) as [AnyMachineSnapshot, unknown];
  return steps.map((step, index): PlannedStep => {
    const event = step.event as Parameters<typeof authMachine.getTransitionData>[1];
    const taken = authMachine.getTransitionData(snapshot as never, event).map(transitionId);
    [snapshot] = transition(authMachine, snapshot as never, event) as [AnyMachineSnapshot, unknown];
    const state = snapshot.value as StateValue;
    return {
      ...step,
      state,
      context: snapshot.context as AuthPathStep['context'],
      index,
      transitions: taken,
      states: activeStateIds(state),
    };
  });
}

function plan(path: AuthPath, kind: PlannedPath['kind'], n: number): PlannedPath {
  return {
    title: `${kind} ${String(n + 1).padStart(2, '0')}: ${path.description}`,
    kind,
    steps: planSteps(path.steps),
  };
}

/**
 * Transition paths (they also reach every state); state paths too with VIGIL_QA_STATE_PATHS=1.
 * A function, not a constant: generating them takes seconds, and the coverage table (loaded by the
 * global setup of every run) needs only the states and transitions above.
 */
export function plannedPaths(): PlannedPath[] {
  const paths = getAuthPaths();
  return [
    ...paths.transitionPaths.map((p, i) => plan(p, 'transition', i)),
    ...(process.env.VIGIL_QA_STATE_PATHS ? paths.statePaths.map((p, i) => plan(p, 'state', i)) : []),
  ];
}
