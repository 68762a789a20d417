// Whether the job queue still has work to do now: what a development start waits on before it
// prints where to sign in, so that the demo data set queued on a first start (imports, then the
// probe runs, scans and rating they lead to) is in the screens the user opens next.
import type { Executor } from '../../db/database.js';

/** The jobs queued and due at `now` (a retry waiting out its back-off is not), plus those running. */
export async function pendingJobs(db: Executor, now: Date): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'running'),
        eb.and([eb('status', '=', 'queued'), eb.or([eb('run_at', 'is', null), eb('run_at', '<=', now)])]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface WaitOptions {
  /** How often the queue is read. */
  everyMs: number;
  /** Gives up after this long (a job that hangs must not hold the start forever). */
  timeoutMs: number;
  /** Told the pending count at each read that finds work left. */
  onPending?: (count: number) => void;
}

/** Resolves true once no job is pending, false when `timeoutMs` passed first. */
export async function waitForIdleQueue(db: Executor, options: WaitOptions): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const count = await pendingJobs(db, new Date());
    if (count === 0) return true;
    if (Date.now() >= deadline) return false;
    options.onPending?.(count);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}
