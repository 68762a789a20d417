// The job queue: a worker claims the runnable job of highest priority (queued and due, or running
// with an expired lease) in one short transaction with FOR UPDATE SKIP LOCKED, skipping kinds whose
// group is at its concurrency limit; a transaction-level advisory lock makes claims one at a time
// across processes, so two workers never both see a group below its limit.
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Db, Executor } from '../../db/database.js';
import { deleteFile } from '../imports/import-files.repository.js';
import { backoffMs, kindsAtLimit } from './job-policy.js';
import type { ClaimedJob, JobRow } from './jobs.table.js';

// Queueing lives in a file of its own that imports no job kind, so writers the kinds import (alerts,
// the rating refresh) can queue without an import cycle; it is re-exported here with the rest.
export { type QueueJobInput, queueJob } from './job-queue.js';

const CLAIM_LOCK = 7_470_001;

/**
 * Claims a runnable job under a new lease. A job found running under an expired lease whose
 * checkpoint has not moved since its attempt began is returned `crashed` (its attempt not counted
 * again): the runner gives it up.
 */
export async function claimJob(
  { db, modules }: Pick<AppContext, 'db' | 'modules'>,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedJob | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    const running = await trx
      .selectFrom('jobs')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .where('status', '=', 'running')
      .where('lease_expires_at', '>=', now)
      .groupBy('kind')
      .execute();
    const full = kindsAtLimit(modules.jobKinds, new Map(running.map((r) => [r.kind, Number(r.n)])));
    const result = await sql<ClaimedJob>`
      with claimed as (
        select j.id, coalesce(j.status = 'running' and j.attempt_checkpoint = j.checkpoint, false) as crashed
        from jobs j
        where ((j.status = 'queued' and (j.run_at is null or j.run_at <= ${now}))
            or (j.status = 'running' and j.lease_expires_at < ${now}))
          and not (j.kind = any(${full}::text[]))
        order by j.priority desc, j.id
        limit 1
        for update skip locked
      )
      update jobs u set status = 'running', attempts = u.attempts + (case when c.crashed then 0 else 1 end),
        lease_expires_at = ${leaseUntil}, started_at = coalesce(u.started_at, ${now}), attempt_checkpoint = u.checkpoint
      from claimed c
      where u.id = c.id
      returning u.*, c.crashed`.execute(trx);
    return result.rows[0];
  });
}

/**
 * A retried kind's failed attempt: queued again after its back-off, or `dead` once it has had its
 * attempts (the dead-letter state, kept with its reason for the operator). Returns which.
 */
export async function retryOrBury(
  db: Db,
  job: JobRow,
  reason: string,
  now: Date,
  backoff: (attempt: number) => number = backoffMs,
): Promise<'queued' | 'dead'> {
  const dead = job.attempts >= job.max_attempts;
  await db.transaction().execute(async (trx) => {
    const wait = backoff(job.attempts);
    await trx
      .insertInto('job_log')
      .values({
        job_id: job.id,
        level: 'error',
        message: dead
          ? `Attempt ${job.attempts} of ${job.max_attempts} failed: ${reason} No attempt is left.`
          : `Attempt ${job.attempts} of ${job.max_attempts} failed: ${reason} Retrying in ${Math.round(wait / 1000)} s.`,
        at: now,
      })
      .execute();
    await trx
      .updateTable('jobs')
      .set(
        dead
          ? { status: 'dead', error: reason, finished_at: now, lease_expires_at: null }
          : { status: 'queued', error: reason, run_at: new Date(now.getTime() + wait), lease_expires_at: null },
      )
      .where('id', '=', job.id)
      .execute();
  });
  return dead ? 'dead' : 'queued';
}

/**
 * Cancels a job the caller may see: a queued (or still uploading) one ends at once, a running one
 * is asked to stop at its next checkpoint. Undefined when there is no such job; else its status.
 */
export async function requestCancel(
  db: Db,
  visible: (id: number) => Promise<boolean>,
  id: number,
  now: Date,
): Promise<'cancelled' | 'cancelling' | 'ended' | undefined> {
  if (!(await visible(id))) return undefined;
  return db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('jobs').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!job) return undefined;
    if (job.status === 'queued' || job.status === 'uploading') {
      await trx
        .updateTable('jobs')
        .set({ status: 'cancelled', finished_at: now, lease_expires_at: null, cancel_requested_at: now })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('job_log')
        .values({ job_id: id, level: 'info', message: 'Cancelled before it ran.', at: now })
        .execute();
      await deleteFile(trx, id);
      return 'cancelled';
    }
    if (job.status === 'running') {
      await trx.updateTable('jobs').set({ cancel_requested_at: now }).where('id', '=', id).execute();
      return 'cancelling';
    }
    return 'ended';
  });
}

/** Whether a cancel was asked for this job (kinds without batches check it at their checkpoints). */
export async function cancelRequested(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('cancel_requested_at').where('id', '=', id).executeTakeFirst();
  return row?.cancel_requested_at != null;
}

/** Ends a job that ran to its end: succeeded, or failed with its reason; its lease released. */
export async function endJob(
  db: Executor,
  id: number,
  now: Date,
  outcome: { status: 'succeeded' } | { status: 'failed'; error: string | null } = { status: 'succeeded' },
): Promise<'succeeded' | 'failed'> {
  const error = outcome.status === 'failed' ? outcome.error : null;
  await db
    .updateTable('jobs')
    .set({ status: outcome.status, progress: 1, finished_at: now, lease_expires_at: null, error })
    .where('id', '=', id)
    .execute();
  return outcome.status;
}

/** Keeps a running job's lease until `until` (a kind that waits: a back-off, a rate limit, a slow feed). */
export async function extendLease(db: Executor, id: number, until: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ lease_expires_at: until })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', until)]))
    .execute();
}
