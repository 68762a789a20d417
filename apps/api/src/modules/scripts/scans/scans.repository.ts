// The page scans as the API reads them, always within the session's company (tenantFilter): a
// page's (or store's, or the company's) scans, one scan, what it changed and the findings it opened.
import type { Executor } from '../../../db/database.js';
import { capped, type PageInput, pageOf } from '../../../platform/findings/findings.query.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';

export interface ScanFilters extends PageInput {
  store_id?: number | undefined;
  page_id?: number | undefined;
}

export function pageOfCompany(db: Executor, scope: TenantScope, pageId: number) {
  return db
    .selectFrom('store_pages as p')
    .select(['p.id', 'p.enabled'])
    .where(tenantFilter('p', scope))
    .where('p.id', '=', pageId)
    .executeTakeFirst();
}

export function storeOfCompany(db: Executor, scope: TenantScope, storeId: number) {
  return db
    .selectFrom('stores as s')
    .select('s.id')
    .where(tenantFilter('s', scope))
    .where('s.id', '=', storeId)
    .executeTakeFirst();
}

function base(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('script_scans as sc')
    .innerJoin('store_pages as p', 'p.id', 'sc.page_id')
    .where(tenantFilter('sc', scope));
}

function withColumns(query: ReturnType<typeof base>) {
  return query
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .select([
      'sc.id',
      'sc.page_id',
      'p.url as page_url',
      'p.page_type',
      'p.store_id',
      's.name as store_name',
      'sc.job_id',
      'sc.status',
      'sc.final_url',
      'sc.http_status',
      'sc.headers',
      'sc.scripts',
      'sc.new_scripts',
      'sc.changed_scripts',
      'sc.removed_scripts',
      'sc.new_destinations',
      'sc.header_changes',
      'sc.findings_opened',
      'sc.duration_ms',
      'sc.error',
      'sc.is_demo',
      'sc.started_at',
      'sc.finished_at',
    ]);
}

export type ScanRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

export function listScanRows(db: Executor, scope: TenantScope, input: ScanFilters) {
  let filtered = base(db, scope);
  if (input.page_id !== undefined) filtered = filtered.where('sc.page_id', '=', input.page_id);
  if (input.store_id !== undefined) filtered = filtered.where('p.store_id', '=', input.store_id);
  return pageOf(db, withColumns(filtered).orderBy('sc.id', 'desc'), capped(filtered), input);
}

export function findScanRow(db: Executor, scope: TenantScope, id: number) {
  return withColumns(base(db, scope)).where('sc.id', '=', id).executeTakeFirst();
}

/** What the scan changed (its rows of the page's history), newest first. */
export function scanChangeRows(db: Executor, scope: TenantScope, scanId: number, limit: number) {
  return db
    .selectFrom('script_changes as c')
    .leftJoin('page_scripts as ps', 'ps.id', 'c.page_script_id')
    .select(['c.page_script_id', 'ps.script_key', 'c.change', 'c.field', 'c.from_value', 'c.to_value'])
    .where(tenantFilter('c', scope))
    .where('c.scan_id', '=', scanId)
    .where('c.change', 'in', ['new', 'changed', 'removed', 'returned', 'new_destination', 'header_changed'])
    .$narrowType<{ change: 'new' | 'changed' | 'removed' | 'returned' | 'new_destination' | 'header_changed' }>()
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/** The findings the scan opened or reopened (the scan a finding's link keeps). */
export function scanFindingRows(db: Executor, scope: TenantScope, scanId: number, limit: number) {
  return db
    .selectFrom('script_findings as sf')
    .innerJoin('findings as f', 'f.id', 'sf.finding_id')
    .select(['f.id', 'sf.kind', 'f.title', 'f.severity', 'f.status', 'sf.scan_id', 'f.first_seen_at', 'f.last_seen_at'])
    .where(tenantFilter('sf', scope))
    .where('sf.scan_id', '=', scanId)
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
}
