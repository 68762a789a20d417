// An upload's files, read as streams from the stored chunks: gzip through node:zlib, zip through
// yauzl (random access over the chunks), tar through tar-stream. Nothing is unpacked whole: each
// file's bytes flow to its parser as they are inflated, under caps on unpacked bytes, entry
// count, entry size and compression ratio that stop the job with their reason (the bombs of
// issue 11: 256 MiB of zeros in 255 KiB of gzip; 80 zip entries over the same bytes).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tarStream from 'tar-stream';
import yauzl from 'yauzl';
import type { SourceFile, Upload } from './import.types.js';
import type { StoredFile } from './import-files.repository.js';

export const ARCHIVE_LIMITS = {
  /** Bytes unpacked from one upload, all files together. */
  unpackedBytes: 1024 ** 3,
  entries: 10_000,
  entryBytes: 256 * 1024 ** 2,
  /** Unpacked to packed, checked once a file has given more than 1 MiB (text packs 3 to 20:1). */
  ratio: 200,
};

/** Why an upload cannot be read: the job fails with exactly this message. */
export class UnreadableUpload extends Error {}

const MIB = 1024 * 1024;

export function cleanPath(path: string): string | undefined {
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return undefined;
  return parts.join('/');
}

const isGzip = (head: Buffer) => head.length > 2 && head[0] === 0x1f && head[1] === 0x8b;
const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
const isTar = (head: Buffer) => head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar';

/** Counts every byte unpacked from one reading of the upload. */
class Budget {
  total = 0;
  take(bytes: number): void {
    this.total += bytes;
    if (this.total > ARCHIVE_LIMITS.unpackedBytes) throw tooLarge();
  }
}

function tooLarge(): UnreadableUpload {
  return new UnreadableUpload(
    `The archive unpacks to more than ${ARCHIVE_LIMITS.unpackedBytes / 1024 ** 3} GiB; it was not imported.`,
  );
}

function tooCompressed(what: string): UnreadableUpload {
  return new UnreadableUpload(
    `${what} is compressed more than ${ARCHIVE_LIMITS.ratio} to 1, as decompression bombs are; it was not imported.`,
  );
}

async function* counted(source: AsyncIterable<Buffer>, count: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    count.bytes += chunk.length;
    yield chunk;
  }
}

/** The inflated bytes of a gzip stream, under the ratio and total caps. */
async function* gunzip(source: AsyncIterable<Buffer>, input: { bytes: number }, budget: Budget) {
  const inflate = createGunzip();
  const feeding = pipeline(Readable.from(source), inflate).catch(() => {});
  let out = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      out += chunk.length;
      budget.take(chunk.length);
      if (out > MIB && out > ARCHIVE_LIMITS.ratio * Math.max(1, input.bytes)) throw tooCompressed('The file');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UnreadableUpload) throw error;
    throw new UnreadableUpload(`Unreadable gzip file: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    inflate.destroy();
    await feeding;
  }
}

/** Takes the first `length` bytes of a stream without losing them: `rest` yields everything. */
async function peek(source: AsyncIterable<Buffer>, length: number) {
  const iterator = source[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let size = 0;
  while (size < length) {
    const next = await iterator.next();
    if (next.done) break;
    held.push(next.value);
    size += next.value.length;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* held;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: Buffer.concat(held).subarray(0, length), rest: rest() };
}

async function* untar(source: AsyncIterable<Buffer>, progress: () => number): AsyncGenerator<SourceFile> {
  const extract = tarStream.extract();
  const feeding = pipeline(Readable.from(source), extract).catch((error: unknown) => {
    extract.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  let entries = 0;
  try {
    for await (const entry of extract) {
      entries += 1;
      if (entries > ARCHIVE_LIMITS.entries) {
        throw new UnreadableUpload(`The archive holds more than ${ARCHIVE_LIMITS.entries} files; it was not imported.`);
      }
      const { name, size = 0, type } = entry.header;
      const path = cleanPath(name);
      if (size > ARCHIVE_LIMITS.entryBytes) {
        throw new UnreadableUpload(`${name} in the archive is larger than 256 MiB; the archive was not imported.`);
      }
      // The entry is read through one iterator that the parser never closes: what it leaves
      // unread is drained here, so the archive goes on to the next entry.
      const iterator: AsyncIterator<unknown> = entry[Symbol.asyncIterator]();
      if ((type === 'file' || type === 'contiguous-file') && path) {
        async function* content(): AsyncGenerator<Buffer> {
          while (true) {
            const next = await iterator.next();
            if (next.done) return;
            if (Buffer.isBuffer(next.value)) yield next.value;
          }
        }
        yield { path, content: content(), progress };
      }
      while (!(await iterator.next()).done) {
        // drained
      }
    }
  } catch (error) {
    if (error instanceof UnreadableUpload) throw error;
    throw new UnreadableUpload(`Unreadable tar archive: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    extract.destroy();
    await feeding;
  }
}

/** yauzl reads the zip's central directory and entries through this, a range of chunks at a time. */
class ChunkReader extends yauzl.RandomAccessReader {
  constructor(private readonly stored: StoredFile) {
    super();
  }
  override _readStreamForRange(start: number, end: number) {
    return Readable.from(this.stored.read(start, end));
  }
}

function call<T>(run: (done: (error: Error | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));
}

/** With decodeStrings off (names that climb out are skipped, not fatal) yauzl gives raw bytes. */
function nameOf(entry: yauzl.Entry): string {
  const name: unknown = entry.fileName;
  return Buffer.isBuffer(name) ? name.toString('utf8') : String(name);
}

async function zipEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > ARCHIVE_LIMITS.entries) {
        reject(
          new UnreadableUpload(`The archive holds more than ${ARCHIVE_LIMITS.entries} files; it was not imported.`),
        );
        zip.close();
      } else zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

async function* unzip(stored: StoredFile, budget: Budget): AsyncGenerator<SourceFile> {
  let zip: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zip = await call<yauzl.ZipFile>((done) =>
      yauzl.fromRandomAccessReader(
        new ChunkReader(stored),
        stored.size,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        done,
      ),
    );
    entries = await zipEntries(zip);
  } catch (error) {
    if (error instanceof UnreadableUpload) throw error;
    throw new UnreadableUpload(`Unreadable zip archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The sizes the archive declares are checked before anything is unpacked; yauzl then holds each
  // entry to its declared size (an entry that gives more is an error).
  const files = entries.filter((e) => !nameOf(e).endsWith('/'));
  if (files.reduce((sum, e) => sum + e.uncompressedSize, 0) > ARCHIVE_LIMITS.unpackedBytes) throw tooLarge();
  for (const entry of files) {
    const name = nameOf(entry);
    if (entry.uncompressedSize > ARCHIVE_LIMITS.entryBytes) {
      throw new UnreadableUpload(`${name} in the archive is larger than 256 MiB; the archive was not imported.`);
    }
    if (entry.uncompressedSize > MIB && entry.uncompressedSize > ARCHIVE_LIMITS.ratio * entry.compressedSize) {
      throw tooCompressed(`${name} in the archive`);
    }
  }
  try {
    for (const entry of files) {
      const path = cleanPath(nameOf(entry));
      if (!path || entry.isEncrypted() || ![0, 8].includes(entry.compressionMethod)) continue;
      const stream = await call<Readable>((done) => zip.openReadStream(entry, done));
      const unpacked = { bytes: 0 };
      const start = entry.relativeOffsetOfLocalHeader;
      const progress = (consumed: number) =>
        Math.min(1, (start + (consumed / Math.max(1, entry.uncompressedSize)) * entry.compressedSize) / stored.size);
      async function* content(): AsyncGenerator<Buffer> {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          unpacked.bytes += chunk.length;
          budget.take(chunk.length);
          yield chunk;
        }
      }
      try {
        yield { path, content: content(), progress };
      } finally {
        stream.destroy();
      }
    }
  } catch (error) {
    if (error instanceof UnreadableUpload) throw error;
    throw new UnreadableUpload(`Unreadable zip archive: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    zip.close();
  }
}

/**
 * The files of a stored upload: archives unpacked when the kind takes folders, gzip always undone.
 * Each call of `files()` reads the upload again from the start.
 */
export function openUpload(stored: StoredFile, fileName: string, archives: boolean): Upload {
  return {
    async *files() {
      const budget = new Budget();
      const input = { bytes: 0 };
      const { head } = await peek(stored.read(0, Math.min(stored.size, 512)), 512);
      const raw = () => counted(stored.read(), input);
      const share = () => Math.min(1, input.bytes / Math.max(1, stored.size));
      const plain = (path: string, content: AsyncIterable<Buffer>, progress: (consumed: number) => number) => ({
        path: cleanPath(path) || 'upload',
        content,
        progress,
      });
      if (isGzip(head)) {
        const inflated = await peek(gunzip(raw(), input, budget), 512);
        if (archives && isTar(inflated.head)) yield* untar(inflated.rest, share);
        else if (archives && isZip(inflated.head)) {
          throw new UnreadableUpload('A zip archive inside gzip cannot be read; upload the .zip itself.');
        } else yield plain(fileName.replace(/\.gz$/i, ''), inflated.rest, share);
      } else if (archives && isZip(head)) yield* unzip(stored, budget);
      else if (archives && isTar(head)) yield* untar(raw(), share);
      else yield plain(fileName, stored.read(), (consumed) => Math.min(1, consumed / Math.max(1, stored.size)));
    },
  };
}

/** An upload of files held in memory (parser tests; the demo's generated files). */
export function textUpload(files: { path: string; text: string }[]): Upload {
  return {
    async *files() {
      for (const [i, file] of files.entries()) {
        const bytes = Buffer.from(file.text, 'utf8');
        async function* content() {
          if (bytes.length > 0) yield bytes;
        }
        const progress = (consumed: number) => (i + consumed / Math.max(1, bytes.length)) / files.length;
        yield { path: file.path, content: content(), progress };
      }
    },
  };
}
