// The Wayback CDX server's answers (internetarchive/wayback's cdx-server API, as web.archive.org
// serves it), told apart by their first character: `output=json`, an array whose first row names the
// fields (`original` required; `timestamp`, `statuscode` read when present; the empty row and the
// resume key that end a paged answer skipped); or the plain text answer, one capture per line
// (archive-lines.ts), a blank line then the resume key ending a paged one.
import { isRecord, type ParsedItem, type SourceFile, type Upload } from '../../platform/imports/import.types.js';
import { jsonElements } from '../../platform/imports/import-json.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import type { LineResult } from '../../platform/imports/import-records.js';
import { captureOf, cdxTextLine, cdxTimestamp } from './archive-lines.js';
import type { ArchiveCapture } from './archives.writer.js';

type Item = ParsedItem<ArchiveCapture>;
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

async function* cdxJsonFile(file: SourceFile): AsyncGenerator<Item> {
  let columns: Columns | null = null;
  let paging = false;
  for await (const event of jsonElements(file, '$.*')) {
    const notArray =
      (event.kind === 'end' && event.root !== 'array') || (event.kind === 'element' && typeof event.key === 'string');
    if (event.kind === 'error' || notArray) {
      const reason = event.kind === 'error' ? event.reason : 'Expected the CDX JSON array (output=json).';
      yield { kind: 'reject', file: file.path, line: 1, reason, progress: 1 };
      return;
    }
    if (event.kind === 'end') return;
    const base = { file: file.path, line: event.index + 1, progress: event.progress };
    if (columns === null) {
      columns = headerOf(event.value);
      if (!columns) {
        yield { kind: 'reject', ...base, reason: 'The first row must name the fields, "original" among them.' };
        return;
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

async function* cdxTextFile(file: SourceFile): AsyncGenerator<Item> {
  let blank = false;
  for await (const read of linesOf(file)) {
    const base = { file: file.path, line: read.line, progress: read.progress };
    if (read.text === null) {
      yield { kind: 'reject', ...base, reason: read.reason };
      continue;
    }
    const text = read.text.trim();
    if (text === '') {
      blank = true;
      continue;
    }
    // The resume key of a paged answer: one field after a blank line, not a capture.
    if (blank && !/\s/.test(text)) continue;
    const row = cdxTextLine(text);
    yield row.ok ? { kind: 'record', ...base, record: row.record } : { kind: 'reject', ...base, reason: row.reason };
  }
}

/** The first character of the file that is not white space ('' when none in its first 4 KiB), and the file whole. */
async function peeked(file: SourceFile): Promise<{ first: string; file: SourceFile }> {
  const iterator = file.content[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let first = '';
  let scanned = 0;
  while (first === '' && scanned < 4096) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    scanned += next.value.length;
    first = new TextDecoder()
      .decode(next.value.subarray(0, 4096))
      .replace(/^\uFEFF/, '')
      .trimStart()
      .charAt(0);
  }
  async function* content() {
    yield* seen;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { first, file: { path: file.path, content: content(), progress: (n) => file.progress(n) } };
}

export async function* parseCdx(upload: Upload): AsyncGenerator<Item> {
  for await (const source of upload.files()) {
    const { first, file } = await peeked(source);
    yield* first === '[' || first === '{' ? cdxJsonFile(file) : cdxTextFile(file);
  }
}
