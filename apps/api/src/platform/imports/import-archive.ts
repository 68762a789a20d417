// A ustar archive writer for text files: the demo's and tests' stealer-log folders (the web app
// may send one). Uploads are read by import-unpack.ts (tar-stream, yauzl, node:zlib streams).
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
