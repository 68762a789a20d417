// Hostile and large uploads made as streams, so that neither the sender nor the disk holds them:
// a gzip of zeros, a zip whose entries all point at the same deflated bytes (the bombs of issue
// 11), a generated combolist of any size. The import tests and `bench:api` send them.
import { crc32, createDeflateRaw, createGzip } from 'node:zlib';

const MIB = 1024 * 1024;

/** Compresses `mib` MiB of zero bytes with the given zlib stream, fed 1 MiB at a time. */
async function zeros(mib: number, compressor: ReturnType<typeof createGzip>): Promise<Buffer> {
  const parts: Buffer[] = [];
  compressor.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => compressor.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(MIB);
  for (let i = 0; i < mib; i += 1) {
    if (!compressor.write(block)) await new Promise((resolve) => compressor.once('drain', resolve));
  }
  compressor.end();
  await done;
  return Buffer.concat(parts);
}

/** The gzip bomb of issue 11: 256 MiB of zeros in about 255 KiB. */
export function gzipOfZeros(mib = 256): Promise<Buffer> {
  return zeros(mib, createGzip({ level: 9 }));
}

/**
 * The zip bomb of issue 11: one deflated entry of `mib` MiB of zeros and `entries` central
 * directory records that all point at it (each honest about its sizes: together 80 × 60 MiB).
 */
export async function zipOfOverlappingEntries(entries = 80, mib = 60): Promise<Buffer> {
  const data = await zeros(mib, createDeflateRaw({ level: 9 }));
  const block = Buffer.alloc(MIB);
  let crc = 0;
  for (let i = 0; i < mib; i += 1) crc = crc32(block, crc);
  const size = mib * MIB;
  const header = (signature: number, name: Buffer, central: boolean) => {
    const fixed = Buffer.alloc(central ? 46 : 30);
    fixed.writeUInt32LE(signature, 0);
    let at = central ? 6 : 4;
    if (central) fixed.writeUInt16LE(20, 4);
    fixed.writeUInt16LE(20, at); // version needed
    fixed.writeUInt16LE(0, at + 2); // flags
    fixed.writeUInt16LE(8, at + 4); // deflate
    fixed.writeUInt32LE(0, at + 6); // time and date
    fixed.writeUInt32LE(crc, at + 10);
    fixed.writeUInt32LE(data.length, at + 14);
    fixed.writeUInt32LE(size, at + 18);
    fixed.writeUInt16LE(name.length, at + 22);
    at += 24; // extra length (and, in the central directory, comment, disk, attributes, offset) stay 0
    return Buffer.concat([fixed, name]);
  };
  const local = header(0x04034b50, Buffer.from('PC-0/Passwords.txt'), false);
  const central = Array.from({ length: entries }, (_, i) =>
    header(0x02014b50, Buffer.from(`PC-${i}/Passwords.txt`), true),
  );
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + data.length, 16);
  return Buffer.concat([local, data, directory, end]);
}

/** `mib` MiB of combolist: comment lines (read and skipped) and one real line per MiB. */
export async function* generatedCombolist(mib: number, domain: string): AsyncGenerator<Buffer> {
  const comment = `# ${'x'.repeat(1021)}\n`;
  const block = Buffer.from(comment.repeat(MIB / 1024 - 1));
  for (let i = 0; i < mib; i += 1) {
    yield Buffer.concat([block, Buffer.from(`user${i}@${domain}:Pass-${i}`.padEnd(1023, ' '))], MIB - 1);
    yield Buffer.from('\n');
  }
}
