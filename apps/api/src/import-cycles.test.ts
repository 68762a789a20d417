// No import circle (issue 34): the checker run by `npm run lint` (scripts/check-cycles.mjs) finds a
// circle on a small tree, through `export … from`, dynamic `import()`, the web's `@/` alias,
// type-only imports and `declare module` augmentations; and this repository has none, even of types.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = join(dirname(fileURLToPath(import.meta.url)), '../../../scripts');
type Graph = Map<string, Set<string>>;
const cycles = (await import(join(scripts, 'check-cycles.mjs'))) as {
  importGraph(src: string, options?: { aliasRoot?: string; typeImports?: boolean }): Graph;
  circlesOf(graph: Graph): string[][];
  loopThrough(graph: Graph, group: string[]): string[];
};

describe('import circles', () => {
  const tree = mkdtempSync(join(tmpdir(), 'vigil-cycles-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };
  const circles = (src: string, options?: { aliasRoot?: string; typeImports?: boolean }) =>
    cycles.circlesOf(cycles.importGraph(join(tree, src), options)).map((g) => g.map((f) => relative(tree, f)));

  it('are none in the server or the web app', () => {
    const root = join(scripts, '..');
    expect(circles(relative(tree, join(root, 'apps/api/src')))).toEqual([]);
    const web = join(root, 'apps/web/src');
    expect(circles(relative(tree, web), { aliasRoot: web })).toEqual([]);
  });

  it('are found through imports, re-exports and dynamic imports, with one loop printed', () => {
    write(
      'api/jobs/kinds.ts',
      "import { alertKinds } from '../alerts/alerts.jobs.js';\nexport const all = alertKinds;\n",
    );
    write('api/alerts/alerts.jobs.ts', "export { queue as alertKinds } from '../jobs/index.js';\n");
    write('api/jobs/index.ts', "export const queue = () => import('./kinds.js');\n");
    write('api/jobs/free.ts', "import { all } from './kinds.js';\n");
    const graph = cycles.importGraph(join(tree, 'api'));
    const [group, ...more] = cycles.circlesOf(graph);
    expect(more).toEqual([]);
    expect(group?.map((f) => relative(tree, f))).toEqual([
      'api/alerts/alerts.jobs.ts',
      'api/jobs/index.ts',
      'api/jobs/kinds.ts',
    ]);
    expect(cycles.loopThrough(graph, group ?? []).map((f) => relative(tree, f))).toEqual([
      'api/alerts/alerts.jobs.ts',
      'api/jobs/index.ts',
      'api/jobs/kinds.ts',
      'api/alerts/alerts.jobs.ts',
    ]);
  });

  it('count type-only imports and augmentations too, and leave them out only when asked', () => {
    write('types/a.ts', "import type { B } from './b.js';\nexport type A = { b?: B };\n");
    write('types/b.ts', "import type { A } from './a.js';\nexport type B = { a?: A };\n");
    expect(circles('types')).toEqual([['types/a.ts', 'types/b.ts']]);
    expect(circles('types', { typeImports: false })).toEqual([]);
    write('types/a.ts', "export type { B } from './b.js';\n");
    expect(circles('types')).toEqual([['types/a.ts', 'types/b.ts']]);
    write('types/a.ts', "import { type B } from './b.js';\nexport type A = { b?: B };\n");
    write('types/b.ts', "import { type A } from './a.js';\nexport type B = { a?: A };\n");
    expect(circles('types', { typeImports: false })).toEqual([['types/a.ts', 'types/b.ts']]);
    write('types/a.ts', 'export interface A { n: number }\n');
    write('types/b.ts', "import type { A } from './a.js';\nexport type B = { a?: A };\n");
    expect(circles('types')).toEqual([]);
    write('types/a.ts', "import type { B } from './b.js';\nexport interface A { b?: B }\n");
    write('types/b.ts', "export type B = { n: number };\ndeclare module './a.js' {\n  interface A { m: number }\n}\n");
    expect(circles('types')).toEqual([['types/a.ts', 'types/b.ts']]);
  });

  it('follow the web’s @/ alias and extensionless paths to .tsx files and index files', () => {
    write('web/features/x/table.tsx', "import { Detail } from '@/features/x/detail';\n");
    write('web/features/x/detail.tsx', "import { Tags } from './tags';\n");
    write('web/features/x/tags/index.ts', "import { Table } from '../table';\n");
    expect(circles('web', { aliasRoot: join(tree, 'web') })).toEqual([
      ['web/features/x/detail.tsx', 'web/features/x/table.tsx', 'web/features/x/tags/index.ts'],
    ]);
  });
});
