// The CVE catalogue read as a whole (shared reference data): a filtered, paged list and one CVE with
// every source's fields. The only company data read is the current company's watch list, to say
// whether it matches (ADR 0034: the catalogue itself belongs to no company).
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  and,
  type CountOf,
  capped,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../platform/findings/findings.query.js';
import { searchQuery, searchVector } from '../../platform/search/search.sql.js';

export interface CatalogueListInput extends PageInput {
  q?: string | undefined;
  vendor?: string | undefined;
  product?: string | undefined;
  cwe?: string | undefined;
  kev?: boolean | undefined;
  min_epss?: number | undefined;
  max_epss?: number | undefined;
  min_cvss?: number | undefined;
  max_cvss?: number | undefined;
  published_from?: string | undefined;
  published_to?: string | undefined;
  sort?: string | undefined;
}

/** The score the severity comes from: the newest CVSS version NVD carries (as migration 2026-12-06-1100 indexes it). */
export const CVSS_SCORE = 'coalesce(c.cvss40_score, c.cvss31_score, c.cvss30_score, c.cvss2_score)';
const CVSS_VERSION = `case when c.cvss40_score is not null then '4.0' when c.cvss31_score is not null then '3.1'
  when c.cvss30_score is not null then '3.0' when c.cvss2_score is not null then '2.0' end`;
/** NVD's and KEV's weaknesses together (the same expression as the GIN index). */
const CWES = `(coalesce(c.nvd_cwes, '{}'::text[]) || coalesce(c.kev_cwes, '{}'::text[]))`;

/** Whether a watch item of the company matches a product row `p` of the CVE. */
function watchMatches(companyId: number): RawBuilder<unknown> {
  return sql`w.company_id = ${companyId} and w.vendor = p.vendor and (w.product = '*' or w.product = p.product)`;
}

export const CVE_ID_PREFIX = /^cve-?\d/i;

/** The vendor/product filter, on the product rows `p`. */
function productParts(input: CatalogueListInput): RawBuilder<unknown>[] {
  return [
    ...(input.vendor ? [sql`p.vendor = ${input.vendor.trim().toLowerCase()}`] : []),
    ...(input.product ? [sql`p.product = ${input.product.trim().toLowerCase()}`] : []),
  ];
}

function conditions(input: CatalogueListInput): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const q = input.q?.trim();
  if (q && CVE_ID_PREFIX.test(q)) {
    // An id or its start: a range on the id's "C"-collated index (migration 2026-12-06-1100).
    const prefix = q.toUpperCase().replace(/^CVE-?/, 'CVE-');
    where.push(sql`(c.cve_id collate "C" >= ${prefix} and c.cve_id collate "C" < ${`${prefix}\u{10FFFF}`})`);
  } else if (q) {
    // Words of the description, as the search's index holds them (a word typed finds its longer forms).
    const query = searchQuery(q);
    if (query)
      where.push(sql`${searchVector(`c.cve_id || ' ' || c.description`)} @@ to_tsquery('vigil_search', ${query})`);
    else where.push(sql`false`);
  }
  const parts = productParts(input);
  if (parts.length > 0) {
    // A semi-join, so the planner picks by the product's row count (statistics): a rare product's
    // rows first, then those CVEs by their key and a sort; a common one (a tenth of the catalogue)
    // by walking the sort's index and testing each CVE until the page is full (231 rows walked
    // instead of 25,000 CVEs looked up and sorted at bench:data's 250,000 CVEs).
    where.push(sql`exists (select 1 from cve_products p where p.cve_id = c.cve_id and ${and(parts)})`);
  }
  if (input.cwe) where.push(sql`${sql.raw(CWES)} @> array[${input.cwe}]::text[]`);
  if (input.kev !== undefined)
    where.push(input.kev ? sql`c.kev_date_added is not null` : sql`c.kev_date_added is null`);
  if (input.min_epss !== undefined) where.push(sql`c.epss >= ${input.min_epss}`);
  if (input.max_epss !== undefined) where.push(sql`c.epss <= ${input.max_epss}`);
  if (input.min_cvss !== undefined) where.push(sql`${sql.raw(CVSS_SCORE)} >= ${input.min_cvss}`);
  if (input.max_cvss !== undefined) where.push(sql`${sql.raw(CVSS_SCORE)} <= ${input.max_cvss}`);
  if (input.published_from) where.push(sql`c.published_at >= ${new Date(input.published_from)}`);
  if (input.published_to) where.push(sql`c.published_at < ${new Date(input.published_to)}`);
  return where;
}

const catalogueOrder = {
  published_at: 'c.published_at',
  cvss: CVSS_SCORE,
  epss: 'c.epss',
  cve_id: 'c.cve_id',
} as const;

function base(db: Executor, input: CatalogueListInput) {
  const where = conditions(input);
  const query = db.selectFrom('cves as c');
  return where.length > 0 ? query.where(and(where)) : query;
}

export function listCatalogueRows(db: Executor, companyId: number, input: CatalogueListInput) {
  const order = orderOf(input.sort, catalogueOrder, '-published_at');
  const query = base(db, input)
    .select([
      'c.cve_id',
      'c.published_at',
      'c.last_modified_at',
      'c.description',
      'c.severity',
      sql<string | null>`${sql.raw(CVSS_SCORE)}::text`.as('cvss_score'),
      sql<'4.0' | '3.1' | '3.0' | '2.0' | null>`${sql.raw(CVSS_VERSION)}`.as('cvss_version'),
      'c.epss',
      'c.epss_percentile',
      sql<string | null>`c.kev_date_added::text`.as('kev_date_added'),
      sql<string[]>`array(select p.vendor || ':' || p.product from cve_products p
        where p.cve_id = c.cve_id order by 1 limit 20)`.as('products'),
      // Per row shown. Without the `offset 0` PostgreSQL may plan the EXISTS as a hashed subplan,
      // which builds the company's every watched product row first (25,000 rows, 200 ms of a 260 ms
      // first page at bench:data's 250,000 CVEs) to answer 25 rows; an OFFSET keeps it a lookup by id.
      sql<boolean>`exists (select 1 from cve_products p join cve_watch_items w on ${watchMatches(companyId)}
        where p.cve_id = c.cve_id offset 0)`.as('watched'),
    ])
    .orderBy(orderSql(order, order.column !== 'c.cve_id'))
    .orderBy('c.cve_id', order.dir);
  const parts = productParts(input);
  // Filtered by vendor/product alone: counted on the product rows' index (every product row's CVE
  // is in the catalogue), not by looking each CVE up (10,000 lookups: 110 ms at 250,000 CVEs).
  const count: CountOf =
    parts.length > 0 && conditions(input).length === 1
      ? (cap) => sql`select distinct p.cve_id from cve_products p where ${and(parts)} limit ${cap}`
      : capped(base(db, input));
  return pageOf(db, query, count, input);
}

export function findCatalogueCve(db: Executor, cveId: string) {
  return db
    .selectFrom('cves as c')
    .selectAll('c')
    .select([
      sql<string | null>`c.kev_date_added::text`.as('kev_added'),
      sql<string | null>`c.kev_due_date::text`.as('kev_due'),
      sql<string | null>`c.epss_date::text`.as('epss_day'),
    ])
    .where('c.cve_id', '=', cveId)
    .executeTakeFirst();
}

export function catalogueProducts(db: Executor, cveId: string) {
  return db
    .selectFrom('cve_products')
    .select(['vendor', 'product', 'source'])
    .where('cve_id', '=', cveId)
    .orderBy('vendor')
    .orderBy('product')
    .limit(500)
    .execute();
}

/** The company's watch items that match the CVE, each with the CVE's products it matches. */
export async function watchMatchesOf(db: Executor, companyId: number, cveId: string) {
  const rows = await sql<{ id: number; vendor: string; product: string; matched: string[] }>`
    select w.id, w.vendor, w.product, array_agg(p.vendor || ':' || p.product order by p.vendor, p.product) as matched
    from cve_products p join cve_watch_items w on ${watchMatches(companyId)}
    where p.cve_id = ${cveId}
    group by w.id, w.vendor, w.product
    order by w.vendor, w.product`.execute(db);
  const finding = await db
    .selectFrom('cve_findings')
    .select('finding_id')
    .where('company_id', '=', companyId)
    .where('cve_id', '=', cveId)
    .executeTakeFirst();
  return { items: rows.rows, findingId: finding?.finding_id ?? null };
}

/** The catalogue's freshness: the last NVD sync, and the newest catalogue upload that succeeded. */
export async function catalogueFreshnessOf(db: Executor) {
  const nvd = await db
    .selectFrom('catalogue_feeds')
    .select('last_success_at')
    .where('feed', '=', 'nvd')
    .executeTakeFirst();
  const upload = await db
    .selectFrom('jobs')
    .select('finished_at')
    .where('module', '=', 'cves')
    .where('kind', 'in', ['nvd', 'kev', 'epss'])
    .where('status', '=', 'succeeded')
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Both read the end of an index (cves_catalogue_published, cves_kev_released): constant time.
  const newest = await db
    .selectFrom('cves')
    .select('published_at')
    .where('published_at', 'is not', null)
    .orderBy('published_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const kev = await db
    .selectFrom('cves')
    .select(['kev_catalog_version', 'kev_date_released'])
    .where('kev_date_released', 'is not', null)
    .orderBy('kev_date_released', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    lastNvdSyncAt: nvd?.last_success_at ?? null,
    lastUploadAt: upload?.finished_at ?? null,
    nvdNewestPublishedAt: newest?.published_at ?? null,
    kevCatalogVersion: kev?.kev_catalog_version ?? null,
    kevDateReleased: kev?.kev_date_released ?? null,
  };
}
