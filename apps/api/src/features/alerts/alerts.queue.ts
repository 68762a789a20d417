// Queuing alert work in the caller's transaction. Imported by the writers of findings (imports, the
// system's bulk writes), so it imports nothing of alerts itself: no import cycle with the job kinds.
import type { Executor } from '../../db/database.js';

export type Evaluation = { job_id: number } | { module: string; at: string };

/** Queues the evaluation of what an import (job id) or a system write (module, time) found, in the caller's transaction. */
export async function queueEvaluation(db: Executor, companyId: number, what: Evaluation, now: Date): Promise<void> {
  await db
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
      created_by: null,
      created_at: now,
    })
    .execute();
}
