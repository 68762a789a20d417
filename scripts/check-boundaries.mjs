#!/usr/bin/env node
// The layers Biome cannot express: which folders may import which (run by `npm run lint` and
// `npm test`). A monitoring module is a feature folder with a `<name>.module.ts(x)` descriptor.
//   server: shared/ imports no feature; the platform (every folder but the modules and the
//           composition root: app.ts, modules.ts) imports no module; a module imports no other;
//           a condition on the session's company goes through tenantFilter() (shared/tenant.ts).
//   web:    features live in three layers: modules/<id>/ (the monitoring modules), platform/<f>/
//           (screens of the platform) and identity/<f>/ (sign-in and who you are). A module imports no
//           other module and no platform or identity feature; platform and identity import no module;
//           a feature imports no other feature; components/, lib/, config/, theme/ import none of them;
//           nothing imports app/ (app/, main.tsx and prerender/ compose them).
// Tests, test helpers, benchmarks and e2e specs may reach across (they exercise the composition).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'generated') yield* sourceFiles(path);
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.d\.ts$/.test(name)) yield path;
  }
}

/** `company_id = ${scope.companyId}` or `.where('x.company_id', '=', scope.companyId)`. */
const HAND_WRITTEN_TENANCY = /company_id\s*=\s*\$\{\s*scope\.companyId|company_id',\s*'=',\s*scope\.companyId/;

const exempt = (file) => /\.test\.tsx?$|[/\\](testing|bench|e2e)[/\\]/.test(file);

/** The folders under `features/` that hold a module descriptor. */
export function modulesOf(featuresDir) {
  if (!existsSync(featuresDir)) return [];
  return readdirSync(featuresDir).filter((name) =>
    ['ts', 'tsx'].some((ext) => existsSync(join(featuresDir, name, `${name}.module.${ext}`))),
  );
}

/** The imports in one file's text, resolved to absolute paths (package imports are left out). */
function importsOf(file, text, aliasRoot) {
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec) continue;
    if (spec.startsWith('.')) found.push({ spec, path: resolve(dirname(file), spec) });
    else if (aliasRoot && spec.startsWith('@/')) found.push({ spec, path: join(aliasRoot, spec.slice(2)) });
  }
  return found;
}

const inside = (path, dir) => path === dir || path.startsWith(dir + sep);
/** The top folder of `path` under `dir` (the feature a path belongs to), or undefined. */
const folderUnder = (path, dir) => (inside(path, dir) ? relative(dir, path).split(sep)[0] : undefined);

/** Problems of the server's layers in `src` (apps/api/src). */
export function serverProblems(src) {
  const features = join(src, 'features');
  const modules = new Set(modulesOf(features));
  const composition = [join(src, 'app.ts'), join(src, 'modules.ts'), join(src, 'server.ts')];
  const problems = [];
  for (const file of sourceFiles(src)) {
    if (exempt(file) || composition.includes(file)) continue;
    const own = folderUnder(file, features);
    const text = readFileSync(file, 'utf8');
    if (own && HAND_WRITTEN_TENANCY.test(text)) {
      problems.push(`${relative(root, file)}: filters by company_id by hand; use tenantFilter(table, scope).`);
    }
    for (const { spec, path } of importsOf(file, text)) {
      const target = folderUnder(path, features);
      const where = relative(root, file);
      if (
        inside(file, join(src, 'shared')) &&
        (target !== undefined || composition.some((c) => path.startsWith(c.replace(/\.ts$/, ''))))
      ) {
        problems.push(`${where}: shared/ imports ${spec} (shared code never depends on features).`);
      } else if (target && modules.has(target) && target !== own) {
        problems.push(
          own && modules.has(own)
            ? `${where}: the module ${own} imports the module ${target} (${spec}); modules never import each other.`
            : `${where}: platform code imports the module ${target} (${spec}); reach modules through the registry.`,
        );
      }
    }
  }
  return problems;
}

/** The web app's feature layers under `src`: a feature is one folder of one of them. */
export const WEB_LAYERS = ['modules', 'platform', 'identity'];

/** The feature a web path belongs to, as { layer, name }, or undefined (shared code, app/). */
function webFeatureOf(path, src) {
  for (const layer of WEB_LAYERS) {
    const name = folderUnder(path, join(src, layer));
    if (name) return { layer, name };
  }
  return undefined;
}

/** Problems of the web app's layers in `src` (apps/web/src). */
export function webProblems(src) {
  const app = join(src, 'app');
  const problems = [];
  const entries = [join(src, 'main.tsx'), join(src, 'prerender')];
  for (const file of sourceFiles(src)) {
    if (exempt(file) || inside(file, app) || entries.some((entry) => inside(file, entry))) continue;
    const own = webFeatureOf(file, src);
    for (const { spec, path } of importsOf(file, readFileSync(file, 'utf8'), src)) {
      const where = relative(root, file);
      const target = webFeatureOf(path, src);
      if (inside(path, app)) problems.push(`${where}: imports app/ (${spec}); app/ composes, nothing imports it.`);
      else if (!target || (own && own.layer === target.layer && own.name === target.name)) continue;
      else if (!own) problems.push(`${where}: shared code imports the feature ${target.name} (${spec}).`);
      else if (own.layer === 'modules' && target.layer === 'modules') {
        problems.push(
          `${where}: the module ${own.name} imports the module ${target.name} (${spec}); modules never import each other.`,
        );
      } else if (own.layer === 'modules') {
        problems.push(
          `${where}: the module ${own.name} imports ${target.layer}/${target.name} (${spec}); app/ hands a module what it borrows.`,
        );
      } else if (target.layer === 'modules') {
        problems.push(
          `${where}: ${own.layer} code imports the module ${target.name} (${spec}); reach modules through the registry.`,
        );
      } else {
        problems.push(
          `${where}: the feature ${own.name} imports the feature ${target.name} (${spec}); app/ composes features.`,
        );
      }
    }
  }
  return problems;
}

/** Known problems being worked off: each must still occur (else delete it here), and no other may. */
export const knownProblems = [];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = [...serverProblems(join(root, 'apps/api/src')), ...webProblems(join(root, 'apps/web/src'))];
  const problems = [
    ...found.filter((problem) => !knownProblems.includes(problem)),
    ...knownProblems
      .filter((known) => !found.includes(known))
      .map((known) => `no longer occurs, delete it from knownProblems: ${known}`),
  ];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`import boundaries: ${problems.length} problem(s)`);
    process.exitCode = 1;
  } else {
    console.log('import boundaries: server layers and feature isolation hold');
  }
}
