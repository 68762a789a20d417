// The first bytes of an uploaded file, to tell its edition apart (KEV's JSON from its CSV) before
// it is read as a stream: the file handed back yields the same bytes again, from the start.
import type { SourceFile } from '../../platform/imports/import.types.js';

export async function fileHead(file: SourceFile, bytes: number): Promise<{ head: string; file: SourceFile }> {
  const iterator = file.content[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  let size = 0;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    held.push(next.value);
    size += next.value.length;
  }
  async function* content(): AsyncGenerator<Uint8Array> {
    yield* held;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const head = Buffer.concat(held.map((part) => Buffer.from(part.buffer, part.byteOffset, part.length)))
    .subarray(0, bytes)
    .toString('utf8');
  return { head, file: { path: file.path, progress: (consumed) => file.progress(consumed), content: content() } };
}
