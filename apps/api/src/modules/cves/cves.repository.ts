// The CVE monitor: the company's CVE findings joined to the global catalogue, and the watch list.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import {
  and,
  type CountOf,
  capped,
  type FindingFilters,
  findingConditions,
  hasFindingFilters,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../platform/findings/findings.query.js';
import { coreColumns } from '../../platform/findings/findings.repository.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';

export interface CveListInput extends Omit<FindingFilters, 'module'>, PageInput {
  q?: string | undefined;
  kev?: boolean | undefined;
  min_epss?: number | undefined;
  vendor?: string | undefined;
  sort?:
    | '-published_at'
    | 'published_at'
    | '-cvss'
    | 'cvss'
    | '-epss'
    | 'epss'
    | '-last_seen_at'
    | 'last_seen_at'
    | undefined;
}

export const cveColumns = [
  'c.cve_id',
  'c.published_at',
  'c.last_modified_at',
  'c.description',
  'c.cvss31_score',
  'c.cvss31_vector',
  'c.cvss40_score',
  'c.cvss40_vector',
  'c.epss',
  'c.epss_percentile',
  sql<string | null>`c.epss_date::text`.as('epss_date'),
  sql<string | null>`c.kev_date_added::text`.as('kev_date_added'),
  sql<string | null>`c.kev_due_date::text`.as('kev_due_date'),
  'c.kev_ransomware',
  sql<
    string[]
  >`array(select p.vendor || ':' || p.product from cve_products p where p.cve_id = c.cve_id order by 1 limit 20)`.as(
    'products',
  ),
] as const;

/** Conditions on cve_findings (`cf`) and, when `catalogue` says so, on the catalogue row (`c`). */
function cveConditions(scope: TenantScope, input: CveListInput) {
  const detail = [tenantFilter('cf', scope)];
  const catalogue: ReturnType<typeof sql>[] = [];
  const q = input.q?.trim();
  if (q) {
    if (/^cve-?\d/i.test(q)) detail.push(sql`cf.cve_id like ${`${q.toUpperCase().replace(/[\\%_]/g, '')}%`}`);
    else catalogue.push(sql`c.description ilike ${likeContains(q)}`);
  }
  if (input.kev !== undefined)
    catalogue.push(input.kev ? sql`c.kev_date_added is not null` : sql`c.kev_date_added is null`);
  if (input.min_epss !== undefined) catalogue.push(sql`c.epss >= ${input.min_epss}`);
  if (input.vendor) {
    detail.push(
      sql`exists (select 1 from cve_products p where p.cve_id = cf.cve_id and p.vendor = ${input.vendor.toLowerCase()})`,
    );
  }
  return { detail, catalogue };
}

function cveBase(db: Executor, scope: TenantScope, input: CveListInput) {
  const { detail, catalogue } = cveConditions(scope, input);
  const c = [...findingConditions(scope, { ...input, module: 'cves' }), ...detail, ...catalogue];
  return db
    .selectFrom('findings as f')
    .innerJoin('cve_findings as cf', 'cf.finding_id', 'f.id')
    .innerJoin('cves as c', 'c.cve_id', 'cf.cve_id')
    .where(and(c));
}

/** The count joins the findings and the catalogue only when the filters need them. */
function cveCount(db: Executor, scope: TenantScope, input: CveListInput): CountOf {
  if (hasFindingFilters(input)) return capped(cveBase(db, scope, input));
  const { detail, catalogue } = cveConditions(scope, input);
  return catalogue.length > 0
    ? capped(
        db
          .selectFrom('cve_findings as cf')
          .innerJoin('cves as c', 'c.cve_id', 'cf.cve_id')
          .where(and([...detail, ...catalogue])),
      )
    : capped(db.selectFrom('cve_findings as cf').where(and(detail)));
}

function withColumns(base: ReturnType<typeof cveBase>) {
  return base.leftJoin('users as au', 'au.id', 'f.assignee_id').select([...coreColumns, ...cveColumns]);
}

const cveOrder = {
  cvss: 'coalesce(c.cvss40_score, c.cvss31_score)',
  epss: 'c.epss',
  last_seen_at: 'f.last_seen_at',
  published_at: 'cf.published_at',
} as const;

export function listCveRows(db: Executor, scope: TenantScope, input: CveListInput) {
  const base = cveBase(db, scope, input);
  const order = orderOf(input.sort, cveOrder, '-published_at');
  const nullable = order.column === cveOrder.cvss || order.column === cveOrder.epss;
  const query = withColumns(base).orderBy(orderSql(order, nullable)).orderBy('cf.cve_id', order.dir);
  return pageOf(db, query, cveCount(db, scope, input), input);
}

export function cveBatchAfter(db: Executor, scope: TenantScope, input: CveListInput, after: number) {
  return withColumns(cveBase(db, scope, input))
    .where(sql<boolean>`f.id > ${after}`)
    .orderBy('f.id')
    .limit(EXPORT_BATCH)
    .execute();
}

/** A CVE of the catalogue, only when the company tracks it (a finding of its watch list). */
export function findCompanyCve(db: Executor, scope: TenantScope, cveId: string) {
  return withColumns(cveBase(db, scope, {}))
    .select(['c.cpes'])
    .where('cf.cve_id', '=', cveId)
    .executeTakeFirst();
}

export function listCveChanges(db: Executor, cveId: string) {
  return db
    .selectFrom('cve_changes')
    .select(['field', 'from_value', 'to_value', 'at', 'job_id'])
    .where('cve_id', '=', cveId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export function listWatchItems(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('cve_watch_items as w')
    .select([
      'w.id',
      'w.vendor',
      'w.product',
      'w.created_at',
      sql<number>`(select count(*)::int from cve_products p join cve_findings cf on cf.cve_id = p.cve_id
        and cf.company_id = w.company_id where p.vendor = w.vendor and (w.product = '*' or p.product = w.product))`.as(
        'match_count',
      ),
    ])
    .where(tenantFilter('w', scope))
    .orderBy('w.vendor')
    .orderBy('w.product')
    .execute();
}

export async function insertWatchItem(
  db: Executor,
  scope: TenantScope,
  values: { vendor: string; product: string; at: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('cve_watch_items')
    .values({
      company_id: scope.companyId,
      vendor: values.vendor,
      product: values.product,
      created_by: scope.userId,
      created_at: values.at,
    })
    .onConflict((oc) => oc.columns(['company_id', 'vendor', 'product']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function deleteWatchItem(db: Executor, scope: TenantScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('cve_watch_items')
    .where(tenantFilter('cve_watch_items', scope))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Catalogue CVEs of a vendor (and product, unless '*'). */
export function catalogueMatches(db: Executor, vendor: string, product: string) {
  let query = db
    .selectFrom('cve_products as p')
    .innerJoin('cves as c', 'c.cve_id', 'p.cve_id')
    .select([
      'c.cve_id',
      'c.description',
      'c.severity',
      'c.published_at',
      sql<string | null>`c.kev_date_added::text`.as('kev_date_added'),
    ])
    .distinct()
    .where('p.vendor', '=', vendor);
  if (product !== '*') query = query.where('p.product', '=', product);
  return query.execute();
}

export function listProducts(db: Executor, q: string | undefined) {
  const text = (q ?? '').trim().toLowerCase();
  const [vendor = '', product] = text.split(':');
  let query = db
    .selectFrom('cve_products')
    .select(['vendor', 'product', sql<number>`count(*)::int`.as('cve_count')])
    .groupBy(['vendor', 'product'])
    .orderBy('cve_count', 'desc')
    .limit(50);
  if (vendor) {
    query = query.where(sql<boolean>`vendor >= ${vendor} and vendor < ${`${vendor}\u{10FFFF}`}`);
  }
  if (product) query = query.where('product', 'like', `${product.replace(/[\\%_]/g, '')}%`);
  return query.execute();
}
