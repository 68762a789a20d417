// Queuing a company's rating refresh in the caller's transaction: the end of an import or of a
// probe run changes findings, so the company's snapshot of today (and its suppliers') is brought up
// to date by a `risk.snapshot` job for that company, instead of waiting for the hourly run. Imports
// nothing of risk itself (no cycle with the job kinds), like alerts.queue.ts.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { queueJob } from '../jobs/job-queue.js';

/** Queues a `risk.snapshot` of one company, unless one is waiting for it already. */
export async function queueRatingRefresh(db: Executor, companyId: number, now: Date): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'risk.snapshot')
    .where('status', '=', 'queued')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`options::jsonb ->> 'company_id' = ${String(companyId)}`)
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  await queueJob(db, {
    kind: 'risk.snapshot',
    module: 'risk',
    companyId,
    label: 'technical risk rating',
    options: { company_id: String(companyId) },
    // Below imports and probe runs: the demo's rating is taken once their findings are written.
    priority: -2,
    now,
  });
}
