import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { coreCells, coreHeader } from '../../platform/findings/findings.export.js';
import { type CoreRow, toFindingCore } from '../../platform/findings/findings.mapper.js';
import { iso } from '../../platform/findings/findings.query.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { createCveFindings } from './cves.ingest.js';
import {
  type CveListInput,
  catalogueMatches,
  cveBatchAfter,
  deleteWatchItem,
  findCompanyCve,
  insertWatchItem,
  listCveChanges,
  listCveRows,
  listProducts,
  listWatchItems,
} from './cves.repository.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

interface CveColumns {
  cve_id: string;
  published_at: Date | null;
  last_modified_at: Date | null;
  description: string;
  cvss31_score: string | null;
  cvss31_vector: string | null;
  cvss40_score: string | null;
  cvss40_vector: string | null;
  epss: number | null;
  epss_percentile: number | null;
  epss_date: string | null;
  kev_date_added: string | null;
  kev_due_date: string | null;
  kev_ransomware: string | null;
  products: string[];
}

const score = (value: string | null) => (value === null ? null : Number(value));

function toScores(row: CveColumns) {
  return {
    cve_id: row.cve_id,
    published_at: iso(row.published_at),
    last_modified_at: iso(row.last_modified_at),
    description: row.description,
    cvss31_score: score(row.cvss31_score),
    cvss31_vector: row.cvss31_vector,
    cvss40_score: score(row.cvss40_score),
    cvss40_vector: row.cvss40_vector,
    epss: row.epss,
    epss_percentile: row.epss_percentile,
    epss_date: row.epss_date,
    kev: row.kev_date_added !== null,
    kev_date_added: row.kev_date_added,
    kev_due_date: row.kev_due_date,
    kev_ransomware: row.kev_ransomware,
    products: row.products,
  };
}

export async function listCves({ ctx, auth, input }: Verb<CveListInput>) {
  const { rows, meta } = await listCveRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map((r: CoreRow & CveColumns) => ({ ...toFindingCore(r), ...toScores(r) })), meta };
}

export function exportCves({ ctx, auth, input }: Verb<CveListInput>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      ...coreHeader,
      'cve_id',
      'published_at',
      'cvss31',
      'cvss40',
      'epss',
      'epss_percentile',
      'kev_date_added',
      'kev_due_date',
      'kev_ransomware',
      'products',
    ],
    (after) => cveBatchAfter(ctx.db, scope, input, after),
    (r) => [
      ...coreCells(r),
      r.cve_id,
      r.published_at,
      r.cvss31_score,
      r.cvss40_score,
      r.epss,
      r.epss_percentile,
      r.kev_date_added,
      r.kev_due_date,
      r.kev_ransomware,
      r.products,
    ],
  );
}

export async function getCve({ ctx, auth, input }: Verb<{ cveId: string }>) {
  const scope = requireScope(auth.scope);
  const row = await findCompanyCve(ctx.db, scope, input.cveId.toUpperCase());
  if (!row) throw new ServiceError('not_found', 'CVE not found in this company\u2019s watch list.');
  const changes = await listCveChanges(ctx.db, row.cve_id);
  return {
    data: { ...toScores(row), finding_id: row.id, status: row.status },
    cpes: row.cpes,
    changes: changes.map((c) => ({
      field: c.field,
      from: c.from_value,
      to: c.to_value,
      at: c.at.toISOString(),
      // The platform's catalogue job: only an operator can open it.
      import_id: auth.user.is_admin ? c.job_id : null,
    })),
  };
}

export async function listCveProducts({ ctx, auth, input }: Verb<{ q?: string | undefined }>) {
  requireScope(auth.scope);
  return { data: await listProducts(ctx.db, input.q) };
}

export async function listCveWatchItems({ ctx, auth }: Verb<undefined>) {
  const rows = await listWatchItems(ctx.db, requireScope(auth.scope));
  return {
    data: rows.map((r) => ({
      id: r.id,
      vendor: r.vendor,
      product: r.product === '*' ? null : r.product,
      match_count: r.match_count,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** Adds a watch item; CVEs already in the catalogue that match become findings at once. */
export async function addCveWatchItem({
  ctx,
  auth,
  input,
}: Verb<{ vendor: string; product?: string | null | undefined }>) {
  const scope = requireScope(auth.scope);
  const vendor = input.vendor.trim().toLowerCase();
  const product = input.product?.trim().toLowerCase() || '*';
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertWatchItem(trx, scope, { vendor, product, at: now });
    if (inserted === undefined) throw new ServiceError('conflict', 'This vendor/product is already on the watch list.');
    const matches = await catalogueMatches(trx, vendor, product);
    const added = await createCveFindings(
      trx,
      { companyId: scope.companyId, jobId: null, isDemo: false, now },
      matches,
    );
    return { inserted, added };
  });
  return {
    data: {
      id: id.inserted,
      vendor,
      product: product === '*' ? null : product,
      match_count: id.added,
      created_at: now.toISOString(),
    },
  };
}

export async function deleteCveWatchItem({ ctx, auth, input }: Verb<{ id: number }>) {
  const removed = await deleteWatchItem(ctx.db, requireScope(auth.scope), input.id);
  if (!removed) throw new ServiceError('not_found', 'Watch item not found.');
  return { message: 'Watch item removed.' };
}
