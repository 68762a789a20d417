// An import's rows in the job table (platform/jobs claims them): each batch commits its counts,
// checkpoint and a fresh lease; the lists and details the screens read.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { PageInput } from '../findings/findings.query.js';
import { capped, pageOf } from '../findings/findings.query.js';
import { deleteFile } from './import-files.repository.js';
import type { ImportJobRow } from './imports.table.js';

export { insertJob } from './import-files.repository.js';

export interface BatchCounts {
  read: number;
  added: number;
  updated: number;
  rejected: number;
  checkpoint: number;
  progress: number;
}

/**
 * Adds one batch's counts and moves the checkpoint on, only from `after` (the checkpoint the batch
 * follows): `lost` when the job row holds another checkpoint (an earlier batch rolled back, or the
 * job was taken over after its lease ended), and the caller rolls the batch back; `cancel` when a
 * cancel was requested meanwhile (the job stops at this checkpoint).
 */
export async function commitBatchCounts(
  db: Executor,
  jobId: number,
  after: number,
  counts: BatchCounts,
  leaseUntil: Date,
): Promise<'moved' | 'lost' | 'cancel'> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      read_count: eb('read_count', '+', counts.read),
      added_count: eb('added_count', '+', counts.added),
      updated_count: eb('updated_count', '+', counts.updated),
      rejected_count: eb('rejected_count', '+', counts.rejected),
      checkpoint: counts.checkpoint,
      progress: counts.progress,
      lease_expires_at: leaseUntil,
    }))
    .where('id', '=', jobId)
    .where('checkpoint', '=', after)
    .returning('cancel_requested_at')
    .executeTakeFirst();
  if (!result) return 'lost';
  return result.cancel_requested_at === null ? 'moved' : 'cancel';
}

export async function insertRejects(
  db: Executor,
  rows: { job_id: number; file_path: string; line: number; reason: string }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('import_rejects')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

export async function appendLog(
  db: Executor,
  jobId: number,
  level: 'info' | 'warn' | 'error',
  message: string,
  at: Date,
) {
  await db.insertInto('job_log').values({ job_id: jobId, level, message, at }).execute();
}

export async function finishJob(
  db: Executor,
  jobId: number,
  values: { status: 'succeeded' | 'failed' | 'queued' | 'cancelled'; error?: string | null; at: Date | null },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: values.status,
      error: values.error ?? null,
      finished_at: values.status === 'queued' ? null : values.at,
      lease_expires_at: null,
      ...(values.status === 'succeeded' ? { progress: 1 } : {}),
    })
    .where('id', '=', jobId)
    .execute();
  // A finished job's file is of no more use, whether it succeeded or failed.
  if (values.status !== 'queued') await deleteFile(db, jobId);
}

export function findJobRow(db: Executor, jobId: number) {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

const jobColumns = [
  'j.id',
  'j.kind',
  'j.module',
  'j.status',
  'j.file_name',
  'j.file_size',
  'j.progress',
  'j.read_count',
  'j.added_count',
  'j.updated_count',
  'j.rejected_count',
  'j.error',
  'j.attempts',
  'j.is_demo',
  'j.created_by',
  'u.name as created_by_name',
  'j.created_at',
  'j.started_at',
  'j.finished_at',
] as const;

/** A company's jobs; with `platform`, the platform's catalogue jobs too (what an operator sees). */
export interface JobScope extends TenantScope {
  platform: boolean;
  /** The registered import kinds (the job table also holds tasks and feeds' syncs). */
  importKinds: readonly string[];
}

/** `jobs as j` rows the scope may see. */
function ofScope(scope: JobScope) {
  return scope.platform
    ? sql<boolean>`(${tenantFilter('j', scope)} or j.company_id is null)`
    : tenantFilter('j', scope);
}

export function listJobRows(
  db: Executor,
  scope: JobScope,
  input: PageInput & { module?: string | undefined; status?: string | undefined; kind?: string | undefined },
) {
  let base = db
    .selectFrom('jobs as j')
    .where(ofScope(scope))
    .where('j.kind', 'in', scope.importKinds)
    .where('j.status', '<>', 'uploading');
  if (input.module) base = base.where('j.module', '=', input.module);
  if (input.status) base = base.where('j.status', '=', input.status as ImportJobRow['status']);
  if (input.kind) base = base.where('j.kind', '=', input.kind);
  const query = base.leftJoin('users as u', 'u.id', 'j.created_by').select(jobColumns).orderBy('j.id', 'desc');
  return pageOf(db, query, capped(base), input);
}

export function findJob(db: Executor, scope: JobScope, id: number) {
  return db
    .selectFrom('jobs as j')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .select(jobColumns)
    .where(ofScope(scope))
    .where('j.kind', 'in', scope.importKinds)
    .where('j.status', '<>', 'uploading')
    .where('j.id', '=', id)
    .executeTakeFirst();
}

export function listRejects(db: Executor, jobId: number, limit: number) {
  return db
    .selectFrom('import_rejects')
    .select(['file_path', 'line', 'reason'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function listLog(db: Executor, jobId: number) {
  return db
    .selectFrom('job_log')
    .select(['at', 'level', 'message'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .limit(500)
    .execute();
}

/** Claims are the job system's (platform/jobs); re-exported for the import tests. */
export { claimJob } from '../jobs/jobs.repository.js';
