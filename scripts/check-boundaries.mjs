#!/usr/bin/env node
// The layers Biome cannot express: which folders may import which (run by `npm run lint` and
// `npm test`). A monitoring module is a folder with a `<name>.module.ts(x)` descriptor.
//   server: apps/api/src holds modules/<id>/ (the monitoring modules), platform/<f>/ (what they
//           share and the product's own features), identity/<f>/ (accounts, sessions, companies),
//           demo/ (the demo data set) and dev/ (development tooling). A module imports no other
//           module; platform, identity and demo import no module (the registry reaches them);
//           shared/ imports none of those layers nor the composition root (app.ts, modules.ts,
//           server.ts); only server.ts imports dev/ statically (app.ts may load it with import()
//           when it mounts a development tool); a condition on the session's company goes
//           through tenantFilter() (shared/tenant.ts). Below the edge (modules/, platform/, identity/,
//           shared/) nothing names an HTTP status for a refusal: no HTTP error class (HttpError,
//           http-errors, @fastify/sensible…), no `new XError(404…)`, no `statusCode: 4xx`, no
//           `reply.code(4xx)`; they throw a ServiceError with a domain code, and the one error handler
//           (plugins/error-handler.plugin.ts) maps it to a status (issue 34, item 3; ADR 0045).
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

/** An HTTP error class imported (by name, or a package of them). */
const HTTP_ERROR_IMPORT =
  /(?:import|export)\s+(?:type\s+)?\{[^}]*\b(Http\w*(?:Error|Exception)|StatusError)\b[^}]*\}\s*from|(?:from|import)\s*\(?\s*['"](http-errors|@fastify\/sensible|@fastify\/error)['"]/;
/** A refusal given a numeric HTTP status: `new XError(404, …)`, `statusCode: 409`, `reply.code(403)`. */
const NUMERIC_STATUS =
  /new\s+[A-Z]\w*(?:Error|Exception)\s*\(\s*[1-5]\d\d\b|\bstatus(?:Code)?\s*[:=]\s*[45]\d\d\b|\b(?:reply|res)\s*\.\s*(?:code|status)\s*\(\s*[45]\d\d\b/;

/** What a file below the edge does that only the edge may: name an HTTP status for a refusal. */
function httpStatusProblems(where, text) {
  const problems = [];
  const imported = text.match(HTTP_ERROR_IMPORT);
  if (imported) {
    problems.push(
      `${where}: imports the HTTP error class ${imported[1] ?? imported[2]}; throw a ServiceError with a domain code (shared/service-error.ts).`,
    );
  }
  const status = text.match(NUMERIC_STATUS);
  if (status) {
    problems.push(
      `${where}: refuses with a numeric HTTP status (${status[0]}); throw a ServiceError with a domain code, the error handler maps it to a status.`,
    );
  }
  return problems;
}

/** `company_id = ${scope.companyId}` or `.where('x.company_id', '=', scope.companyId)`. */
const HAND_WRITTEN_TENANCY = /company_id\s*=\s*\$\{\s*scope\.companyId|company_id',\s*'=',\s*scope\.companyId/;

const exempt = (file) => /\.test\.tsx?$|[/\\](testing|bench|e2e)[/\\]/.test(file);

/** The folders under `dir` (the server's modules/, the web's modules/) that hold a module descriptor. */
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
    const dynamic = match[1] === undefined;
    if (spec.startsWith('.')) found.push({ spec, path: resolve(dirname(file), spec), dynamic });
    else if (aliasRoot && spec.startsWith('@/')) found.push({ spec, path: join(aliasRoot, spec.slice(2)), dynamic });
  }
  return found;
}

const inside = (path, dir) => path === dir || path.startsWith(dir + sep);
/** The top folder of `path` under `dir` (the feature a path belongs to), or undefined. */
const folderUnder = (path, dir) => (inside(path, dir) ? relative(dir, path).split(sep)[0] : undefined);

/** The server's layers under apps/api/src: a feature is one folder of modules/, platform/ or identity/. */
export const SERVER_LAYERS = ['modules', 'platform', 'identity', 'demo', 'dev'];

/**
 * The layer and feature of `path` under `src` ({ layer, name }), or undefined (shared code, the root):
 * a feature is one folder of a layer; a file right inside a layer counts as the layer itself.
 */
function placeOf(path, src, layers) {
  for (const layer of layers) {
    if (!inside(path, join(src, layer))) continue;
    const name = folderUnder(path, join(src, layer));
    return { layer, name: name && !/\.[cm]?[jt]sx?$/.test(name) ? name : layer };
  }
  return undefined;
}

/** The layer and feature a server path belongs to. */
const serverPlaceOf = (path, src) => placeOf(path, src, SERVER_LAYERS);

/** Problems of the server's layers in `src` (apps/api/src). */
export function serverProblems(src) {
  const modules = join(src, 'modules');
  const composition = ['app', 'modules', 'server'].map((name) => join(src, name));
  const isComposition = (path) => composition.some((c) => path === c || path === `${c}.ts` || path === `${c}.js`);
  const problems = [];
  for (const file of sourceFiles(src)) {
    if (exempt(file) || file === join(src, 'server.ts')) continue;
    const own = serverPlaceOf(file, src);
    const text = readFileSync(file, 'utf8');
    const where = relative(root, file);
    if (own && own.layer !== 'dev' && HAND_WRITTEN_TENANCY.test(text)) {
      problems.push(`${where}: filters by company_id by hand; use tenantFilter(table, scope).`);
    }
    if (inside(file, join(src, 'shared')) || ['modules', 'platform', 'identity'].includes(own?.layer)) {
      problems.push(...httpStatusProblems(where, text));
    }
    if (own?.layer === 'dev') continue;
    for (const { spec, path, dynamic } of importsOf(file, text)) {
      const target = serverPlaceOf(path, src);
      if (target?.layer === 'dev' && !(dynamic && isComposition(file.replace(/\.ts$/, '')))) {
        problems.push(
          `${where}: imports development tooling ${spec}; only server.ts loads dev/ (app.ts with import()).`,
        );
      } else if (isComposition(file.replace(/\.ts$/, ''))) {
      } else if (
        inside(file, join(src, 'shared')) &&
        (target !== undefined || isComposition(path.replace(/\.js$/, '')))
      ) {
        problems.push(
          `${where}: shared/ imports ${spec} (shared code never depends on modules, platform or identity).`,
        );
      } else if (
        target?.layer === 'modules' &&
        inside(path, modules) &&
        !(own?.layer === 'modules' && own.name === target.name)
      ) {
        problems.push(
          own?.layer === 'modules'
            ? `${where}: the module ${own.name} imports the module ${target.name} (${spec}); modules never import each other.`
            : `${where}: ${own ? `${own.layer} code` : 'shared code'} imports the module ${target.name} (${spec}); reach modules through the registry.`,
        );
      }
    }
  }
  return problems;
}

/** The web app's feature layers under `src`: a feature is one folder of one of them. */
export const WEB_LAYERS = ['modules', 'platform', 'identity'];

/** The feature a web path belongs to. */
const webFeatureOf = (path, src) => placeOf(path, src, WEB_LAYERS);

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
