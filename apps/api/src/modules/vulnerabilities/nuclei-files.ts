// How a nuclei file is read, told from its first byte: `[` is a -json-export array (pretty-printed
// over many lines), read element by element as a stream; anything else is -jsonl (-json in 2.x),
// one result per line, lines up to 16 MiB (a result keeps its whole response; evidence is cut).
// A file whose first record is not a nuclei result is refused once, not line by line.
import type { ParsedItem, SourceFile, Upload } from '../../platform/imports/import.types.js';
import { jsonElements } from '../../platform/imports/import-json.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import { type NucleiOutcome, type NucleiRecord, nucleiOf } from './nuclei.parser.js';

export const MAX_RESULT_BYTES = 16 * 1024 * 1024;
/** Leading white space read before deciding (a file of blanks is then read as lines). */
const SNIFF_BYTES = 1024 * 1024;

export const ACCEPTED =
  'Accepted: nuclei -jsonl (-json in 2.x), one result per line, or a -json-export array, from nuclei 2.x or 3.x.';

const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d]);
const BOM = [0xef, 0xbb, 0xbf];

/** The file's first byte that is not white space (after a UTF-8 BOM, dropped), and the file to read again. */
async function sniff(file: SourceFile): Promise<{ first: number | undefined; file: SourceFile }> {
  const iterator = file.content[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  let first: number | undefined;
  let seen = 0;
  while (first === undefined && seen < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    let chunk = next.value;
    if (seen === 0 && BOM.every((b, i) => chunk[i] === b)) chunk = chunk.subarray(BOM.length);
    held.push(chunk);
    seen += next.value.length;
    first = chunk.find((b) => !BLANK.has(b));
  }
  async function* content(): AsyncGenerator<Uint8Array> {
    try {
      yield* held;
      held.length = 0;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // A file refused after its first record is left unread: its stream is closed all the same.
      await iterator.return?.();
    }
  }
  return { first, file: { ...file, content: content() } };
}

function refusal(file: SourceFile, what: string): ParsedItem<never> {
  return {
    kind: 'reject',
    file: file.path,
    line: 0,
    reason: `This is not nuclei output: ${what}. ${ACCEPTED}`,
    progress: 1,
  };
}

type Read = { item: ParsedItem<NucleiRecord>; stop: boolean };

/** A record or a reject; the file's first result, when foreign, refuses the file instead. */
function itemOf(
  file: SourceFile,
  parsed: NucleiOutcome,
  at: { line: number; progress: number },
  first: boolean,
  what: string,
): Read {
  if (parsed.ok) return { item: { kind: 'record', record: parsed.record, file: file.path, ...at }, stop: false };
  if (first && parsed.foreign) return { item: refusal(file, `${what} ${at.line}: ${parsed.reason}`), stop: true };
  return { item: { kind: 'reject', file: file.path, reason: parsed.reason, ...at }, stop: false };
}

async function* jsonLines(file: SourceFile): AsyncGenerator<ParsedItem<NucleiRecord>> {
  let first = true;
  for await (const read of linesOf(file, MAX_RESULT_BYTES)) {
    const { line, progress } = read;
    if (read.text === null) {
      yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
      first = false;
      continue;
    }
    const trimmed = read.text.trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      // A pretty-printed object, SARIF or markdown: one refusal, not one reject per physical line.
      if (first) {
        yield refusal(file, `line ${line} is not a JSON value (a pretty-printed document or another format)`);
        return;
      }
      yield { kind: 'reject', file: file.path, line, reason: 'Not valid JSON.', progress };
      continue;
    }
    const outcome = itemOf(file, nucleiOf(value), { line, progress }, first, 'line');
    yield outcome.item;
    if (outcome.stop) return;
    first = false;
  }
}

/** A -json-export array: its elements numbered from 1 (the reject's "line" is the element). */
async function* jsonExport(file: SourceFile): AsyncGenerator<ParsedItem<NucleiRecord>> {
  let first = true;
  for await (const event of jsonElements(file, '$.*')) {
    if (event.kind === 'error') {
      yield {
        kind: 'reject',
        file: file.path,
        line: 0,
        reason: `A JSON array (nuclei -json-export): ${event.reason}`,
        progress: 1,
      };
      return;
    }
    if (event.kind === 'end') return;
    const at = { line: event.index + 1, progress: event.progress };
    const read = itemOf(file, nucleiOf(event.value), at, first, 'JSON array element');
    yield read.item;
    if (read.stop) return;
    first = false;
  }
}

export async function* parseNuclei(upload: Upload): AsyncGenerator<ParsedItem<NucleiRecord>> {
  for await (const source of upload.files()) {
    const { first, file } = await sniff(source);
    if (first === 0x5b) yield* jsonExport(file);
    else yield* jsonLines(file);
  }
}
