import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createAuthMachine } from '../auth.machine.js';
import { MODEL_SERVER_USER, MODEL_TOKEN } from '../auth.model.js';
import type { NavigationTarget } from '../auth.types.js';
import type { FakeWorld } from './fake-world.js';

/** Starts the machine on a fake world, recording its navigation intents. */
export async function start(world: FakeWorld, clock = new SimulatedClock()) {
  const actor = createActor(createAuthMachine(world.ports), { clock });
  const navigations: NavigationTarget[] = [];
  actor.on('navigate', (event) => navigations.push(event.target));
  actor.start();
  return { actor, navigations, clock };
}

/** Starts the machine with a stored session and waits until it is signed in. */
export async function signedIn(world: FakeWorld, clock?: SimulatedClock) {
  await world.given({ token: MODEL_TOKEN, user: MODEL_SERVER_USER });
  const started = await start(world, clock);
  await waitFor(started.actor, (s) => s.hasTag('authenticated'));
  return started;
}
