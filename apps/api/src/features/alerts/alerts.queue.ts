// Queuing alert work in the caller's transaction. Imported by the writers of findings (imports, the
// system's bulk writes), so it imports nothing of alerts itself: no import cycle with the job kinds.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** What an evaluation looks at: an import's findings, or the system's writes of a module within a window. */
export type Evaluation = { job_id: number } | { module: string; from: string; to: string };

/** The system's writes (the CVE watch) are gathered this long: a catalogue import's batches give one alert. */
export const SYSTEM_WINDOW_MS = 60_000;

function insertEvaluation(db: Executor, companyId: number, what: Evaluation, now: Date, runAt: Date | null) {
  return db
    .insertInto('jobs')
    .values({
      company_id: companyId,
      kind: 'alerts.evaluate',
      module: 'alerts',
      status: 'queued',
      file_name: 'job_id' in what ? `alerts for job ${what.job_id}` : `alerts for ${what.module}`,
      file_size: 0,
      options: JSON.stringify(what),
      priority: 5,
      run_at: runAt,
      created_by: null,
      created_at: now,
    })
    .execute();
}

/** Queues the evaluation of what an import found, in the transaction that ends it. */
export async function queueEvaluation(db: Executor, companyId: number, jobId: number, now: Date): Promise<void> {
  await insertEvaluation(db, companyId, { job_id: jobId }, now, null);
}

/**
 * Queues the evaluation of the system's new findings of a module, or widens the one still waiting
 * for the company and module (its window ends now, and it waits a minute more), so that writes
 * close together raise one alert per rule.
 */
export async function queueSystemEvaluation(db: Executor, companyId: number, module: string, now: Date): Promise<void> {
  const runAt = new Date(now.getTime() + SYSTEM_WINDOW_MS);
  const widened = await db
    .updateTable('jobs')
    .set({
      options: sql<string>`jsonb_set(options::jsonb, '{to}', to_jsonb(${now.toISOString()}::text))::text`,
      run_at: runAt,
    })
    .where('kind', '=', 'alerts.evaluate')
    .where('status', '=', 'queued')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`options::jsonb ->> 'module' = ${module}`)
    .executeTakeFirst();
  if (Number(widened.numUpdatedRows) > 0) return;
  const at = now.toISOString();
  await insertEvaluation(db, companyId, { module, from: at, to: at }, now, runAt);
}
