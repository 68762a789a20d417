// What the production server loads (issue 34): the static import graph of its entry (server.ts,
// through app.ts) reaches no development tooling (src/dev/) and no package outside `dependencies`;
// every package that production code imports is a dependency, and a package only development
// tooling, tests or benchmarks import is a devDependency (`npm ci --omit=dev` leaves it out).
// server.ts and app.ts load dev/ with import() inside their development branches: those imports
// are not followed (the boundary check allows them nowhere else).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(src, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const dev = join(src, 'dev');
const entries = [join(src, 'server.ts'), join(src, 'app.ts')];
const builtins = new Set(builtinModules);

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` (not `import type`), and `import('x')`. */
const STATIC = /(?:^|\n)\s*(?:import(?!\s+type\s)|export(?!\s+type\s))\s*(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Import {
  spec: string;
  dynamic: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...[...text.matchAll(STATIC)].map((m) => ({ spec: m[1] ?? '', dynamic: false })),
    ...[...text.matchAll(DYNAMIC)].map((m) => ({ spec: m[1] ?? '', dynamic: true })),
  ];
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined for node's own. */
function packageOf(spec: string): string | undefined {
  if (spec.startsWith('node:') || builtins.has(spec.split('/')[0] ?? '')) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const fileOf = (from: string, spec: string) => resolve(dirname(from), spec).replace(/\.js$/, '.ts');
const inside = (path: string, dir: string) => path.startsWith(dir + sep);

/** The files and packages the entries reach through imports (dev/ loaded by the entries with import() left out). */
function reach(): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const { spec, dynamic } of importsOf(file)) {
      if (!spec.startsWith('.')) {
        const name = packageOf(spec);
        if (name && !packages.has(name)) packages.set(name, relative(src, file));
        continue;
      }
      const target = fileOf(file, spec);
      if (dynamic && entries.includes(file) && inside(target, dev)) continue;
      queue.push(target);
    }
  }
  return { files, packages };
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** Tests and their helpers (`*.testing.ts`, left out of the build), the test harness, benchmarks and
 * development tooling: what runs only with devDependencies. */
const devOnly = (file: string) =>
  /\.(test|testing)\.ts$/.test(file) || ['testing', 'bench', 'dev'].some((dir) => inside(file, join(src, dir)));

describe('the production server', () => {
  const { files, packages } = reach();

  it('reaches its modules, platform and identity from its entry, and no development tooling', () => {
    const reached = [...files].map((file) => relative(src, file));
    expect(reached).toEqual(expect.arrayContaining(['app.ts', 'modules.ts', 'platform/jobs/job-worker.ts']));
    expect(reached.some((file) => file.startsWith(`identity${sep}`))).toBe(true);
    expect(reached.filter((file) => inside(join(src, file), dev) || file.endsWith('.testing.ts'))).toEqual([]);
  });

  it('imports only packages of its dependencies, none of its devDependencies', () => {
    const outside = [...packages].filter(([name]) => !(name in pkg.dependencies));
    expect(outside.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });

  it('lists every package production code imports in dependencies, and the packages only development code imports in devDependencies', () => {
    const users = new Map<string, { production: string[]; development: string[] }>();
    for (const file of sourceFiles(src)) {
      for (const { spec } of importsOf(file)) {
        const name = spec.startsWith('.') ? undefined : packageOf(spec);
        if (!name) continue;
        const entry = users.get(name) ?? { production: [], development: [] };
        (devOnly(file) ? entry.development : entry.production).push(relative(src, file));
        users.set(name, entry);
      }
    }
    const missing = [...users].filter(([name, use]) => use.production.length > 0 && !(name in pkg.dependencies));
    expect(missing.map(([name, use]) => `${name} (imported by ${use.production[0]})`)).toEqual([]);
    const devOnlyDependencies = [...users]
      .filter(([name, use]) => use.production.length === 0 && name in pkg.dependencies)
      .map(([name, use]) => `${name} (imported only by ${use.development.join(', ')})`);
    expect(devOnlyDependencies).toEqual([]);
  });
});
