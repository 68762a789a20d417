// NVD CVE API 2.0 pages (an API response, the NVD 2.0 feeds nvdcve-2.0-*.json): `vulnerabilities[].cve`
// with id, published, lastModified, descriptions, metrics (CVSS 2.0, 3.0, 3.1, 4.0) and
// configurations[].nodes[].cpeMatch[].criteria; and NVD's legacy JSON 1.1 feeds (`CVE_Items`, read
// through nvd-legacy.ts). docs/import-formats/cves.md lists the variants read.

import { checkDate, isRecord, type ParsedItem, text, type Upload } from '../../platform/imports/import.types.js';
import { jsonElements } from '../../platform/imports/import-json.js';
import { severityOfScore } from '../../shared/cvss.js';
import { type CvssSet, cvssSetOf } from './cvss-metrics.js';
import { isLegacyItem, legacyAsApi } from './nvd-legacy.js';
import { type NvdReference, referencesOf, weaknessesOf } from './nvd-weaknesses.js';

export type { CvssScore } from './cvss-metrics.js';

export interface CveRecord extends CvssSet {
  id: string;
  published: Date;
  lastModified: Date | null;
  description: string;
  cpes: string[];
  products: { vendor: string; product: string }[];
  cwes: string[];
  references: NvdReference[];
}

export const cveIdPattern = /^CVE-\d{4}-\d{4,}$/;

/** Vendor and product of a cpe:2.3 name (fields split on unescaped colons). */
export function cpeProduct(criteria: string): { vendor: string; product: string } | undefined {
  const parts = criteria.split(/(?<!\\):/);
  if (parts[0] !== 'cpe' || parts[1] !== '2.3' || parts.length < 5) return undefined;
  const vendor = (parts[3] ?? '').replace(/\\(.)/g, '$1').toLowerCase();
  const product = (parts[4] ?? '').replace(/\\(.)/g, '$1').toLowerCase();
  if (!vendor || !product || vendor === '*' || product === '*') return undefined;
  return { vendor, product };
}

/** An NVD timestamp (UTC when it names no zone): null when absent, else checked. */
function date(what: string, value: unknown): { ok: true; date: Date | null } | { ok: false; reason: string } {
  const t = text(value);
  if (!t) return { ok: true, date: null };
  return checkDate(what, t, new Date(/[Zz]|[+-]\d{2}:?\d{2}$/.test(t) ? t : `${t}Z`));
}

export function cveOf(entry: unknown): { ok: true; record: CveRecord } | { ok: false; reason: string } {
  const value = isLegacyItem(entry) ? legacyAsApi(entry) : entry;
  const cve = isRecord(value) && isRecord(value.cve) ? value.cve : undefined;
  if (!cve) return { ok: false, reason: 'Entry without a cve object.' };
  const id = text(cve.id);
  if (!id || !cveIdPattern.test(id)) return { ok: false, reason: `Bad CVE id "${String(cve.id ?? '')}".` };
  const published = date('published', cve.published);
  if (!published.ok) return { ok: false, reason: `${id}: ${published.reason}` };
  if (!published.date) return { ok: false, reason: `${id}: missing published date.` };
  const lastModified = date('lastModified', cve.lastModified);
  if (!lastModified.ok) return { ok: false, reason: `${id}: ${lastModified.reason}` };
  const descriptions = Array.isArray(cve.descriptions) ? cve.descriptions.filter(isRecord) : [];
  const description = text(descriptions.find((d) => d.lang === 'en')?.value) ?? text(descriptions[0]?.value) ?? '';
  const metrics = isRecord(cve.metrics) ? cve.metrics : {};
  const cpes = new Set<string>();
  for (const configuration of Array.isArray(cve.configurations) ? cve.configurations : []) {
    if (!isRecord(configuration) || !Array.isArray(configuration.nodes)) continue;
    for (const node of configuration.nodes) {
      if (!isRecord(node) || !Array.isArray(node.cpeMatch)) continue;
      for (const match of node.cpeMatch) {
        const criteria = isRecord(match) ? text(match.criteria) : undefined;
        if (criteria && (!isRecord(match) || match.vulnerable !== false)) cpes.add(criteria);
      }
    }
  }
  const products = new Map<string, { vendor: string; product: string }>();
  for (const criteria of cpes) {
    const p = cpeProduct(criteria);
    if (p) products.set(`${p.vendor}:${p.product}`, p);
  }
  return {
    ok: true,
    record: {
      id,
      published: published.date,
      lastModified: lastModified.date,
      description,
      ...cvssSetOf(metrics),
      cpes: [...cpes].slice(0, 500),
      products: [...products.values()],
      cwes: weaknessesOf(cve),
      references: referencesOf(cve),
    },
  };
}

/** Why a JSON document without a `vulnerabilities` array is not read, naming what it looks like. */
export function notAnNvdPage(root: string, arrays: ReadonlySet<string>): string {
  const accepted =
    'upload NVD CVE API 2.0 pages (a "vulnerabilities" array of { "cve": … }), as the API and the nvdcve-2.0-*.json feeds give them, or NVD\'s JSON 1.1 feeds (a "CVE_Items" array).';
  if (arrays.has('cve_items'))
    return `This is a feed of bare CVE records (cve_items, as the fkie-cad mirror releases them); ${accepted}`;
  if (root === 'object' && arrays.has('descriptions'))
    return `This is a single CVE record, not a page of them; ${accepted}`;
  return `Not an NVD CVE API 2.0 page (no vulnerabilities array); ${accepted}`;
}

export async function* parseNvd(upload: Upload): AsyncGenerator<ParsedItem<CveRecord>> {
  for await (const file of upload.files()) {
    const refuse = (reason: string) => ({ kind: 'reject' as const, file: file.path, line: 0, reason, progress: 1 });
    for await (const event of jsonElements(file, ['$.vulnerabilities.*', '$.CVE_Items.*'])) {
      if (event.kind === 'error') yield refuse(event.reason);
      else if (event.kind === 'end') {
        if (event.root !== 'object' || !(event.arrays.has('vulnerabilities') || event.arrays.has('CVE_Items')))
          yield refuse(notAnNvdPage(event.root, event.arrays));
      } else {
        const line = event.index + 1;
        const cve = cveOf(event.value);
        if (cve.ok) yield { kind: 'record', record: cve.record, file: file.path, line, progress: event.progress };
        else yield { kind: 'reject', file: file.path, line, reason: cve.reason, progress: event.progress };
      }
    }
  }
}

export { severityOfScore };
