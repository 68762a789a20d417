import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Writes `.gz` (level 9) and `.br` siblings of every text asset after the build, so a static
 * server with pre-compressed serving (@fastify/static `preCompressed: true`) sends them without
 * compressing per request. Files under 1 KiB are left alone.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vigil:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
        );
        return nested.flat();
      };
      for (const file of await walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = await readFile(file);
        if (data.length < 1024) continue;
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
        await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
