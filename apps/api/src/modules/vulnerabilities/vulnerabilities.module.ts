// The vulnerabilities module: scanner findings (nuclei) with SLA due dates by severity and the
// CVE catalogue's EPSS and KEV beside them.
import { sql } from 'kysely';
import { openStatuses } from '../../platform/findings/findings.table.js';
import { companyOf, defineImporter } from '../../platform/imports/import.types.js';
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { tenantFilter } from '../../shared/tenant.js';
import { parseNuclei } from './nuclei-files.js';
import { vulnerabilitiesDemo } from './vulnerabilities.demo.js';
import { writeNuclei } from './vulnerabilities.ingest.js';
import { vulnerabilitiesRoutes } from './vulnerabilities.routes.js';
import { slaOf } from './vulnerabilities.sla.js';

export const vulnerabilitiesModule: MonitoringModule = {
  id: 'vulnerabilities',
  screen: '/vulnerabilities',
  importers: [
    defineImporter({
      kind: 'nuclei',
      module: 'vulnerabilities',
      files: ['.jsonl', '.json'],
      expects: 'nuclei JSON lines (-jsonl, -json in 2.x) or a -json-export array',
      prepare: (db, job) => slaOf(db, companyOf(job)),
      parse: parseNuclei,
      write: writeNuclei,
    }),
  ],
  routes: vulnerabilitiesRoutes,
  demo: vulnerabilitiesDemo,
  // Scanner findings on the company's hosts, each with its SLA due date: patching cadence.
  riskFactors: { nuclei: 'patching_cadence' },
  lists: [{ path: '/vulnerabilities', export: '/vulnerabilities/export', detail: '/vulnerabilities/{id}' }],
  kpis: [
    {
      // Open findings past their SLA due date.
      id: 'overdue_sla',
      value: async ({ db, scope, now }) => {
        const row = await db
          .selectFrom('findings')
          .select(sql<number>`count(*)::int`.as('n'))
          .where(tenantFilter('findings', scope))
          .where('module', '=', 'vulnerabilities')
          .where('due_at', 'is not', null)
          .where('status', 'in', openStatuses)
          .where('due_at', '<', now)
          .executeTakeFirstOrThrow();
        return row.n;
      },
    },
  ],
};
