// Queuing alert work in the caller's transaction. Imported by the writers of findings (imports, the
// system's bulk writes), so it imports nothing of alerts itself: no import cycle with the job kinds.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { queueJob } from '../jobs/job-queue.js';

/** What an evaluation looks at: an import's findings, or the system's writes of a module within a window. */
export type Evaluation =
  | { job_id: number }
  | {
      module: string;
      from: string;
      to: string /** Written by this platform job (its source). */;
      platform_job_id?: number;
    };

function insertEvaluation(db: Executor, companyId: number, what: Evaluation, now: Date) {
  return queueJob(db, {
    kind: 'alerts.evaluate',
    module: 'alerts',
    companyId,
    label: 'job_id' in what ? `alerts for job ${what.job_id}` : `alerts for ${what.module}`,
    options: what,
    priority: 5,
    now,
  });
}

/** Queues the evaluation of what an import found, in the transaction that ends it. */
export async function queueEvaluation(db: Executor, companyId: number, jobId: number, now: Date): Promise<void> {
  await insertEvaluation(db, companyId, { job_id: jobId }, now);
}

/**
 * Queues the evaluation of the system's new findings of a module written outside a platform job (a
 * watch-list change), or widens the one still waiting for the company and module to now.
 */
export async function queueSystemEvaluation(db: Executor, companyId: number, module: string, now: Date): Promise<void> {
  const widened = await db
    .updateTable('jobs')
    .set({ options: sql<string>`jsonb_set(options::jsonb, '{to}', to_jsonb(${now.toISOString()}::text))::text` })
    .where('kind', '=', 'alerts.evaluate')
    .where('status', '=', 'queued')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`options::jsonb ->> 'module' = ${module}`)
    .executeTakeFirst();
  if (Number(widened.numUpdatedRows) > 0) return;
  const at = now.toISOString();
  await insertEvaluation(db, companyId, { module, from: at, to: at }, now);
}

/**
 * When a platform job (a CVE catalogue import) ends: one evaluation per company it gave new
 * findings of the module, over the job's whole run, so its batches raise one alert per rule.
 */
export async function queuePlatformEvaluations(
  db: Executor,
  job: { id: number; started_at: Date | null },
  module: string,
  now: Date,
): Promise<void> {
  const from = job.started_at ?? now;
  const companies = await db
    .selectFrom('findings')
    .select('company_id')
    .distinct()
    .where('module', '=', module)
    .where('last_job_id', 'is', null)
    .where('updated_at', '>=', from)
    .where('updated_at', '<=', now)
    .execute();
  for (const { company_id } of companies) {
    const window = { module, from: from.toISOString(), to: now.toISOString(), platform_job_id: job.id };
    await insertEvaluation(db, company_id, window, now);
  }
}
