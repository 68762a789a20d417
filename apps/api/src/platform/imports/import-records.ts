// Line formats read into records, shared by the importers: each non-empty, non-`#` line of a list,
// or each row of a CSV file with a header line, through a line parser that returns the record or
// the reason the line is refused (a reject with its file and line).
import type { ParsedItem, SourceFile } from './import.types.js';
import { linesOf, MAX_LINE_BYTES } from './import-lines.js';

export type LineResult<R> = { ok: true; record: R } | { ok: false; reason: string };

/** Each non-empty line of each file not starting with `#`, through `parseLine` (lines up to `maxBytes`). */
export async function* listRecords<R>(
  files: AsyncIterable<SourceFile>,
  parseLine: (text: string) => LineResult<R>,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<ParsedItem<R>> {
  for await (const file of files) {
    for await (const read of linesOf(file, maxBytes)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      const text = read.text.trim();
      if (text === '' || text.startsWith('#')) continue;
      const parsed = parseLine(text);
      if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: parsed.reason, progress };
    }
  }
}

/**
 * The cells of one CSV line split on `separator` (RFC 4180 quotes; a record spanning lines is
 * refused: null). Blanks around a quoted cell are allowed, as spreadsheets and abuse.ch write them.
 */
export function csvCells(line: string, separator = ','): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
      wasQuoted = false;
    } else if (!(wasQuoted && /\s/.test(char ?? ''))) cell += char;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export interface CsvFormat<C, R> {
  /** The columns the header line names, or null when it is not the format's header. */
  header(cells: string[]): C | null;
  /** Why a file without that header is refused (its first line's reject; the file is skipped). */
  headerMissing: string;
  row(cells: string[], columns: C): LineResult<R>;
}

/** Each row of each CSV file after its header line, through `format.row`. */
export async function* csvRecords<C, R>(
  files: AsyncIterable<SourceFile>,
  format: CsvFormat<C, R>,
): AsyncGenerator<ParsedItem<R>> {
  for await (const file of files) {
    let columns: C | null = null;
    for await (const read of linesOf(file)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      if (read.text.trim() === '') continue;
      const cells = csvCells(read.text);
      if (!cells) {
        yield { kind: 'reject', file: file.path, line, reason: 'Unclosed quote (one record per line).', progress };
        continue;
      }
      if (!columns) {
        columns = format.header(cells);
        if (columns) continue;
        yield { kind: 'reject', file: file.path, line, reason: format.headerMissing, progress: 1 };
        break;
      }
      const parsed = format.row(cells, columns);
      if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: parsed.reason, progress };
    }
  }
}
