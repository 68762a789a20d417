// NVD CVE API 2.0 pages: `vulnerabilities[].cve` with id, published, lastModified, descriptions,
// metrics (cvssMetricV31, cvssMetricV40) and configurations[].nodes[].cpeMatch[].criteria.
import { severityOfScore } from '../../shared/cvss.js';
import { checkDate, isRecord, type ParsedItem, text, type Upload } from '../imports/import.types.js';
import { vulnerabilitiesOf } from '../imports/import-json.js';

export interface CvssScore {
  score: number;
  vector: string | null;
}

export interface CveRecord {
  id: string;
  published: Date;
  lastModified: Date | null;
  description: string;
  cvss31: CvssScore | null;
  cvss40: CvssScore | null;
  cpes: string[];
  products: { vendor: string; product: string }[];
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

function cvss(metrics: unknown): CvssScore | null {
  if (!Array.isArray(metrics) || metrics.length === 0) return null;
  const ordered = [...metrics].sort((a, b) =>
    isRecord(a) && a.type === 'Primary' ? -1 : isRecord(b) && b.type === 'Primary' ? 1 : 0,
  );
  for (const metric of ordered) {
    if (!isRecord(metric) || !isRecord(metric.cvssData)) continue;
    const score = metric.cvssData.baseScore;
    if (typeof score === 'number' && score >= 0 && score <= 10) {
      return { score, vector: text(metric.cvssData.vectorString) ?? null };
    }
  }
  return null;
}

/** An NVD timestamp (UTC when it names no zone): null when absent, else checked. */
function date(what: string, value: unknown): { ok: true; date: Date | null } | { ok: false; reason: string } {
  const t = text(value);
  if (!t) return { ok: true, date: null };
  return checkDate(what, t, new Date(/[Zz]|[+-]\d{2}:?\d{2}$/.test(t) ? t : `${t}Z`));
}

export function cveOf(value: unknown): { ok: true; record: CveRecord } | { ok: false; reason: string } {
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
      cvss31: cvss(metrics.cvssMetricV31),
      cvss40: cvss(metrics.cvssMetricV40),
      cpes: [...cpes].slice(0, 500),
      products: [...products.values()],
    },
  };
}

export async function* parseNvd(upload: Upload): AsyncGenerator<ParsedItem<CveRecord>> {
  for await (const file of upload.files()) {
    for await (const entry of vulnerabilitiesOf(file, 'an NVD CVE API 2.0 page')) {
      if (!entry.ok) {
        yield entry.reject;
        continue;
      }
      const { line, progress } = entry;
      const cve = cveOf(entry.value);
      if (cve.ok) yield { kind: 'record', record: cve.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: cve.reason, progress };
    }
  }
}

export { severityOfScore };
