import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunk-modules.json` beside Vite's manifest: for each JS chunk of the build, the app
 * files it carries (paths from apps/web) and the packages. The manifest names only a chunk's entry;
 * bench:web needs every file to say which module's code a page loads (the signed-in first-load budget).
 */
export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'vigil:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const files = new Set<string>();
        for (const id of output.moduleIds) {
          const path = id.split('?')[0] ?? id;
          const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path)?.[1];
          files.add(pkg ? `package:${pkg.replace('\\', '/')}` : relative(root, path).replaceAll('\\', '/'));
        }
        chunks[output.fileName] = [...files].sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}
