// The CISA Known Exploited Vulnerabilities catalogue (JSON feed): vulnerabilities[] with cveID,
// vendorProject, product, vulnerabilityName, dateAdded, shortDescription, dueDate,
// knownRansomwareCampaignUse.
import { checkDay, isRecord, type ParsedItem, text, type Upload } from '../imports/import.types.js';
import { vulnerabilitiesOf } from '../imports/import-json.js';
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

/** KEV names vendors and products in words; CPE style is lower case with underscores. */
export function cpeName(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '_');
}

export async function* parseKev(upload: Upload): AsyncGenerator<ParsedItem<KevRecord>> {
  for await (const file of upload.files()) {
    for await (const read of vulnerabilitiesOf(file, 'a KEV catalogue')) {
      if (!read.ok) {
        yield read.reject;
        continue;
      }
      const { line, progress, value: entry } = read;
      const reject = (reason: string) => ({ kind: 'reject' as const, file: file.path, line, reason, progress });
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
      if (!dateAdded) {
        yield reject(`${cveId}: missing dateAdded.`);
        continue;
      }
      const added = checkDay('dateAdded', dateAdded);
      if (!added.ok) {
        yield reject(`${cveId}: ${added.reason}`);
        continue;
      }
      const dueDate = text(entry.dueDate);
      yield {
        kind: 'record',
        file: file.path,
        line,
        progress,
        record: {
          cveId,
          vendor: cpeName(text(entry.vendorProject) ?? ''),
          product: cpeName(text(entry.product) ?? ''),
          name: text(entry.vulnerabilityName) ?? cveId,
          description: text(entry.shortDescription) ?? '',
          dateAdded,
          dueDate: dueDate && checkDay('dueDate', dueDate).ok ? dueDate : null,
          ransomware: text(entry.knownRansomwareCampaignUse) ?? null,
        },
      };
    }
  }
}
