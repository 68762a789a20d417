// The demo's probe runs: once the demo setup has written a demo company's scope and suppliers, the
// check of that scope's proof of control is queued (ADR 0041: the demo DNS server publishes each
// demo company's TXT record, so the real verification runs) ahead of the imports — a DNS lookup, so
// the scope screen says Verified at once rather than after minutes of demo imports; once it has
// verified the entries it queues, below the imports' priority, one run of the company's own
// inventory and one of each of its suppliers. A development start points the
// probes at the demo targets it serves (dev/probe-targets/demo-targets.ts), so they contact
// 127.0.0.1 only.
import type { Executor } from '../../../db/database.js';
import type { MonitoringModule } from '../../../platform/monitoring/monitoring-module.js';
import { queueProbeRun, queueScopeVerify } from './probes.repository.js';

type DemoSetup = NonNullable<MonitoringModule['demoSetup']>;

export async function queueDemoProbeRuns(db: Executor, companyId: number, anchor: Date): Promise<void> {
  const suppliers = await db
    .selectFrom('suppliers')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  for (const supplierId of [null, ...suppliers.map((s) => s.id)]) {
    await queueProbeRun(db, {
      companyId,
      options: { supplier_id: supplierId },
      createdBy: null,
      isDemo: true,
      now: anchor,
      priority: -1,
    });
  }
}

/** The module's demo setup, followed by the check of the demo company's scope (then its probe runs). */
export function withDemoProbeRuns(setup: DemoSetup): DemoSetup {
  return async (db, companyId, company, anchor) => {
    await setup(db, companyId, company, anchor);
    await queueScopeVerify(db, { companyId, isDemo: true, now: anchor, priority: 1 });
  };
}
