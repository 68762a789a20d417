// Matching a company's stored mentions again (job kind `mentions.rematch`), queued in the
// transaction that adds, switches or deletes a keyword: every mention of the company, by id in
// batches of 200 (one transaction each), gets the matches of the enabled keywords now; a mention
// that matches for the first time becomes a finding of the system (an event, the alert
// evaluation, the rating refresh at the end). Idempotent: a job that stopped half-way is run again from the start.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { appendLog } from '../../platform/imports/imports.repository.js';
import type { JobKind, RunOutcome } from '../../platform/jobs/job-kind.types.js';
import { queueJob } from '../../platform/jobs/job-queue.js';
import { cancelRequested, endJob, extendLease } from '../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../platform/jobs/jobs.table.js';
import { queueRatingRefresh } from '../../platform/risk/risk.queue.js';
import { applyMatches, enabledKeywords } from './mentions.ingest.js';

export const REMATCH_JOB = 'mentions.rematch';
const BATCH = 200;
const LEASE_MS = 60_000;

/** Whether a re-match of the company is queued or running. */
export async function rematchPending(db: Executor, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', REMATCH_JOB)
    .where('company_id', '=', companyId)
    .where('status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues a re-match of the company's mentions, unless one is waiting already (a running one may have read the old keywords). */
export async function queueRematch(
  db: Executor,
  companyId: number,
  now: Date,
  createdBy: number | null,
): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', REMATCH_JOB)
    .where('company_id', '=', companyId)
    .where('status', '=', 'queued')
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  await queueJob(db, { kind: REMATCH_JOB, module: 'mentions', companyId, label: 'keyword re-match', createdBy, now });
}

const mentionColumns = [
  'id',
  'content_hash',
  'source_type',
  'source_name',
  'posted_at',
  'title',
  'body',
  'finding_id',
  'is_demo',
] as const;

export async function runRematch(ctx: AppContext, job: ClaimedJob, signal: AbortSignal): Promise<RunOutcome> {
  if (job.company_id === null)
    return endJob(ctx.db, job.id, ctx.clock.now(), { status: 'failed', error: 'No company.' });
  const companyId = job.company_id;
  const keywords = await enabledKeywords(ctx.db, companyId);
  let after = 0;
  let read = 0;
  let found = 0;
  for (;;) {
    if (signal.aborted) {
      await ctx.db
        .updateTable('jobs')
        .set({ status: 'queued', lease_expires_at: null })
        .where('id', '=', job.id)
        .execute();
      return 'released';
    }
    if (await cancelRequested(ctx.db, job.id)) {
      const now = ctx.clock.now();
      await ctx.db
        .updateTable('jobs')
        .set({ status: 'cancelled', finished_at: now, lease_expires_at: null })
        .where('id', '=', job.id)
        .execute();
      return 'cancelled';
    }
    await extendLease(ctx.db, job.id, new Date(ctx.clock.now().getTime() + LEASE_MS));
    const batch = await ctx.db
      .selectFrom('mentions')
      .select(mentionColumns)
      .where('company_id', '=', companyId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    const now = ctx.clock.now();
    found += await ctx.db.transaction().execute(async (trx) => {
      const target = (isDemo: boolean) => ({ companyId, jobId: null, isDemo, now });
      const demo = await applyMatches(
        trx,
        target(true),
        keywords,
        batch.filter((m) => m.is_demo),
      );
      return (
        demo +
        (await applyMatches(
          trx,
          target(false),
          keywords,
          batch.filter((m) => !m.is_demo),
        ))
      );
    });
    read += batch.length;
    after = batch.at(-1)?.id ?? after;
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const message = `${read} mentions matched against ${keywords.length} keywords; ${found} new or reopened findings.`;
    await appendLog(trx, job.id, 'info', message, now);
    await trx.updateTable('jobs').set({ read_count: read }).where('id', '=', job.id).execute();
    // New findings count in the rating's closed-source mentions.
    if (found > 0) await queueRatingRefresh(trx, companyId, now);
  });
  return endJob(ctx.db, job.id, now);
}

export const rematchJob: JobKind = {
  group: REMATCH_JOB,
  // One at a time: two re-matches of one company would rewrite the same matches.
  concurrency: 1,
  priority: 1,
  retried: true,
  run: runRematch,
};
