// The scheduled scans (PCI DSS 11.6.1 asks for at least weekly): every quarter of an hour, when the
// deployment schedules scans (SCAN_SCHEDULE), each enabled page that is due (its next scan time
// passed, never scanned, or not scanned for a week whatever its interval) gets one scan queued,
// unless one is queued or running already.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import { appendLog } from '../../../platform/imports/imports.repository.js';
import type { RunOutcome } from '../../../platform/jobs/job-kind.types.js';
import { endJob } from '../../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../../platform/jobs/jobs.table.js';
import { PAGE_LABEL, queueScan, SCAN_JOB } from './scan-queue.js';

const WEEK_MS = 7 * 24 * 3_600_000;
/** At most this many scans queued per quarter of an hour; the rest are due at the next one. */
export const SCHEDULE_BATCH = 500;

export async function queueDueScans(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('store_pages as p')
      .select(['p.id', 'p.company_id', 'p.is_demo'])
      .where('p.enabled', '=', true)
      .where((eb) =>
        eb.or([
          eb('p.next_scan_at', 'is', null),
          eb('p.next_scan_at', '<=', now),
          eb('p.last_scanned_at', '<', weekAgo),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('jobs as j')
              .select('j.id')
              .whereRef('j.company_id', '=', 'p.company_id')
              .where('j.kind', '=', SCAN_JOB)
              .where('j.status', 'in', ['queued', 'running'])
              .where(sql<boolean>`j.file_name = ${PAGE_LABEL} || p.id`),
          ),
        ),
      )
      .orderBy(sql`p.next_scan_at asc nulls first`)
      .limit(SCHEDULE_BATCH)
      .execute();
    for (const page of due) {
      await queueScan(trx, { companyId: page.company_id, pageId: page.id, createdBy: null, isDemo: page.is_demo, now });
    }
    await appendLog(trx, job.id, 'info', `${due.length} page scans queued.`, now);
    return due.length;
  });
  await endJob(ctx.db, job.id, ctx.clock.now());
  return queued >= 0 ? 'succeeded' : 'failed';
}
