// The demo's probe runs: on each development start, one run of each demo company against the demo
// targets the server started (their resolver, ports and authority change with each start, so a run
// still queued from an earlier start is given the new ones). Labelled demo, it waits for the demo
// imports of its company (probe-run.ts), and contacts loopback addresses only.
import type { Executor } from '../../../db/database.js';
import type { ProbeJobOptions } from './probe-settings.js';
import { PROBE_JOB, queueProbeRun } from './probes.repository.js';

export async function queueDemoProbeRuns(
  db: Executor,
  companyNames: readonly string[],
  targets: Partial<ProbeJobOptions>,
  now: Date,
): Promise<number> {
  const companies = await db
    .selectFrom('companies')
    .select('id')
    .where('name', 'in', [...companyNames])
    .execute();
  const options = { ...targets, supplier_id: null, loopback_only: true };
  let queued = 0;
  for (const { id } of companies) {
    const waiting = await db
      .updateTable('jobs')
      .set({ options: JSON.stringify(options) })
      .where('company_id', '=', id)
      .where('kind', '=', PROBE_JOB)
      .where('is_demo', '=', true)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(waiting.numUpdatedRows) > 0) continue;
    await queueProbeRun(db, { companyId: id, options, createdBy: null, isDemo: true, now, priority: -1 });
    queued += 1;
  }
  return queued;
}
