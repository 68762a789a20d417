// The CISA Known Exploited Vulnerabilities catalogue, in both editions CISA publishes: the JSON
// (known_exploited_vulnerabilities.json: vulnerabilities[] with cveID, vendorProject, product,
// vulnerabilityName, dateAdded, shortDescription, requiredAction, dueDate, and since late 2023
// knownRansomwareCampaignUse, since 2024 cwes) and the CSV (one row per entry, same columns).
import {
  checkDate,
  checkDay,
  isRecord,
  type ParsedItem,
  type SourceFile,
  text,
  type Upload,
} from '../../platform/imports/import.types.js';
import { vulnerabilitiesOf } from '../../platform/imports/import-json.js';
import { type CsvFormat, csvRecords, type LineResult } from '../../platform/imports/import-records.js';
import { fileHead } from './file-head.js';
import { cveIdPattern } from './nvd.parser.js';

export interface KevRecord {
  cveId: string;
  vendor: string;
  product: string;
  name: string;
  description: string;
  dateAdded: string;
  dueDate: string | null;
  /** Known / Unknown as CISA words it; null in releases before the field existed (2023). */
  ransomware: string | null;
  requiredAction: string | null;
  notes: string | null;
  cwes: string[];
  /** The release the entry comes from (the JSON's top-level fields); null in the CSV edition. */
  catalogVersion: string | null;
  dateReleased: Date | null;
}

export interface KevRelease {
  catalogVersion: string | null;
  dateReleased: Date | null;
}

/** catalogVersion and dateReleased from the JSON's head, before its vulnerabilities array. */
export function kevReleaseOf(head: string): KevRelease {
  const top = head.slice(0, Math.max(0, head.indexOf('"vulnerabilities"')));
  const version = /"catalogVersion"\s*:\s*"(\d{4}\.\d{2}\.\d{2}(?:\.\d{1,4})?)"/.exec(top)?.[1] ?? null;
  const released = /"dateReleased"\s*:\s*"([^"]{10,40})"/.exec(top)?.[1];
  const date = released ? checkDate('dateReleased', released, new Date(released)) : null;
  return { catalogVersion: version, dateReleased: date?.ok ? date.date : null };
}

/** KEV names vendors and products in words; CPE style is lower case with underscores. */
export function cpeName(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '_');
}

const cwePattern = /^(CWE-\d{1,6}|NVD-CWE-[A-Za-z-]{1,20})$/;
const MAX_TEXT = 4000;

const cut = (value: unknown): string | null => text(value)?.slice(0, MAX_TEXT) ?? null;

function cwesOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,;]/) : [];
  const cwes = items
    .map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : ''))
    .filter((c) => cwePattern.test(c));
  return [...new Set(cwes)].slice(0, 50);
}

/** One catalogue entry (a JSON object, or a CSV row named by its header): the record or why not. */
export function kevEntry(
  entry: unknown,
  release: KevRelease = { catalogVersion: null, dateReleased: null },
): LineResult<KevRecord> {
  if (!isRecord(entry)) return { ok: false, reason: 'Entry is not an object.' };
  const cveId = text(entry.cveID);
  if (!cveId || !cveIdPattern.test(cveId))
    return { ok: false, reason: `Bad cveID "${String(entry.cveID ?? '').slice(0, 40)}".` };
  const dateAdded = text(entry.dateAdded);
  if (!dateAdded) return { ok: false, reason: `${cveId}: missing dateAdded.` };
  const added = checkDay('dateAdded', dateAdded);
  if (!added.ok) return { ok: false, reason: `${cveId}: ${added.reason}` };
  const dueDate = text(entry.dueDate);
  return {
    ok: true,
    record: {
      cveId,
      vendor: cpeName(text(entry.vendorProject) ?? '').slice(0, 200),
      product: cpeName(text(entry.product) ?? '').slice(0, 200),
      name: cut(entry.vulnerabilityName) ?? cveId,
      description: cut(entry.shortDescription) ?? '',
      dateAdded,
      dueDate: dueDate && checkDay('dueDate', dueDate).ok ? dueDate : null,
      ransomware: text(entry.knownRansomwareCampaignUse)?.slice(0, 40) ?? null,
      requiredAction: cut(entry.requiredAction),
      notes: cut(entry.notes),
      cwes: cwesOf(entry.cwes),
      ...release,
    },
  };
}

const csvEdition: CsvFormat<string[], KevRecord> = {
  header(cells) {
    const names = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c));
    return names.includes('cveID') && names.includes('dateAdded') ? names : null;
  },
  headerMissing:
    'Not the KEV CSV edition: its first line names the columns (cveID,vendorProject,product,…,dateAdded,…). The JSON edition (known_exploited_vulnerabilities.json) is read too.',
  row(cells, names) {
    return kevEntry(Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])));
  },
};

async function* kevJson(file: SourceFile, release: KevRelease): AsyncGenerator<ParsedItem<KevRecord>> {
  for await (const read of vulnerabilitiesOf(file, 'a KEV catalogue')) {
    if (!read.ok) {
      yield read.reject;
      continue;
    }
    const { line, progress } = read;
    const entry = kevEntry(read.value, release);
    if (entry.ok) yield { kind: 'record', file: file.path, line, progress, record: entry.record };
    else yield { kind: 'reject', file: file.path, line, reason: entry.reason, progress };
  }
}

async function* one(file: SourceFile): AsyncGenerator<SourceFile> {
  yield file;
}

export async function* parseKev(upload: Upload): AsyncGenerator<ParsedItem<KevRecord>> {
  for await (const uploaded of upload.files()) {
    const { head, file } = await fileHead(uploaded, 2048);
    const start = head.replace(/^\uFEFF/, '').trimStart();
    if (start.startsWith('{') || start.startsWith('[')) yield* kevJson(file, kevReleaseOf(head));
    else if (/^"?cveID"?\s*,/.test(start)) yield* csvRecords(one(file), csvEdition);
    else
      yield {
        kind: 'reject',
        file: file.path,
        line: 0,
        reason:
          'Not a KEV catalogue: CISA publishes it as JSON (known_exploited_vulnerabilities.json, read as is) and as CSV (header cveID,vendorProject,product,…).',
        progress: 1,
      };
  }
}
