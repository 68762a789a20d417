// The in-process worker: claims jobs and runs them, and polls when idle (ending expired risk
// acceptances on the way). On PostgreSQL it runs two jobs at once, each on its own connection: a
// large combolist does not hold up the next upload, and the database works on both cores. PGlite
// has one connection: one job at a time. A new upload wakes it at once; close() lets each current
// batch finish, hands the jobs back to the queue (they resume from their checkpoints) and waits.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { expireRiskAcceptances } from '../findings/findings.expiry.js';
import { sweepUploads } from './import-files.repository.js';
import { failJob, LEASE_MS, type RunOutcome, runJob } from './import-runner.js';
import { claimJob } from './imports.repository.js';

export interface ImportWorker {
  start(): void;
  /** Runs queued jobs now (tests and uploads call it). */
  wake(): void;
  /** Claims and runs jobs until none is runnable; resolves with what happened. */
  drain(): Promise<RunOutcome[]>;
  close(): Promise<void>;
}

export function createImportWorker(ctx: AppContext, log: FastifyBaseLogger, pollMs = 2000): ImportWorker {
  const abort = new AbortController();
  const slots = ctx.dbKind === 'postgres' ? 2 : 1;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;

  async function runOne(): Promise<RunOutcome | undefined> {
    const now = ctx.clock.now();
    const job = await claimJob(ctx.db, now, new Date(now.getTime() + LEASE_MS));
    if (!job) return undefined;
    log.info({ job: job.id, kind: job.kind, attempt: job.attempts }, 'import job claimed');
    try {
      const outcome = await runJob(ctx, job, abort.signal);
      log.info({ job: job.id, outcome }, 'import job ended');
      return outcome;
    } catch (error) {
      // An error the runner did not expect ends the job at once (when the database can still be
      // reached; else its lease runs out and the next claim finds it crashed).
      log.error({ err: error, job: job.id }, 'import job crashed');
      await failJob(
        ctx,
        job,
        `Stopped by an unexpected error: ${error instanceof Error ? error.message : String(error)}`,
      ).catch((failure: unknown) => log.error({ err: failure, job: job.id }, 'import job could not be marked failed'));
      return 'failed';
    }
  }

  let lastExpiry = Number.NEGATIVE_INFINITY;

  /**
   * Housekeeping of the same worker, at start and at most once a minute: risk acceptances that
   * ended, and uploads a dead server process left half-written (their upload lease ran out).
   */
  async function expireAcceptances(): Promise<void> {
    const now = ctx.clock.now().getTime();
    if (now - lastExpiry < 60_000) return;
    lastExpiry = now;
    const expired = await expireRiskAcceptances(ctx.db, ctx.clock.now());
    if (expired > 0) log.info({ expired }, 'risk acceptances ended');
    const swept = await sweepUploads(ctx.db, ctx.clock.now());
    if (swept > 0) log.info({ swept }, 'unfinished uploads removed');
  }

  /** One slot: claims and runs jobs until none is runnable. */
  async function slot(outcomes: RunOutcome[]): Promise<void> {
    while (!abort.signal.aborted) {
      const outcome = await runOne();
      if (!outcome) return;
      outcomes.push(outcome);
    }
  }

  async function drain(): Promise<RunOutcome[]> {
    await expireAcceptances();
    const outcomes: RunOutcome[] = [];
    await Promise.all(Array.from({ length: slots }, () => slot(outcomes)));
    return outcomes;
  }

  function schedule(delay: number): void {
    if (abort.signal.aborted || !started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  /** Fills the free slots; when the last one finds nothing to do, polls again later. */
  function tick(): void {
    const run = () =>
      expireAcceptances()
        .then(() => slot([]))
        .catch((error: unknown) => log.error({ err: error }, 'import worker failed'));
    while (running.size < slots && !abort.signal.aborted) {
      const current: Promise<void> = run().finally(() => {
        running.delete(current);
        if (running.size === 0) schedule(pollMs);
      });
      running.add(current);
    }
  }

  return {
    start() {
      started = true;
      schedule(0);
    },
    wake() {
      if (started) schedule(0);
    },
    drain,
    async close() {
      abort.abort();
      if (timer) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
