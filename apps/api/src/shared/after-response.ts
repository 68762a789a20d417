// Work that must not show in a response's timing (ADR 0006): it starts once the answer is sent.
// Each app tracks its tasks so that closing the app, and tests reading the outbox, can wait for them.
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

const inFlight = new WeakMap<object, Set<Promise<void>>>();

/** Runs `task` after `reply` has been sent (or the client went away). Errors are logged, never thrown. */
export function runAfterResponse(
  owner: object,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  task: () => Promise<void>,
): void {
  const tasks = inFlight.get(owner) ?? new Set<Promise<void>>();
  inFlight.set(owner, tasks);
  let release: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    release = resolve;
  });
  reply.raw.once('finish', () => release());
  reply.raw.once('close', () => release());
  const running: Promise<void> = sent
    .then(task)
    .catch((error: unknown) => log.error({ err: error }, 'work after the response failed'))
    .finally(() => tasks.delete(running));
  tasks.add(running);
}

/** Resolves when every task started through `runAfterResponse` for `owner` has finished. */
export async function settleAfterResponse(owner: object): Promise<void> {
  for (let tasks = inFlight.get(owner); tasks && tasks.size > 0; tasks = inFlight.get(owner)) {
    await Promise.allSettled([...tasks]);
  }
}
