// The CVE catalogue for any member of a company: the list, one CVE with every source's fields and
// the current company's watch list against it, and the sentence that says a CVE is not in it.
import type { components } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { iso } from '../../platform/findings/findings.query.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import {
  type CatalogueListInput,
  catalogueFreshnessOf,
  catalogueProducts,
  findCatalogueCve,
  listCatalogueRows,
  watchMatchesOf,
} from './cves.catalogue.repository.js';

type Schemas = components['schemas'];
type Detail = Schemas['CatalogueCveDetail'];
type Cvss = Schemas['CatalogueCvss'];

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const score = (value: string | null) => (value === null ? null : Number(value));

export async function listCveCatalogue({
  ctx,
  auth,
  input,
}: Verb<CatalogueListInput>): Promise<Schemas['CatalogueList']> {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listCatalogueRows(ctx.db, scope.companyId, input);
  return {
    data: rows.map((r) => ({
      cve_id: r.cve_id,
      published_at: iso(r.published_at),
      last_modified_at: iso(r.last_modified_at),
      description: r.description,
      severity: r.severity,
      cvss_score: score(r.cvss_score),
      cvss_version: r.cvss_version,
      epss: r.epss,
      epss_percentile: r.epss_percentile,
      kev: r.kev_date_added !== null,
      kev_date_added: r.kev_date_added,
      products: r.products,
      watched: r.watched,
    })),
    meta,
  };
}

export async function catalogueFreshness(db: Executor): Promise<Schemas['CatalogueFreshness']> {
  const fresh = await catalogueFreshnessOf(db);
  return {
    last_nvd_sync_at: iso(fresh.lastNvdSyncAt),
    last_upload_at: iso(fresh.lastUploadAt),
    nvd_newest_published_at: iso(fresh.nvdNewestPublishedAt),
    kev_catalog_version: fresh.kevCatalogVersion,
    kev_date_released: iso(fresh.kevDateReleased),
  };
}

/** "CVE-… is not in the catalogue, last NVD sync …" (or its newest upload, or never synced). */
export function notInCatalogue(cveId: string, freshness: Schemas['CatalogueFreshness']): string {
  const day = (at: string) => at.replace('T', ' ').slice(0, 16);
  if (freshness.last_nvd_sync_at)
    return `${cveId} is not in the catalogue, last NVD sync ${day(freshness.last_nvd_sync_at)} UTC.`;
  if (freshness.last_upload_at) {
    // What the uploads hold, not only when they came: a snapshot loaded today can be months old.
    const holds = [
      freshness.nvd_newest_published_at
        ? `NVD records published up to ${freshness.nvd_newest_published_at.slice(0, 10)}`
        : null,
      freshness.kev_catalog_version ? `KEV release ${freshness.kev_catalog_version}` : null,
    ].filter((part) => part !== null);
    const data = holds.length > 0 ? ` it holds ${holds.join(' and ')};` : '';
    return `${cveId} is not in the catalogue, never synced with NVD here;${data} last catalogue upload ${day(freshness.last_upload_at)} UTC.`;
  }
  return `${cveId} is not in the catalogue, which has never been synced with NVD nor loaded from a file.`;
}

export async function getCatalogueCve({ ctx, auth, input }: Verb<{ cveId: string }>): Promise<Detail> {
  const scope = requireScope(auth.scope);
  const cveId = input.cveId.toUpperCase();
  const [row, freshness] = await Promise.all([findCatalogueCve(ctx.db, cveId), catalogueFreshness(ctx.db)]);
  if (!row) throw new ServiceError('not_found', { message: notInCatalogue(cveId, freshness), details: freshness });
  const [products, watch] = await Promise.all([
    catalogueProducts(ctx.db, cveId),
    watchMatchesOf(ctx.db, scope.companyId, cveId),
  ]);
  const versions: [Cvss['version'], string | null, string | null][] = [
    ['4.0', row.cvss40_score, row.cvss40_vector],
    ['3.1', row.cvss31_score, row.cvss31_vector],
    ['3.0', row.cvss30_score, row.cvss30_vector],
    ['2.0', row.cvss2_score, row.cvss2_vector],
  ];
  // Rows written before the severity's source was kept took it from the newest version present.
  const source = row.severity_source ?? versions.find(([, value]) => value !== null)?.[0] ?? null;
  const cvss: Cvss[] = versions.flatMap(([version, value, vector]) =>
    value === null ? [] : [{ version, score: Number(value), vector, source: source === version }],
  );
  return {
    data: {
      cve_id: row.cve_id,
      published_at: iso(row.published_at),
      last_modified_at: iso(row.last_modified_at),
      description: row.description,
      severity: row.severity,
      severity_source: row.severity === null ? null : source,
      cvss,
      cwes: [...new Set([...(row.nvd_cwes ?? []), ...(row.kev_cwes ?? [])])],
      references: row.nvd_references ?? [],
      kev:
        row.kev_added === null
          ? null
          : {
              date_added: row.kev_added,
              due_date: row.kev_due,
              ransomware: row.kev_ransomware,
              required_action: row.kev_required_action,
              notes: row.kev_notes,
            },
      epss:
        row.epss === null
          ? null
          : { score: row.epss, percentile: row.epss_percentile, model: row.epss_model, date: row.epss_day },
      products,
      cpes: row.cpes,
      watch: {
        matched: watch.items.length > 0,
        items: watch.items.map((w) => ({
          id: w.id,
          vendor: w.vendor,
          product: w.product === '*' ? null : w.product,
          matched: w.matched,
        })),
        finding_id: watch.findingId,
      },
    },
    freshness,
  };
}
