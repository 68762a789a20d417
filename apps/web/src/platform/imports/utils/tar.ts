// A folder picked in the browser, packed as one uncompressed ustar archive: the importer reads
// .tar, so an infostealer log folder keeps its relative paths (DESKTOP-1/Passwords.txt).

export interface TarEntry {
  path: string;
  data: Uint8Array;
}

const encoder = new TextEncoder();

function writeString(block: Uint8Array, offset: number, length: number, value: string) {
  block.set(encoder.encode(value).subarray(0, length), offset);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number) {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** Splits a path into ustar's name (100 bytes) and prefix (155 bytes) at a slash. */
function splitPath(path: string): { name: string; prefix: string } {
  if (encoder.encode(path).length <= 100) return { name: path, prefix: '' };
  const cut = path.lastIndexOf('/', path.length - 1);
  for (let i = cut; i > 0; i = path.lastIndexOf('/', i - 1)) {
    const name = path.slice(i + 1);
    const prefix = path.slice(0, i);
    if (encoder.encode(name).length <= 100 && encoder.encode(prefix).length <= 155) return { name, prefix };
  }
  return { name: path.slice(-100), prefix: '' };
}

function header(entry: TarEntry, mtime: number): Uint8Array {
  const block = new Uint8Array(512);
  const { name, prefix } = splitPath(entry.path);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.data.length);
  writeOctal(block, 136, 12, mtime);
  block.fill(0x20, 148, 156);
  block[156] = 0x30;
  writeString(block, 257, 6, 'ustar');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** The entries as one tar archive (two zero blocks at the end). */
export function createTar(entries: TarEntry[], mtime = Math.floor(Date.now() / 1000)): Uint8Array {
  const size = entries.reduce((total, e) => total + 512 + Math.ceil(e.data.length / 512) * 512, 1024);
  const out = new Uint8Array(size);
  let offset = 0;
  for (const entry of entries) {
    out.set(header(entry, mtime), offset);
    out.set(entry.data, offset + 512);
    offset += 512 + Math.ceil(entry.data.length / 512) * 512;
  }
  return out;
}

/** The files of a folder input (webkitRelativePath), packed as a tar. */
export async function tarOfFiles(files: File[]): Promise<Uint8Array> {
  const entries = await Promise.all(
    files.map(async (file) => ({
      path: file.webkitRelativePath || file.name,
      data: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return createTar(entries);
}
