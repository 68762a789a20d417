// The vulnerabilities screen: scanner findings joined to the CVE catalogue for EPSS and KEV.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  type FindingFilters,
  findingConditions,
  hasFindingFilters,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
  SEVERITY_RANK,
} from '../../platform/findings/findings.query.js';
import { coreColumns } from '../../platform/findings/findings.repository.js';
import { openStatuses } from '../../platform/findings/findings.table.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';

export interface VulnerabilityListInput extends Omit<FindingFilters, 'module'>, PageInput {
  q?: string | undefined;
  host?: string | undefined;
  overdue?: boolean | undefined;
  sort?: '-last_seen_at' | 'last_seen_at' | 'due_at' | '-due_at' | '-severity' | 'severity' | undefined;
}

/**
 * The text the search looks in, any part of it, any case: the URL, host, template id and name, CVE
 * id. Written exactly as the trigram index vulnerability_findings_search (migration 2026-11-26-1300)
 * indexes it: the planner uses the index only for the same expression.
 */
export const vulnerabilitySearchText = sql`lower(v.matched_at || ' ' || v.host || ' ' || v.template_id || ' ' || v.name || ' ' || coalesce(v.cve_id, ''))`;

function vulnerabilityDetailConditions(scope: TenantScope, input: VulnerabilityListInput) {
  const c = [tenantFilter('v', scope)];
  const q = input.q?.trim().toLowerCase();
  if (q) c.push(sql`${vulnerabilitySearchText} like ${likeContains(q)}`);
  // Part of the host as people type it (`api.acme`), any case; the company's rows only.
  if (input.host) c.push(sql`v.host ilike ${likeContains(input.host.trim())}`);
  return c;
}

/**
 * Every vulnerabilities finding has its row (one transaction writes both), so a left join returns
 * the same rows; it keeps the planner's estimate of the findings side, and so the ordered index
 * scan with a limit, where an inner join made it sort the whole module. The detail conditions
 * after the first (the company, already on the finding) still filter on `v`.
 */
function vulnerabilityBase(db: Executor, scope: TenantScope, input: VulnerabilityListInput, now: Date) {
  const c = [
    ...findingConditions(scope, { ...input, module: 'vulnerabilities' }),
    ...vulnerabilityDetailConditions(scope, input).slice(1),
  ];
  if (input.overdue !== undefined) {
    const open = sql`f.status in (${sql.join(openStatuses)})`;
    c.push(
      input.overdue ? sql`(${open} and f.due_at < ${now})` : sql`not (${open} and coalesce(f.due_at < ${now}, false))`,
    );
  }
  return db.selectFrom('findings as f').leftJoin('vulnerability_findings as v', 'v.finding_id', 'f.id').where(and(c));
}

function withColumns(base: ReturnType<typeof vulnerabilityBase>, now: Date) {
  return base
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .leftJoin('cves as c', 'c.cve_id', 'v.cve_id')
    .select([
      ...coreColumns,
      'v.template_id',
      'v.name',
      'v.host',
      'v.matched_at',
      'v.cve_id',
      sql<string | null>`coalesce(v.cvss_score, c.cvss31_score, c.cvss40_score)::text`.as('cvss_score'),
      'c.epss',
      'c.epss_percentile',
      sql<string | null>`c.kev_date_added::text`.as('kev_date_added'),
      sql<string | null>`c.kev_due_date::text`.as('kev_due_date'),
      sql<boolean>`coalesce(f.status in (${sql.join(openStatuses)}) and f.due_at < ${now}, false)`.as('overdue'),
    ]);
}

const vulnerabilityOrder = {
  due_at: 'f.due_at',
  severity: SEVERITY_RANK,
  last_seen_at: 'f.last_seen_at',
} as const;

export function listVulnerabilityRows(db: Executor, scope: TenantScope, input: VulnerabilityListInput, now: Date) {
  const base = vulnerabilityBase(db, scope, input, now);
  const order = orderOf(input.sort, vulnerabilityOrder, '-last_seen_at');
  const query = withColumns(base, now)
    .orderBy(orderSql(order, order.column === vulnerabilityOrder.due_at))
    .orderBy('f.id', order.dir);
  const count =
    hasFindingFilters(input) || input.overdue !== undefined
      ? capped(base)
      : capped(db.selectFrom('vulnerability_findings as v').where(and(vulnerabilityDetailConditions(scope, input))));
  return pageOf(db, query, count, input);
}

export function vulnerabilityBatchAfter(
  db: Executor,
  scope: TenantScope,
  input: VulnerabilityListInput,
  now: Date,
  after: number,
) {
  return withColumns(vulnerabilityBase(db, scope, input, now), now)
    .where(sql<boolean>`f.id > ${after}`)
    .orderBy('f.id')
    .limit(EXPORT_BATCH)
    .execute();
}

/** One vulnerability of the scope's company with its evidence; undefined for any other id. */
export function findVulnerability(db: Executor, scope: TenantScope, id: number, now: Date) {
  return withColumns(vulnerabilityBase(db, scope, {}, now), now)
    .select(['v.evidence', 'v.scanned_at'])
    .where('f.id', '=', id)
    .executeTakeFirst();
}
