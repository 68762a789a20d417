// The stores' and pages' queries: the company's stores, their pages, and per page what its view
// and its compliance need (latest scans, active scripts, open and unhandled script findings).
// Every query is scoped to the session's company.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { openStatuses } from '../../../platform/findings/findings.table.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import { type ActiveScript, UNHANDLED_AFTER_MS } from './compliance.js';

export interface StoreFilter {
  storeId?: number | undefined;
  isDemo?: boolean | undefined;
}

export function findStores(db: Executor, scope: TenantScope, filter: StoreFilter) {
  return db
    .selectFrom('stores')
    .selectAll()
    .where(tenantFilter('stores', scope))
    .$if(filter.storeId !== undefined, (q) => q.where('id', '=', filter.storeId ?? 0))
    .$if(filter.isDemo !== undefined, (q) => q.where('is_demo', '=', filter.isDemo ?? false))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findPages(db: Executor, scope: TenantScope, where: { storeIds?: number[]; pageId?: number }) {
  return db
    .selectFrom('store_pages')
    .selectAll()
    .where(tenantFilter('store_pages', scope))
    .$if(where.storeIds !== undefined, (q) => q.where('store_id', 'in', where.storeIds?.length ? where.storeIds : [0]))
    .$if(where.pageId !== undefined, (q) => q.where('id', '=', where.pageId ?? 0))
    .orderBy('url')
    .orderBy('id')
    .execute();
}

const scanColumns = [
  'page_id',
  'id',
  'status',
  'started_at',
  'finished_at',
  'scripts',
  'new_scripts',
  'changed_scripts',
  'removed_scripts',
  'new_destinations',
  'findings_opened',
  'error',
] as const;

/** Each page's latest scan among those of the given statuses. */
function latestScans(
  db: Executor,
  scope: TenantScope,
  pageIds: number[],
  statuses: Array<'running' | 'done' | 'failed'>,
) {
  return db
    .selectFrom('script_scans')
    .distinctOn('page_id')
    .select(scanColumns)
    .where(tenantFilter('script_scans', scope))
    .where('page_id', 'in', pageIds)
    .where('status', 'in', statuses)
    .orderBy('page_id')
    .orderBy('id', 'desc')
    .execute();
}

export type ScanRow = Awaited<ReturnType<typeof latestScans>>[number];

export interface PageState {
  lastScan: ScanRow | null;
  lastFinished: ScanRow | null;
  lastDone: ScanRow | null;
  scripts: ActiveScript[];
  openFindings: number;
  /** Its script findings still `new` after UNHANDLED_AFTER_MS. */
  unhandledFindings: number;
}

/** What each page's view and compliance need, by page id. */
export async function pageStates(
  db: Executor,
  scope: TenantScope,
  pageIds: number[],
  now: Date,
): Promise<Map<number, PageState>> {
  const states = new Map<number, PageState>(
    pageIds.map((id) => [
      id,
      { lastScan: null, lastFinished: null, lastDone: null, scripts: [], openFindings: 0, unhandledFindings: 0 },
    ]),
  );
  if (pageIds.length === 0) return states;
  const state = (id: number) => states.get(id) as PageState;
  for (const row of await latestScans(db, scope, pageIds, ['running', 'done', 'failed']))
    state(row.page_id).lastScan = row;
  for (const row of await latestScans(db, scope, pageIds, ['done', 'failed'])) state(row.page_id).lastFinished = row;
  for (const row of await latestScans(db, scope, pageIds, ['done'])) state(row.page_id).lastDone = row;
  const scripts = await db
    .selectFrom('page_scripts')
    .select([
      'page_id',
      'kind',
      'party',
      'host',
      'sha256',
      'sri',
      'authorisation',
      'authorised_by_hash',
      'authorised_sha256',
      'authorised_host',
    ])
    .where(tenantFilter('page_scripts', scope))
    .where('page_id', 'in', pageIds)
    .where('removed_at', 'is', null)
    .execute();
  for (const { page_id, ...script } of scripts) state(page_id).scripts.push(script);
  const cutoff = new Date(now.getTime() - UNHANDLED_AFTER_MS);
  const findings = await db
    .selectFrom('script_findings as sf')
    .innerJoin('findings as f', 'f.id', 'sf.finding_id')
    .select((eb) => [
      'sf.page_id',
      eb.fn.countAll<string>().as('open'),
      sql<string>`count(*) filter (where f.status = 'new' and f.first_seen_at < ${cutoff})`.as('unhandled'),
    ])
    .where(tenantFilter('sf', scope))
    .where('sf.page_id', 'in', pageIds)
    .where('f.status', 'in', openStatuses)
    .groupBy('sf.page_id')
    .execute();
  for (const row of findings) {
    state(row.page_id).openFindings = Number(row.open);
    state(row.page_id).unhandledFindings = Number(row.unhandled);
  }
  return states;
}

export async function countStores(db: Executor, scope: TenantScope): Promise<number> {
  const row = await db
    .selectFrom('stores')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(tenantFilter('stores', scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPages(db: Executor, scope: TenantScope, storeId: number): Promise<number> {
  const row = await db
    .selectFrom('store_pages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(tenantFilter('store_pages', scope))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
