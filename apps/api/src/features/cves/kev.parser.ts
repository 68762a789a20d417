// The CISA Known Exploited Vulnerabilities catalogue (JSON feed): vulnerabilities[] with cveID,
// vendorProject, product, vulnerabilityName, dateAdded, shortDescription, dueDate,
// knownRansomwareCampaignUse.
import { isRecord, type ParsedItem, parseJson, type SourceFile, text } from '../imports/import.types.js';
import { cveIdPattern } from './nvd.parser.js';

export interface KevRecord {
  cveId: string;
  vendor: string;
  product: string;
  name: string;
  description: string;
  dateAdded: string;
  dueDate: string | null;
  ransomware: string | null;
}

const day = /^\d{4}-\d{2}-\d{2}$/;

/** KEV names vendors and products in words; CPE style is lower case with underscores. */
export function cpeName(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '_');
}

export function* parseKev(files: SourceFile[]): Generator<ParsedItem<KevRecord>> {
  for (const file of files) {
    const parsed = parseJson(file.text);
    if (!parsed.ok) {
      yield { kind: 'reject', file: file.path, line: 0, reason: parsed.reason, progress: 1 };
      continue;
    }
    const list = isRecord(parsed.value) ? parsed.value.vulnerabilities : undefined;
    if (!Array.isArray(list)) {
      yield {
        kind: 'reject',
        file: file.path,
        line: 0,
        reason: 'Not a KEV catalogue (no vulnerabilities array).',
        progress: 1,
      };
      continue;
    }
    for (const [i, entry] of list.entries()) {
      const progress = (i + 1) / list.length;
      const reject = (reason: string) => ({ kind: 'reject' as const, file: file.path, line: i + 1, reason, progress });
      if (!isRecord(entry)) {
        yield reject('Entry is not an object.');
        continue;
      }
      const cveId = text(entry.cveID);
      if (!cveId || !cveIdPattern.test(cveId)) {
        yield reject(`Bad cveID "${String(entry.cveID ?? '')}".`);
        continue;
      }
      const dateAdded = text(entry.dateAdded);
      if (!dateAdded || !day.test(dateAdded)) {
        yield reject(`${cveId}: missing or bad dateAdded.`);
        continue;
      }
      const dueDate = text(entry.dueDate);
      yield {
        kind: 'record',
        file: file.path,
        line: i + 1,
        progress,
        record: {
          cveId,
          vendor: cpeName(text(entry.vendorProject) ?? ''),
          product: cpeName(text(entry.product) ?? ''),
          name: text(entry.vulnerabilityName) ?? cveId,
          description: text(entry.shortDescription) ?? '',
          dateAdded,
          dueDate: dueDate && day.test(dueDate) ? dueDate : null,
          ransomware: text(entry.knownRansomwareCampaignUse) ?? null,
        },
      };
    }
  }
}
