// The in-process worker: claims one job at a time, runs it, and polls when idle (ending expired
// risk acceptances on the way). A new upload
// wakes it at once; close() lets the current batch finish, hands the job back to the queue
// (it resumes from its checkpoint) and waits for the loop to end.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { expireRiskAcceptances } from '../findings/findings.expiry.js';
import { LEASE_MS, type RunOutcome, runJob } from './import-runner.js';
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
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let again = false;
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
      // The lease expires and the job is picked up again (up to the attempt limit).
      log.error({ err: error, job: job.id }, 'import job crashed');
      return 'failed';
    }
  }

  let lastExpiry = Number.NEGATIVE_INFINITY;

  async function drain(): Promise<RunOutcome[]> {
    const outcomes: RunOutcome[] = [];
    // Housekeeping of the same loop: risk acceptances that ended, at most once a minute.
    const now = ctx.clock.now().getTime();
    if (now - lastExpiry >= 60_000) {
      lastExpiry = now;
      const expired = await expireRiskAcceptances(ctx.db, ctx.clock.now());
      if (expired > 0) log.info({ expired }, 'risk acceptances ended');
    }
    while (!abort.signal.aborted) {
      const outcome = await runOne();
      if (!outcome) break;
      outcomes.push(outcome);
    }
    return outcomes;
  }

  function schedule(delay: number): void {
    if (abort.signal.aborted || !started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'import worker failed'))
      .finally(() => {
        running = undefined;
        const more = again;
        again = false;
        schedule(more ? 0 : pollMs);
      });
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
      await running;
    },
  };
}
