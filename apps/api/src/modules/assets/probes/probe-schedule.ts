// The scheduled probe runs: every quarter of an hour (PROBE_SCHEDULE on), each inventory with a
// verified scope entry (a company's own, or a supplier's; ADR 0041) whose last run started PROBE_INTERVAL_HOURS ago or more
// gets one run queued, unless one is queued or running already.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import { appendLog } from '../../../platform/imports/imports.repository.js';
import type { RunOutcome } from '../../../platform/jobs/job-kind.types.js';
import { endJob } from '../../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../../platform/jobs/jobs.table.js';
import { inventoryLabel, PROBE_JOB, queueProbeRun } from './probes.repository.js';

export async function queueDueProbeRuns(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - ctx.config.probes.intervalHours * 3_600_000);
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const due = await sql<{ company_id: number; supplier_id: number | null }>`
      select distinct s.company_id, s.supplier_id from asset_scopes s
      where s.status = 'verified' and not exists (select 1 from probe_runs r where r.company_id = s.company_id
          and r.supplier_id is not distinct from s.supplier_id and r.started_at >= ${since})
        and not exists (select 1 from jobs j where j.company_id = s.company_id and j.kind = ${PROBE_JOB}
          and j.status in ('queued', 'running')
          and j.file_name = case when s.supplier_id is null then ${inventoryLabel(null)}
            else 'Probe run: supplier ' || s.supplier_id end)`.execute(trx);
    for (const inventory of due.rows) {
      await queueProbeRun(trx, {
        companyId: inventory.company_id,
        options: { supplier_id: inventory.supplier_id },
        createdBy: null,
        isDemo: false,
        now,
      });
    }
    await appendLog(trx, job.id, 'info', `${due.rows.length} probe runs queued.`, now);
    return due.rows.length;
  });
  await endJob(ctx.db, job.id, ctx.clock.now());
  return queued >= 0 ? 'succeeded' : 'failed';
}
