// Unpacks an upload into files: gzip, zip (stored or deflated) and tar (ustar) are read with
// node:zlib only. Paths are normalised; entries that climb out (..) or are not text are skipped.
import { gunzipSync, inflateRawSync } from 'node:zlib';
import type { SourceFile } from './import.types.js';

const MAX_ENTRY = 64 * 1024 * 1024;

export function isGzip(data: Buffer): boolean {
  return data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;
}

export function isZip(data: Buffer): boolean {
  return data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
}

export function isTar(data: Buffer): boolean {
  return data.length >= 512 && data.subarray(257, 262).toString('latin1') === 'ustar';
}

function cleanPath(path: string): string | undefined {
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return undefined;
  return parts.join('/');
}

const decoder = new TextDecoder('utf-8');

/** UTF-8 text; NUL bytes (common in raw dumps, refused by PostgreSQL text) become U+FFFD. */
function decode(data: Buffer): string {
  return decoder.decode(data).replace(/\0/g, '\uFFFD');
}

/** Zip entries from the central directory (no ZIP64, no encryption). */
export function unzip(data: Buffer): SourceFile[] {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i -= 1) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('Not a readable zip archive (no end of central directory).');
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  const files: SourceFile[] = [];
  for (let n = 0; n < count; n += 1) {
    if (data.readUInt32LE(offset) !== 0x02014b50) throw new Error('Corrupt zip central directory.');
    const method = data.readUInt16LE(offset + 10);
    const flags = data.readUInt16LE(offset + 8);
    const compressed = data.readUInt32LE(offset + 20);
    const size = data.readUInt32LE(offset + 24);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const local = data.readUInt32LE(offset + 42);
    const name = data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    offset += 46 + nameLength + extraLength + commentLength;
    const path = cleanPath(name);
    if (!path || name.endsWith('/') || size > MAX_ENTRY || (flags & 1) === 1) continue;
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + compressed);
    if (method === 0) files.push({ path, text: decode(raw) });
    else if (method === 8) files.push({ path, text: decode(inflateRawSync(raw)) });
  }
  return files;
}

/** Tar (ustar/pax-free) regular files. */
export function untar(data: Buffer): SourceFile[] {
  const files: SourceFile[] = [];
  let offset = 0;
  while (offset + 512 <= data.length) {
    const header = data.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const body = data.subarray(offset + 512, offset + 512 + size);
    const path = cleanPath(name);
    if ((type === '0' || type === '') && path && size <= MAX_ENTRY) files.push({ path, text: decode(body) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The files of an upload: archives unpacked when the kind takes folders, gzip always undone. */
export function filesOf(name: string, content: Buffer, archives: boolean): SourceFile[] {
  let data = content;
  let fileName = name;
  if (isGzip(data)) {
    data = gunzipSync(data);
    fileName = fileName.replace(/\.gz$/i, '');
  }
  if (archives && isZip(data)) return unzip(data);
  if (archives && isTar(data)) return untar(data);
  return [{ path: cleanPath(fileName) ?? 'upload', text: decode(data) }];
}

/** A ustar archive of text files (the demo's and tests' stealer-log folders; the web app may send one). */
export function tar(files: { path: string; text: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const file of files) {
    const body = Buffer.from(file.text, 'utf8');
    const header = Buffer.alloc(512);
    const name = Buffer.from(file.path, 'utf8');
    if (name.length > 100) {
      const cut = file.path.lastIndexOf('/', 155);
      header.write(file.path.slice(cut + 1), 0, 100, 'utf8');
      header.write(file.path.slice(0, cut), 345, 155, 'utf8');
    } else {
      header.write(file.path, 0, 100, 'utf8');
    }
    header.write('0000644\0', 100, 8, 'latin1');
    header.write('0000000\0', 108, 8, 'latin1');
    header.write('0000000\0', 116, 8, 'latin1');
    header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
    header.write('00000000000\0', 136, 12, 'latin1');
    header.write('        ', 148, 8, 'latin1');
    header.write('0', 156, 1, 'latin1');
    header.write('ustar\0', 257, 6, 'latin1');
    header.write('00', 263, 2, 'latin1');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}
