// NVD's weaknesses (`weaknesses[].description[].value`: CWE-79, NVD-CWE-Other, NVD-CWE-noinfo) and
// references (`references[]`: url, source, tags) of a CVE API 2.0 record, bounded for the catalogue
// (a hostile file must not make a row of megabytes).
import { isRecord, text, withoutNul } from '../../platform/imports/import.types.js';

export interface NvdReference {
  url: string;
  source: string | null;
  tags: string[];
}

const CWE = /^(CWE-\d{1,6}|NVD-CWE-Other|NVD-CWE-noinfo)$/;
const MAX_CWES = 50;
const MAX_REFERENCES = 200;
const MAX_URL = 2048;
const MAX_TAGS = 20;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function weaknessesOf(cve: Record<string, unknown>): string[] {
  const cwes = new Set<string>();
  for (const weakness of list(cve.weaknesses)) {
    if (!isRecord(weakness)) continue;
    for (const d of list(weakness.description)) {
      const value = isRecord(d) ? text(d.value) : undefined;
      if (value && CWE.test(value)) cwes.add(value);
    }
  }
  return [...cwes].slice(0, MAX_CWES);
}

export function referencesOf(cve: Record<string, unknown>): NvdReference[] {
  const seen = new Set<string>();
  const references: NvdReference[] = [];
  for (const r of list(cve.references)) {
    const url = isRecord(r) ? text(r.url) : undefined;
    if (!isRecord(r) || !url || url.length > MAX_URL || !/^https?:\/\//i.test(url) || seen.has(url)) continue;
    seen.add(url);
    const source = text(r.source);
    const tags = list(r.tags).flatMap((t) => (typeof t === 'string' && t.length <= 100 ? [withoutNul(t)] : []));
    references.push({
      url: withoutNul(url),
      source: source ? withoutNul(source).slice(0, 200) : null,
      tags: tags.slice(0, MAX_TAGS),
    });
    if (references.length >= MAX_REFERENCES) break;
  }
  return references;
}
