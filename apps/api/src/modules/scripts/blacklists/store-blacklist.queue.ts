// Queueing the store blacklist's check (store-blacklist.check.ts) of one company's due entries:
// when an entry is added, and by the six-hourly schedule for every company with entries due.
import type { Executor } from '../../../db/database.js';
import { queueJob } from '../../../platform/jobs/job-queue.js';

export const RECHECK_JOB = 'scripts.blacklist-recheck';
export const RECHECK_LABEL = 'store blacklist check';

/** Queues a check of the company's due entries, unless one is waiting already. */
export async function queueBlacklistCheck(db: Executor, companyId: number, now: Date, isDemo = false): Promise<void> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', RECHECK_JOB)
    .where('status', '=', 'queued')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (waiting) return;
  // Below imports and scans: the demo's checks run once the rest of its data is in.
  await queueJob(db, {
    kind: RECHECK_JOB,
    module: 'scripts',
    companyId,
    label: RECHECK_LABEL,
    priority: -1,
    isDemo,
    now,
  });
}
