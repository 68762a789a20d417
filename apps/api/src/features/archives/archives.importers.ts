// The archives module's import kinds, for results gathered offline (through the shared import jobs):
//  - `archive-urls`: a plain URL list, one per line, as gau and waybackurls print them (`#` comments;
//    waybackurls -dates lines, `<date-time> <url>`, keep the capture's date);
//  - `wayback-cdx`: the Wayback CDX server's `output=json` answer, an array whose first row names the
//    fields (`original` required; `timestamp`, `statuscode`, `mimetype` read when present), the
//    empty row and `resumeKey` row of a paged answer skipped.
// URLs outside the company's domains are read and ignored; the source is `import` for both kinds.
import type { Executor } from '../../db/database.js';
import {
  companyOf,
  defineImporter,
  isRecord,
  type ParsedItem,
  type RegisteredImporter,
  type Upload,
  type WriteContext,
  type WriteOutcome,
} from '../imports/import.types.js';
import { jsonElements } from '../imports/import-json.js';
import { type LineResult, listRecords } from '../imports/import-records.js';
import type { ImportJobRow } from '../imports/imports.table.js';
import { normaliseUrl } from './archive-url.js';
import { type ArchiveCapture, inDomains, writeArchivedUrls } from './archives.writer.js';

/** `20240131235959` (CDX timestamps, 4 to 14 digits) as a UTC date, or null. */
export function cdxTimestamp(text: string): Date | null {
  if (!/^\d{4,14}$/.test(text)) return null;
  const d = text.padEnd(14, '0');
  const [y, mo, da, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(d.slice(at, at + (i === 0 ? 4 : 2))));
  const date = new Date(Date.UTC(y ?? 0, (mo || 1) - 1, da || 1, h, mi, s));
  return Number.isNaN(date.getTime()) || date.getUTCMonth() !== (mo || 1) - 1 ? null : date;
}

function captureOf(raw: string, capturedAt: Date | null, status: number | null): LineResult<ArchiveCapture> {
  const normal = normaliseUrl(raw);
  return normal.ok ? { ok: true, record: { url: normal.url, capturedAt, status } } : normal;
}

/** One line of a gau / waybackurls list: a URL, or a date-time and a URL. */
export function urlListLine(text: string): LineResult<ArchiveCapture> {
  const dated = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)\s+(\S+)$/.exec(text);
  if (dated?.[1] && dated[2]) return captureOf(dated[2], new Date(dated[1]), null);
  if (/\s/.test(text)) return { ok: false, reason: 'Expected one URL per line.' };
  return captureOf(text, null, null);
}

export function parseUrlList(upload: Upload): AsyncIterable<ParsedItem<ArchiveCapture>> {
  return listRecords(upload.files(), urlListLine);
}

type Columns = { original: number; timestamp?: number; statuscode?: number };

function headerOf(value: unknown): Columns | null {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
  const at = (name: string) => (value.indexOf(name) >= 0 ? value.indexOf(name) : undefined);
  const original = at('original');
  if (original === undefined) return null;
  return { original, timestamp: at('timestamp'), statuscode: at('statuscode') };
}

export function cdxRow(value: unknown, columns: Columns): LineResult<ArchiveCapture> {
  if (!Array.isArray(value) || isRecord(value)) return { ok: false, reason: 'A CDX row must be an array of fields.' };
  const cell = (i: number | undefined) => (i === undefined ? '' : value[i]);
  const url = cell(columns.original);
  if (typeof url !== 'string' || url === '') return { ok: false, reason: 'Row without its original URL.' };
  const stamp = cell(columns.timestamp);
  const capturedAt = typeof stamp === 'string' && stamp !== '' ? cdxTimestamp(stamp) : null;
  if (typeof stamp === 'string' && stamp !== '' && !capturedAt) {
    return { ok: false, reason: `Timestamp "${stamp.slice(0, 20)}" is not a CDX timestamp.` };
  }
  const code = cell(columns.statuscode);
  const status = typeof code === 'string' && /^[1-5]\d\d$/.test(code) ? Number(code) : null;
  return captureOf(url, capturedAt, status);
}

export async function* parseCdxJson(upload: Upload): AsyncGenerator<ParsedItem<ArchiveCapture>> {
  for await (const file of upload.files()) {
    let columns: Columns | null = null;
    let paging = false;
    for await (const event of jsonElements(file, '$.*')) {
      const notArray =
        (event.kind === 'end' && event.root !== 'array') || (event.kind === 'element' && typeof event.key === 'string');
      if (event.kind === 'error' || notArray) {
        const reason = event.kind === 'error' ? event.reason : 'Expected the CDX JSON array (output=json).';
        yield { kind: 'reject', file: file.path, line: 1, reason, progress: 1 };
        break;
      }
      if (event.kind === 'end') break;
      const line = event.index + 1;
      const base = { file: file.path, line, progress: event.progress };
      if (columns === null) {
        columns = headerOf(event.value);
        if (!columns) {
          yield { kind: 'reject', ...base, reason: 'The first row must name the fields, "original" among them.' };
          break;
        }
        continue;
      }
      // A paged answer ends with an empty row and the resume key.
      if (Array.isArray(event.value) && event.value.length === 0) paging = true;
      if (paging) continue;
      const row = cdxRow(event.value, columns);
      yield row.ok ? { kind: 'record', ...base, record: row.record } : { kind: 'reject', ...base, reason: row.reason };
    }
  }
}

async function companyDomainsOf(db: Executor, job: ImportJobRow): Promise<string[]> {
  const rows = await db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', companyOf(job))
    .execute();
  return rows.map((r) => r.domain);
}

async function writeImported(
  db: Executor,
  context: WriteContext,
  domains: string[],
  records: ArchiveCapture[],
): Promise<WriteOutcome> {
  const within = records.filter((r) => inDomains(r.url.host, domains));
  const outcome = await writeArchivedUrls(
    db,
    {
      companyId: companyOf(context.job),
      jobId: context.job.id,
      runId: null,
      source: 'import',
      isDemo: context.job.is_demo,
      now: context.now,
    },
    within,
  );
  return { added: outcome.added, updated: outcome.updated, ignored: records.length - within.length };
}

const importer = (kind: string, parse: (upload: Upload) => AsyncIterable<ParsedItem<ArchiveCapture>>) =>
  defineImporter({
    kind,
    module: 'archives',
    prepare: companyDomainsOf,
    parse,
    write: (trx, context, domains, records) => writeImported(trx, context, domains, records),
  });

export const archiveImporters: readonly RegisteredImporter[] = [
  importer('archive-urls', parseUrlList),
  importer('wayback-cdx', parseCdxJson),
];
