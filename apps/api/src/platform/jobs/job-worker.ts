// The worker: enqueues the schedules' due runs, claims jobs and runs each through its kind
// (ctx.modules.jobKind), and polls when idle. On PostgreSQL it runs two jobs at once, each on its own
// connection; PGlite has one connection: one job at a time. A new upload wakes it at once. close()
// lets each current batch finish, hands the jobs back to the queue (they resume from their
// checkpoints) and waits. A server process runs it unless its role is `api` (ADR 0011).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { failJob, LEASE_MS } from '../imports/import-runner.js';
import type { RunOutcome } from './job-kind.types.js';
import { enqueueDueRuns, ensurePlatformSchedules } from './job-schedules.js';
import { claimJob, retryOrBury } from './jobs.repository.js';
import type { ClaimedJob } from './jobs.table.js';

/** What the readiness probe reads: whether the loop is alive (it polled lately, or runs jobs). */
export interface WorkerHealth {
  started: boolean;
  /** The last time the loop looked for work (a poll or a claim); null before the first. */
  lastPollAt: Date | null;
  running: number;
}

export interface JobWorker {
  start(): void;
  health(): WorkerHealth;
  /** Runs queued jobs now (tests and uploads call it). */
  wake(): void;
  /** Enqueues due schedules, then claims and runs jobs until none is runnable; resolves with what happened. */
  drain(): Promise<(RunOutcome | 'retrying' | 'dead')[]>;
  close(): Promise<void>;
}

type Outcome = RunOutcome | 'retrying' | 'dead';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface JobWorkerOptions {
  pollMs?: number;
  /** Told each attempt's end (the metrics count them by kind and outcome). */
  onJobEnded?: (kind: string, outcome: Outcome) => void;
}

export function createJobWorker(ctx: AppContext, log: FastifyBaseLogger, options: JobWorkerOptions = {}): JobWorker {
  const pollMs = options.pollMs ?? 2000;
  const abort = new AbortController();
  const slots = ctx.dbKind === 'postgres' ? 2 : 1;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let schedulesReady: Promise<void> | undefined;
  let lastPollAt: Date | null = null;
  let jobsRunning = 0;

  /** A failed attempt: a retried kind waits its back-off (or is dead); any other fails with its reason. */
  async function failed(job: ClaimedJob, reason: string): Promise<Outcome> {
    if (!ctx.modules.jobKind(job.kind).retried) return failJob(ctx, job, reason);
    return (await retryOrBury(ctx.db, job, reason, ctx.clock.now())) === 'dead' ? 'dead' : 'retrying';
  }

  async function runOne(): Promise<Outcome | undefined> {
    const now = ctx.clock.now();
    lastPollAt = now;
    const job = await claimJob(ctx, now, new Date(now.getTime() + LEASE_MS));
    if (!job) return undefined;
    log.info({ job: job.id, kind: job.kind, attempt: job.attempts }, 'job claimed');
    jobsRunning += 1;
    try {
      const outcome = await attempt(job);
      options.onJobEnded?.(job.kind, outcome);
      return outcome;
    } finally {
      jobsRunning -= 1;
    }
  }

  async function attempt(job: ClaimedJob): Promise<Outcome> {
    const kind = ctx.modules.jobKind(job.kind);
    try {
      if (kind.retried && job.crashed) {
        return await failed(job, `The server stopped during attempt ${job.attempts} (a crash or a restart).`);
      }
      const outcome = await kind.run(ctx, job, abort.signal);
      log.info({ job: job.id, outcome }, 'job ended');
      return outcome;
    } catch (error) {
      // An error the kind did not expect (when the database can still be reached; else the lease
      // runs out and the next claim finds the job crashed).
      log.error({ err: error, job: job.id }, 'job failed');
      return failed(job, `Stopped by an unexpected error: ${describe(error)}`).catch((failure: unknown) => {
        log.error({ err: failure, job: job.id }, 'job could not be marked failed');
        return 'failed' as const;
      });
    }
  }

  async function enqueueDue(): Promise<void> {
    schedulesReady ??= ensurePlatformSchedules(ctx, ctx.clock.now(), ctx.config);
    await schedulesReady;
    const queued = await enqueueDueRuns(ctx, ctx.clock.now());
    if (queued.length > 0) log.info({ jobs: queued }, 'scheduled runs queued');
  }

  /** One slot: claims and runs jobs until none is runnable. */
  async function slot(outcomes: Outcome[]): Promise<void> {
    while (!abort.signal.aborted) {
      const outcome = await runOne();
      if (!outcome) return;
      outcomes.push(outcome);
    }
  }

  async function drain(): Promise<Outcome[]> {
    await enqueueDue();
    const outcomes: Outcome[] = [];
    // A job the polling slots claimed first is waited for too: once drained, nothing runnable is
    // queued or still running (a test read a keyword's matches while the poll was still making them).
    do {
      await Promise.all(running);
      await Promise.all(Array.from({ length: slots }, () => slot(outcomes)));
    } while (running.size > 0 && !abort.signal.aborted);
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
      enqueueDue()
        .then(() => slot([]))
        .catch((error: unknown) => log.error({ err: error }, 'job worker failed'));
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
    health: () => ({ started, lastPollAt, running: jobsRunning }),
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
