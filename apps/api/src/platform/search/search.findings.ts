// The platform's own group of the search: the modules' findings, by title (but those of a module
// whose own groups show them all). A finding opens where its alerts open it (findingPath: its
// screen, tab and supplier).
import { sql } from 'kysely';
import { tenantsFilter } from '../../shared/tenant.js';
import { findingPath } from '../monitoring/finding-path.js';
import type { MonitoringModule, SearchHit, SearchInput } from '../monitoring/monitoring-module.js';
import { rankedText } from './search.sql.js';

interface FindingMatch {
  id: number;
  company_id: number;
  module: string;
  fingerprint: string;
  supplier_id: number | null;
  title: string;
  severity: string;
  last_seen_at: Date;
}

/**
 * The modules whose own groups show all their findings are left out, as literals: the planner then
 * sees that the findings index (which leaves out the credentials module's) serves the query.
 */
function notCovered(modules: readonly MonitoringModule[]) {
  const covered = modules.filter((m) => m.search?.some((s) => s.coversFindings)).map((m) => sql.lit(m.id));
  return covered.length > 0 ? [sql<boolean>`f.module not in (${sql.join(covered)})`] : [];
}

export async function searchFindings(input: SearchInput, modules: readonly MonitoringModule[]): Promise<SearchHit[]> {
  const rows = await rankedText<FindingMatch>(
    input.db,
    {
      from: sql`findings f`,
      expression: 'f.title',
      where: [tenantsFilter('f', input.companyIds), ...notCovered(modules)],
      columns: sql`f.id, f.company_id, f.module, f.fingerprint, f.supplier_id, f.title, f.severity, f.last_seen_at`,
      recency: 'f.last_seen_at',
    },
    input.text,
    input.limit,
  );
  return rows.map((f) => ({
    company_id: f.company_id,
    id: String(f.id),
    title: f.title,
    snippet: null,
    link: findingPath(modules, f.module, f),
    at: new Date(f.last_seen_at).toISOString(),
    severity: f.severity,
  }));
}
