// Lines of a file read as a stream: 1-based numbers, CR stripped, NUL bytes (common in raw dumps,
// refused by PostgreSQL text) as U+FFFD. Memory holds one line at most: a line longer than
// MAX_LINE_BYTES is reported with its reason and skipped without being kept (a file of zeros
// with no newline is one such line, read through in constant memory).
import { type SourceFile, withoutNul } from './import.types.js';

export const MAX_LINE_BYTES = 64 * 1024;

export type Line =
  | { line: number; text: string; progress: number }
  | { line: number; text: null; reason: string; progress: number };

const NEWLINE = 0x0a;

function decode(parts: Buffer[], length: number): string {
  const bytes = parts.length === 1 ? (parts[0] ?? Buffer.alloc(0)) : Buffer.concat(parts, length);
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  const text = bytes.toString('utf8', 0, end);
  return withoutNul(text);
}

export async function* linesOf(file: SourceFile, maxBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let length = 0;
  let tooLong = false;
  let line = 0;
  let consumed = 0;
  const tooLongLine = (progress: number): Line => ({
    line,
    text: null,
    reason: `Line longer than ${maxBytes} bytes; skipped.`,
    progress,
  });
  for await (const piece of file.content) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.length);
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start);
      const stop = end === -1 ? chunk.length : end;
      if (!tooLong) {
        if (length + (stop - start) > maxBytes) {
          tooLong = true;
          parts = [];
          length = 0;
        } else if (stop > start) {
          parts.push(chunk.subarray(start, stop));
          length += stop - start;
        }
      }
      if (end === -1) break;
      line += 1;
      const progress = file.progress(consumed + end + 1);
      yield tooLong ? tooLongLine(progress) : { line, text: decode(parts, length), progress };
      parts = [];
      length = 0;
      tooLong = false;
      start = end + 1;
    }
    consumed += chunk.length;
  }
  if (tooLong || length > 0) {
    line += 1;
    const progress = file.progress(consumed);
    yield tooLong ? tooLongLine(progress) : { line, text: decode(parts, length), progress };
  }
}
