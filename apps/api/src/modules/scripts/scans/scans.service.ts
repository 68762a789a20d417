// The page scans' verbs: scan a page now (administrators and analysts; one queued or running per
// page), list the scans of the company, a store or a page (with the page's pending one), and one
// scan with its diff and the findings it opened.

import { iso } from '../../../platform/findings/findings.query.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope } from '../../../shared/tenant.js';
import { toFindingRef, type Verb } from '../scripts/scripts.service.js';
import { headersOf } from './headers.js';
import { pendingScan, queueScan } from './scan-queue.js';
import {
  findScanRow,
  listScanRows,
  pageOfCompany,
  type ScanFilters,
  type ScanRow,
  scanChangeRows,
  scanFindingRows,
  storeOfCompany,
} from './scans.repository.js';

const DIFF_LIMIT = 500;

function headerChangesOf(json: string) {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.map((h: Record<string, unknown>) => ({
          header: String(h.header ?? ''),
          from: typeof h.from === 'string' ? h.from : null,
          to: typeof h.to === 'string' ? h.to : null,
          regression: h.regression === true,
        }))
      : [];
  } catch {
    return [];
  }
}

function toScan(r: ScanRow) {
  return {
    id: r.id,
    page: { id: r.page_id, url: r.page_url, page_type: r.page_type, store_id: r.store_id, store_name: r.store_name },
    job_id: r.job_id,
    status: r.status,
    final_url: r.final_url,
    http_status: r.http_status,
    headers: headersOf(r.headers) as Record<string, string>,
    scripts: r.scripts,
    new_scripts: r.new_scripts,
    changed_scripts: r.changed_scripts,
    removed_scripts: r.removed_scripts,
    new_destinations: r.new_destinations,
    header_changes: headerChangesOf(r.header_changes),
    findings_opened: r.findings_opened,
    duration_ms: r.duration_ms,
    error: r.error,
    is_demo: r.is_demo,
    started_at: r.started_at.toISOString(),
    finished_at: iso(r.finished_at),
  };
}

export async function startScriptScan({ ctx, auth, input }: Verb<{ page_id: number }>) {
  const scope = requireScope(auth.scope);
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    const page = await pageOfCompany(trx, scope, input.page_id);
    if (!page) throw new ServiceError('not_found', 'Page not found.');
    if (!page.enabled) throw validationError({ page_id: ['The page is disabled: enable it to scan it.'] });
    if (await pendingScan(trx, scope.companyId, page.id)) {
      throw new ServiceError('conflict', 'A scan of this page is already queued or running.');
    }
    return queueScan(trx, {
      companyId: scope.companyId,
      pageId: page.id,
      createdBy: auth.user.id,
      isDemo: false,
      now: ctx.clock.now(),
    });
  });
  return { data: { job_id: jobId, page_id: input.page_id } };
}

export async function listScriptScans({ ctx, auth, input }: Verb<ScanFilters>) {
  const scope = requireScope(auth.scope);
  if (input.page_id !== undefined && !(await pageOfCompany(ctx.db, scope, input.page_id))) {
    throw new ServiceError('not_found', 'Page not found.');
  }
  if (input.store_id !== undefined && !(await storeOfCompany(ctx.db, scope, input.store_id))) {
    throw new ServiceError('not_found', 'Store not found.');
  }
  const [{ rows, meta }, pending] = await Promise.all([
    listScanRows(ctx.db, scope, input),
    input.page_id === undefined ? undefined : pendingScan(ctx.db, scope.companyId, input.page_id),
  ]);
  return { data: rows.map(toScan), meta, pending: pending ?? null };
}

export async function getScriptScan({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const scan = await findScanRow(ctx.db, scope, input.id);
  if (!scan) throw new ServiceError('not_found', 'Scan not found.');
  const [changes, findings] = await Promise.all([
    scanChangeRows(ctx.db, scope, scan.id, DIFF_LIMIT),
    scanFindingRows(ctx.db, scope, scan.id, DIFF_LIMIT),
  ]);
  return {
    data: {
      scan: toScan(scan),
      changes: changes.map((c) => ({ ...c, script_key: c.script_key ?? null })),
      findings: findings.map(toFindingRef),
    },
  };
}
