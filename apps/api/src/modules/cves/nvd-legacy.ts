// NVD's legacy JSON 1.1 data feeds (nvdcve-1.1-YYYY.json, -modified, -recent): `CVE_Items[]` of
// { cve: { CVE_data_meta.ID, problemtype, references, description }, configurations.nodes (with
// children), impact.baseMetricV3 / baseMetricV2, publishedDate, lastModifiedDate }. Read into the
// same record as an API 2.0 entry; the feed carries NVD's own scores only, without naming a source.
import { isRecord, text } from '../../platform/imports/import.types.js';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Whether an array element is a 1.1 feed item rather than an API 2.0 `{ cve: { id } }` entry. */
export function isLegacyItem(value: unknown): value is Record<string, unknown> & { cve: Record<string, unknown> } {
  return isRecord(value) && isRecord(value.cve) && isRecord(value.cve.CVE_data_meta);
}

/** The 1.1 `impact` as API 2.0 `metrics` (cvssV3 by its own version, cvssV2 with the metric's severity). */
function metricsOf(impact: unknown): Record<string, unknown> {
  if (!isRecord(impact)) return {};
  const metrics: Record<string, unknown> = {};
  const v3 = isRecord(impact.baseMetricV3) ? impact.baseMetricV3.cvssV3 : undefined;
  if (isRecord(v3)) metrics[v3.version === '3.0' ? 'cvssMetricV30' : 'cvssMetricV31'] = [{ cvssData: v3 }];
  const v2 = isRecord(impact.baseMetricV2) ? impact.baseMetricV2 : undefined;
  if (v2 && isRecord(v2.cvssV2)) metrics.cvssMetricV2 = [{ cvssData: v2.cvssV2, baseSeverity: v2.severity }];
  return metrics;
}

/** The vulnerable cpe 2.3 names of the configuration nodes, children included (bounded depth). */
function cpesOf(nodes: unknown, into: Set<string>, depth = 0): Set<string> {
  if (depth > 8) return into;
  for (const node of list(nodes)) {
    if (!isRecord(node)) continue;
    for (const match of list(node.cpe_match)) {
      const uri = isRecord(match) ? text(match.cpe23Uri) : undefined;
      if (uri && isRecord(match) && match.vulnerable !== false) into.add(uri);
    }
    cpesOf(node.children, into, depth + 1);
  }
  return into;
}

/** A 1.1 item in the shape `cveOf` reads: the API 2.0 fields it uses, taken from their 1.1 places. */
export function legacyAsApi(item: Record<string, unknown> & { cve: Record<string, unknown> }): Record<string, unknown> {
  const { cve } = item;
  const meta = isRecord(cve.CVE_data_meta) ? cve.CVE_data_meta : {};
  const description = isRecord(cve.description) ? cve.description.description_data : undefined;
  const problems = isRecord(cve.problemtype) ? cve.problemtype.problemtype_data : undefined;
  const references = isRecord(cve.references) ? cve.references.reference_data : undefined;
  const configurations = isRecord(item.configurations) ? item.configurations.nodes : undefined;
  return {
    cve: {
      id: meta.ID,
      published: item.publishedDate,
      lastModified: item.lastModifiedDate,
      descriptions: list(description),
      metrics: metricsOf(item.impact),
      // 1.1 references have a `refsource` (a kind: MISC, CONFIRM), not who added them: no source.
      references: list(references).map((r) => (isRecord(r) ? { url: r.url, tags: r.tags } : r)),
      weaknesses: list(problems),
      configurations: [
        { nodes: [{ cpeMatch: [...cpesOf(configurations, new Set())].map((criteria) => ({ criteria })) }] },
      ],
    },
  };
}
