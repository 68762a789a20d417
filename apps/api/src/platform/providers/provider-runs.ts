// A module's run against a provider for one company (a dork run, a code search, an archive sweep, a
// clone search), as one resumable, cancellable job with its provider_runs row: queued once per
// company, module and provider at a time; a throttled provider puts the job back in the queue until
// the time it gave (the run `waiting`); the checkpoint is the number of queries done, so a run
// restarted or woken after a throttle resumes after them. Cancel: the job's (POST /provider-runs/{id}/cancel).
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { LEASE_MS } from '../imports/import-runner.js';
import { appendLog } from '../imports/imports.repository.js';
import type { JobKind, RunOutcome } from '../jobs/job-kind.types.js';
import { cancelRequested, endJob, extendLease } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import { ProviderFailed, type ProviderId, type Providers, ProviderThrottled } from './provider.types.js';
import { getProviders, unconfiguredReason } from './providers.js';
import type { ProviderRunRow, ProviderRunStatus } from './providers.table.js';

/** Runs of a module against a provider, one pending at a time per company (advisory lock class). */
const QUEUE_LOCK = 7_470_018;

export interface QueueProviderRun {
  companyId: number;
  /** The module's id and its job kind (from defineProviderJob). */
  module: string;
  kind: string;
  provider: ProviderId;
  /** Module options of the run (what to search), JSON. */
  options?: Record<string, unknown>;
  createdBy: number | null;
  isDemo: boolean;
  now: Date;
}

/** The company's run of this module and provider whose job is queued (or waiting) or running. */
export function pendingProviderRun(db: Executor, companyId: number, module: string, provider: ProviderId) {
  return db
    .selectFrom('provider_runs as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .selectAll('r')
    .where('r.company_id', '=', companyId)
    .where('r.module', '=', module)
    .where('r.provider', '=', provider)
    .where('j.status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/**
 * Queues a run: its provider_runs row and its job; null when one is already queued, running or
 * waiting. Call it in the caller's transaction: the check and the insert then hold one lock.
 */
export async function queueProviderRun(db: Executor, input: QueueProviderRun): Promise<ProviderRunRow | null> {
  await sql`select pg_advisory_xact_lock(${QUEUE_LOCK}, ${input.companyId})`.execute(db);
  if (await pendingProviderRun(db, input.companyId, input.module, input.provider)) return null;
  const job = await db
    .insertInto('jobs')
    .values({
      company_id: input.companyId,
      kind: input.kind,
      module: input.module,
      status: 'queued',
      file_name: `Search run: ${input.provider}`,
      file_size: 0,
      options: JSON.stringify(input.options ?? {}),
      is_demo: input.isDemo,
      created_by: input.createdBy,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('provider_runs')
    .values({
      company_id: input.companyId,
      module: input.module,
      provider: input.provider,
      job_id: job.id,
      status: 'queued',
      is_demo: input.isDemo,
      created_by: input.createdBy,
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProviderRunInput {
  ctx: AppContext;
  job: ClaimedJob;
  run: ProviderRunRow;
  providers: Providers;
  options: Record<string, unknown>;
  signal: AbortSignal;
  /** Queries already done by an earlier attempt: skip that many. */
  checkpoint: number;
  /**
   * Commits the progress after a query (in the caller's transaction when given): `queriesDone` is
   * the new checkpoint, `results` and `newResults` are ADDED to the run's counts. Throws when the
   * run was cancelled or the server is stopping, so the module stops at the next query. Never
   * call a provider inside a transaction (the adapters count usage on their own connection).
   */
  progress(
    update: { queriesTotal?: number; queriesDone: number; results?: number; newResults?: number },
    tx?: Executor,
  ): Promise<void>;
}

export interface ProviderJobDefinition {
  module: string;
  /** Job kind name, e.g. `dorks.run`. */
  kind: string;
  provider: ProviderId;
  concurrency?: number;
  /**
   * The run has a part that needs no provider (the store dork search's domain permutations): it
   * runs without one, finding `providers` without it, instead of failing as not configured.
   */
  optional?: boolean;
  /**
   * Runs the queries from `checkpoint` on; ProviderThrottled and ProviderFailed are handled around
   * it. A query interrupted (throttled, the server stopping) runs again on resume: write its
   * results idempotently (upserts), and commit them with progress() in one transaction.
   */
  run(input: ProviderRunInput): Promise<void>;
}

/** Thrown by progress(): a cancel was asked for, or the worker is stopping. */
class Stopped extends Error {
  constructor(readonly reason: 'cancelled' | 'released') {
    super(reason);
  }
}

type RunEnd = { status: Extract<ProviderRunStatus, 'done' | 'failed' | 'cancelled'>; error?: string };

/** Ends the run and its job together. */
async function finish(ctx: AppContext, run: ProviderRunRow, end: RunEnd): Promise<RunOutcome> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('provider_runs')
      .set({ status: end.status, error: end.error ?? null, retry_at: null, finished_at: now })
      .where('id', '=', run.id)
      .execute();
    if (run.job_id === null) return;
    if (end.error) await appendLog(trx, run.job_id, 'error', end.error, now);
    if (end.status === 'done') await endJob(trx, run.job_id, now);
    else if (end.status === 'failed')
      await endJob(trx, run.job_id, now, { status: 'failed', error: end.error ?? null });
    else {
      await trx
        .updateTable('jobs')
        .set({ status: 'cancelled', finished_at: now, lease_expires_at: null })
        .where('id', '=', run.job_id)
        .execute();
    }
  });
  return end.status === 'done' ? 'succeeded' : end.status;
}

/** Back in the queue: at `runAt` (throttled: the run waits) or at once (the worker stops). */
async function requeue(ctx: AppContext, run: ProviderRunRow, runAt: Date | null): Promise<RunOutcome> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('provider_runs')
      .set({ status: runAt ? 'waiting' : 'queued', retry_at: runAt })
      .where('id', '=', run.id)
      .execute();
    if (run.job_id === null) return;
    await trx
      .updateTable('jobs')
      .set({ status: 'queued', run_at: runAt, lease_expires_at: null })
      .where('id', '=', run.job_id)
      .execute();
    const message = runAt
      ? `${run.provider} is rate-limited: the run waits until ${runAt.toISOString()}, then resumes after the queries it has done.`
      : 'The server is stopping: the run resumes after the queries it has done.';
    await appendLog(trx, run.job_id, runAt ? 'warn' : 'info', message, ctx.clock.now());
  });
  return 'released';
}

async function startRun(ctx: AppContext, job: ClaimedJob): Promise<ProviderRunRow | undefined> {
  return ctx.db
    .updateTable('provider_runs')
    .set((eb) => ({
      status: 'running',
      retry_at: null,
      started_at: eb.fn.coalesce('started_at', sql<Date>`${ctx.clock.now()}`),
    }))
    .where('job_id', '=', job.id)
    .returningAll()
    .executeTakeFirst();
}

function isConfigured(providers: Providers, id: ProviderId): boolean {
  if (id === 'web-search') return providers.webSearch !== null;
  if (id === 'github') return providers.code !== null;
  if (id === 'rdap') return providers.rdap !== null;
  return providers.archives.some((a) => a.id === id);
}

function progressOf(ctx: AppContext, job: ClaimedJob, run: ProviderRunRow, signal: AbortSignal) {
  let total = run.queries_total;
  return async (
    update: { queriesTotal?: number; queriesDone: number; results?: number; newResults?: number },
    tx?: Executor,
  ) => {
    if (update.queriesTotal !== undefined) total = update.queriesTotal;
    const db = tx ?? ctx.db;
    const now = ctx.clock.now();
    await db
      .updateTable('provider_runs')
      .set((eb) => ({
        queries_total: total,
        queries_done: update.queriesDone,
        results: eb('results', '+', update.results ?? 0),
        new_results: eb('new_results', '+', update.newResults ?? 0),
      }))
      .where('id', '=', run.id)
      .execute();
    await db
      .updateTable('jobs')
      .set((eb) => ({
        checkpoint: update.queriesDone,
        read_count: update.queriesDone,
        added_count: eb('added_count', '+', update.newResults ?? 0),
        progress: total > 0 ? Math.min(0.99, update.queriesDone / total) : 0,
        lease_expires_at: new Date(now.getTime() + LEASE_MS),
      }))
      .where('id', '=', job.id)
      .execute();
    if (await cancelRequested(db, job.id)) throw new Stopped('cancelled');
    if (signal.aborted) throw new Stopped('released');
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function runProviderJob(
  definition: ProviderJobDefinition,
  ctx: AppContext,
  job: ClaimedJob,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const run = await startRun(ctx, job);
  if (!run) {
    return endJob(ctx.db, job.id, ctx.clock.now(), { status: 'failed', error: 'Not a provider run.' });
  }
  if (await cancelRequested(ctx.db, job.id)) return finish(ctx, run, { status: 'cancelled' });
  // As a probe run: an attempt that died before committing a query is not tried again (a query that
  // crashes the server must not do it again).
  if (job.crashed) {
    const error =
      'The server stopped during the run before it finished a query (a crash or a restart); it is not run again.';
    return finish(ctx, run, { status: 'failed', error });
  }
  const providers = getProviders(ctx);
  if (!definition.optional && !isConfigured(providers, definition.provider)) {
    return finish(ctx, run, { status: 'failed', error: unconfiguredReason(ctx.config, definition.provider) });
  }
  const lease = setInterval(() => {
    void extendLease(ctx.db, job.id, new Date(ctx.clock.now().getTime() + LEASE_MS)).catch(() => undefined);
  }, LEASE_MS / 3);
  try {
    await definition.run({
      ctx,
      job,
      run,
      providers,
      options: JSON.parse(job.options ?? '{}') as Record<string, unknown>,
      signal,
      checkpoint: job.checkpoint,
      progress: progressOf(ctx, job, run, signal),
    });
    return await finish(ctx, run, { status: 'done' });
  } catch (error) {
    if (error instanceof ProviderThrottled) return requeue(ctx, run, error.retryAt);
    if (error instanceof Stopped) {
      return error.reason === 'cancelled' ? finish(ctx, run, { status: 'cancelled' }) : requeue(ctx, run, null);
    }
    if (error instanceof ProviderFailed) return finish(ctx, run, { status: 'failed', error: error.message });
    return finish(ctx, run, { status: 'failed', error: `Stopped by an unexpected error: ${describe(error)}` });
  } finally {
    clearInterval(lease);
  }
}

/** The job kind of a module's provider runs (register it in the module's `jobs`). */
export function defineProviderJob(definition: ProviderJobDefinition): JobKind {
  return {
    group: definition.kind,
    concurrency: definition.concurrency ?? 2,
    priority: 0,
    retried: false,
    run: (ctx, job, signal) => runProviderJob(definition, ctx, job, signal),
  };
}
