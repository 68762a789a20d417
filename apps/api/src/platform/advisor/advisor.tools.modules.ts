import type { CveExposureData, GetFindingData } from './advisor.tools.js';
import { type ApiCaller, ToolError } from './advisor.types.js';

export const CREDENTIALS_MODULE = 'credentials';
const ASSETS_MODULE = 'assets';

type Details = NonNullable<GetFindingData['details']>;
type Detailed = Record<string, unknown>;

/** The module records a finding's details come from, and the fields of each that may be shown. */
type DetailPath = '/credentials/devices/{id}' | '/credentials/{id}' | '/vulnerabilities/{id}' | '/mentions/{id}';
const DETAIL_SOURCES: { applies(module: string, fingerprint: string): boolean; path: DetailPath; fields: string[] }[] =
  [
    {
      applies: (module, fingerprint) => module === CREDENTIALS_MODULE && fingerprint.startsWith('device:'),
      path: '/credentials/devices/{id}',
      fields: ['machine_name', 'malware_family', 'infection_date', 'country', 'os', 'credential_count'],
    },
    {
      applies: (module) => module === CREDENTIALS_MODULE,
      path: '/credentials/{id}',
      fields: ['email', 'domain', 'source_kind', 'source_name', 'breach_date', 'data_classes', 'url'],
    },
    {
      applies: (module) => module === 'vulnerabilities',
      path: '/vulnerabilities/{id}',
      fields: [
        'name',
        'template_id',
        'host',
        'matched_at',
        'cve_id',
        'cvss_score',
        'epss',
        'kev',
        'kev_due_date',
        'overdue',
      ],
    },
    {
      applies: (module) => module === 'mentions',
      path: '/mentions/{id}',
      fields: ['source_type', 'source_name', 'actor', 'posted_at', 'mention_title', 'snippet', 'url', 'keywords'],
    },
  ];

const TEXT_MAX = 1000;
const LIST_MAX = 20;

function allowed(record: Detailed, fields: string[]): Details {
  const details: Details = {};
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string') details[field] = value.slice(0, TEXT_MAX);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) details[field] = value;
    else if (Array.isArray(value)) details[field] = value.filter((v) => typeof v === 'string').slice(0, LIST_MAX);
  }
  return details;
}

/** The allow-listed fields of a finding's module record, or null for a module without one here. */
export async function moduleDetails(
  api: ApiCaller,
  finding: { id: number; module: string; fingerprint: string },
): Promise<Details | null> {
  const source = DETAIL_SOURCES.find((s) => s.applies(finding.module, finding.fingerprint));
  if (!source) return null;
  const record = (await api.get(source.path, { path: { id: finding.id } })).data;
  const details = allowed(record, source.fields);
  // Whether the leak held the password in clear: never the password, nor its masked form.
  if ('password_type' in record) details.clear_password = record.password_type === 'plaintext';
  return details;
}

/** The supplier whose asset a finding is on (the asset opens on the supplier's screen), else null. */
export async function supplierOf(api: ApiCaller, finding: { id: number; module: string }): Promise<number | null> {
  if (finding.module !== ASSETS_MODULE) return null;
  const asset = await api.get('/assets/{id}', { path: { id: finding.id } });
  return asset.data.supplier?.id ?? null;
}

type Freshness = NonNullable<CveExposureData['not_in_catalogue']>;

function freshnessOf(details: unknown): Freshness {
  const record = typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
  const at = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    last_nvd_sync_at: at(record.last_nvd_sync_at),
    last_upload_at: at(record.last_upload_at),
    nvd_newest_published_at: at(record.nvd_newest_published_at),
    kev_catalog_version: at(record.kev_catalog_version),
  };
}

/**
 * The CVE as the shared catalogue holds it (GET /cve-catalogue/{id}, the read CVE monitor and the
 * search open), or, when the catalogue does not hold it, the catalogue's freshness to say so.
 */
export async function catalogueEntry(
  api: ApiCaller,
  cve: string,
): Promise<{ entry: NonNullable<CveExposureData['catalogue']> } | { missing: Freshness }> {
  const id = cve.toUpperCase();
  try {
    const body = await api.get('/cve-catalogue/{cve_id}', { path: { cve_id: id } });
    const c = body.data;
    return {
      entry: {
        ref: c.cve_id,
        path: `/cvemonitor?tab=catalogue&cve=${encodeURIComponent(c.cve_id)}`,
        severity: c.severity,
        published_at: c.published_at,
        summary: c.description,
      },
    };
  } catch (error) {
    if (error instanceof ToolError && error.status === 404) return { missing: freshnessOf(error.details) };
    throw error;
  }
}
