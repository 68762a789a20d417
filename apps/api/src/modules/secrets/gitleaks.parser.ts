// A gitleaks JSON report: a JSON array of findings, read as a stream, one finding at a time. Its
// first finding tells which gitleaks wrote it (8, or 4 to 7: see gitleaks.records); gitleaks'
// other report formats (SARIF, CSV, JUnit) and other files are refused once, naming what they are.
// The secret travels only as far as the writer, which hashes and redacts it.
import type { ParsedItem, SourceFile, Upload } from '../../platform/imports/import.types.js';
import { jsonElements } from '../../platform/imports/import-json.js';
import {
  type GitleaksRecord,
  type GitleaksShape,
  legacyRecordOf,
  type RecordResult,
  shapeOf,
  v8RecordOf,
} from './gitleaks.records.js';

export type { GitleaksRecord } from './gitleaks.records.js';

export const GITLEAKS_ACCEPTED =
  "Vigil reads gitleaks' JSON report: gitleaks 8 with --report-format json (its default), or the JSON report of gitleaks 4 to 7.";

const PEEK_BYTES = 512;

/** The file's first bytes as text, and the same file to read again from its start. */
async function peek(
  file: SourceFile,
): Promise<{ head: string; ended: boolean; file: SourceFile; close: () => Promise<unknown> }> {
  const iterator = file.content[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < PEEK_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  async function* content(): AsyncGenerator<Uint8Array> {
    try {
      yield* chunks;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      if (!ended) await iterator.return?.();
    }
  }
  const head = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, PEEK_BYTES));
  const close = async () => (ended ? undefined : iterator.return?.());
  return { head: head.replace(/^\uFEFF/, '').trimStart(), ended, file: { ...file, content: content() }, close };
}

/** Why a file is refused from its first bytes, '' to read it as an array, null for gitleaks 4–7's `null` (nothing found). */
function refusalOf(head: string, ended: boolean): string | null {
  if (head.startsWith('[')) return '';
  if (ended && head.trim() === 'null') return null;
  if (head.startsWith('{')) {
    if (/"\$schema"\s*:\s*"[^"]*sarif/i.test(head) || /"runs"\s*:/.test(head)) {
      return `This is a SARIF report (gitleaks 8 --report-format sarif); ${GITLEAKS_ACCEPTED}`;
    }
    return `This is a JSON object, not a gitleaks report (a JSON array of findings). ${GITLEAKS_ACCEPTED}`;
  }
  if (/^<\?xml[^>]*>\s*<testsuites?[\s>]/.test(head) || /^<testsuites?[\s>]/.test(head)) {
    return `This is a JUnit XML report (gitleaks 8 --report-format junit); ${GITLEAKS_ACCEPTED}`;
  }
  if (head.startsWith('<')) return `This is an XML file, not a gitleaks JSON report. ${GITLEAKS_ACCEPTED}`;
  if (/^RuleID,/i.test(head)) return `This is a gitleaks 8 CSV report (--report-format csv); ${GITLEAKS_ACCEPTED}`;
  if (head === '') return null;
  return `Not a gitleaks JSON report (a JSON array of findings). ${GITLEAKS_ACCEPTED}`;
}

const NEITHER =
  'This is a JSON array, but its first element is neither a gitleaks 8 finding (RuleID, Secret, File, StartLine) nor a gitleaks 4–7 leak (rule, offender, file, lineNumber).';

async function* parseFile(source: SourceFile): AsyncGenerator<ParsedItem<GitleaksRecord>> {
  const { head, ended, file, close } = await peek(source);
  const refusal = refusalOf(head, ended);
  const reject = (line: number, reason: string, progress: number) =>
    ({ kind: 'reject', file: file.path, line, reason, progress }) as const;
  if (refusal !== '') {
    await close();
    if (refusal !== null) yield reject(0, refusal, 1);
    else if (head !== '')
      yield { kind: 'empty', file: file.path, what: 'a gitleaks 4–7 report of no leaks (null)', progress: 1 };
    return;
  }
  let shape: GitleaksShape | null = null;
  for await (const event of jsonElements(file, '$.*')) {
    if (event.kind === 'error') {
      yield reject(0, event.reason, 1);
      return;
    }
    if (event.kind === 'end') {
      if (shape === null)
        yield { kind: 'empty', file: file.path, what: 'a gitleaks report with no findings ([])', progress: 1 };
      return;
    }
    if (typeof event.key !== 'number') continue;
    shape ??= shapeOf(event.value);
    if (shape === null) {
      yield reject(0, `${NEITHER} ${GITLEAKS_ACCEPTED}`, 1);
      return;
    }
    const line = event.index + 1;
    const parsed: RecordResult =
      shape === 'v8' ? v8RecordOf(event.value, file.path) : legacyRecordOf(event.value, file.path);
    yield parsed.ok
      ? { kind: 'record', record: parsed.record, file: file.path, line, progress: event.progress }
      : reject(line, parsed.reason, event.progress);
  }
}

export async function* parseGitleaks(upload: Upload): AsyncGenerator<ParsedItem<GitleaksRecord>> {
  for await (const file of upload.files()) yield* parseFile(file);
}
