// The shape a monitoring module must keep (issue 14): the import boundaries hold (the checker is
// shown to catch each kind of breach on a small tree), and the shared files that name a module are
// exactly the ones listed here. A change that makes a module reach into more shared files fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = join(dirname(fileURLToPath(import.meta.url)), '../../../scripts');
type Problems = (src: string) => string[];
const boundaries = (await import(join(scripts, 'check-boundaries.mjs'))) as {
  serverProblems: Problems;
  webProblems: Problems;
  knownProblems: string[];
};
const footprint = (await import(join(scripts, 'module-footprint.mjs'))) as {
  footprintOf(id: string): string[];
  registeredModules(): string[];
};

/**
 * What a module touches outside its folders (its messages included) and its contract file: its
 * registry line on each side. The route table (config/paths.ts) and the shell's messages already
 * name every screen of the product, the module's included, so a new module does not edit them.
 */
const REGISTRIES = ['apps/api/src/modules.ts', 'apps/web/src/app/modules.ts'];
const ROUTE_TABLE = [
  'apps/web/src/config/paths.ts',
  ...['de', 'en', 'es', 'fr', 'pt-br', 'pt'].map((l) => `apps/web/src/locales/${l}.json`),
];
const ADVISOR_MODULES = 'apps/api/src/platform/advisor/advisor.tools.modules.ts';
/** TAXII's collections read a few modules' own rows (keyset pages, mapped to STIX), all in one file (ADR 0049). */
const TAXII_SOURCES = 'apps/api/src/platform/taxii/taxii.sources.ts';
const shared = (extra: string[] = []) => [...REGISTRIES, ...extra].sort();

describe('a monitoring module', () => {
  it('is registered on the server and in the web app', () => {
    expect(footprint.registeredModules()).toEqual([
      'archives',
      'assets',
      'credentials',
      'cves',
      'dorks',
      'mentions',
      'scripts',
      'secrets',
      'vulnerabilities',
    ]);
  });

  it.each([
    // web-app.plugin.ts serves the web build's `assets/` folder.
    // The advisor's tools read a few modules' own records (allow-listed fields), all named in one file;
    // so do TAXII's collections.
    ['assets', shared(['apps/api/src/plugins/web-app.plugin.ts', ADVISOR_MODULES])],
    ['credentials', shared([...ROUTE_TABLE, ADVISOR_MODULES, TAXII_SOURCES])],
    ['archives', shared()],
    ['cves', shared()],
    ['dorks', shared()],
    ['mentions', shared([ADVISOR_MODULES])],
    ['secrets', shared()],
    // openapi/package.json's npm `"scripts"` is the module's id by chance.
    ['scripts', shared([...ROUTE_TABLE, 'openapi/package.json', TAXII_SOURCES])],
    // import-json.ts and the cves module's NVD and KEV readers name the feeds' `vulnerabilities` array, a
    // name the module happens to share.
    [
      'vulnerabilities',
      shared([
        ...ROUTE_TABLE,
        'apps/api/src/platform/imports/import-json.ts',
        ...['cves.module.ts', 'kev.parser.ts', 'nvd.parser.ts'].map((f) => `apps/api/src/modules/cves/${f}`),
        ADVISOR_MODULES,
        TAXII_SOURCES,
      ]),
    ],
  ])('%s touches only the listed shared files', (id, expected) => {
    expect(footprint.footprintOf(id)).toEqual(expected);
  });
});

describe('import boundaries', () => {
  const tree = mkdtempSync(join(tmpdir(), 'vigil-boundaries-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };

  it('hold in this repository, but for the known problems being worked off', () => {
    const root = join(scripts, '..');
    const problems = [
      ...boundaries.serverProblems(join(root, 'apps/api/src')),
      ...boundaries.webProblems(join(root, 'apps/web/src')),
    ];
    expect(problems).toEqual(boundaries.knownProblems);
  });

  it('catch shared code importing a layer, platform or identity importing a module, a module importing another, production code importing dev/, a hand-written tenant filter', () => {
    write('api/modules/a/a.module.ts', "import { b } from '../b/b.service.js';\n");
    write('api/modules/b/b.module.ts', 'export const b = 1;\n');
    write('api/modules/b/b.service.ts', 'export const b = 1;\n');
    write('api/platform/imports/runner.ts', "import { b } from '../../modules/b/b.service.js';\n");
    write('api/identity/session/session.ts', "import { b } from '../../modules/b/b.service.js';\n");
    write('api/shared/util.ts', "import type { X } from '../platform/imports/runner.js';\n");
    write('api/modules/a/a.test.ts', "import { b } from '../b/b.service.js';\n");
    write('api/modules/b/b.repository.ts', "db.selectFrom('b').where('company_id', '=', scope.companyId);\n");
    write('api/dev/tool.ts', "import { b } from '../modules/b/b.service.js';\n");
    write('api/demo/seed.ts', "import { tool } from '../dev/tool.js';\n");
    write('api/app.ts', "import { tool } from './dev/tool.js';\nconst t = await import('./dev/tool.js');\n");
    write('api/server.ts', "import { tool } from './dev/tool.js';\n");
    expect(boundaries.serverProblems(join(tree, 'api')).map((p) => p.replace(/^.*?: /, ''))).toEqual([
      'imports development tooling ./dev/tool.js; only server.ts loads dev/ (app.ts with import()).',
      'imports development tooling ../dev/tool.js; only server.ts loads dev/ (app.ts with import()).',
      'identity code imports the module b (../../modules/b/b.service.js); reach modules through the registry.',
      'the module a imports the module b (../b/b.service.js); modules never import each other.',
      'filters by company_id by hand; use tenantFilter(table, scope).',
      'platform code imports the module b (../../modules/b/b.service.js); reach modules through the registry.',
      'shared/ imports ../platform/imports/runner.js (shared code never depends on modules, platform or identity).',
    ]);
  });

  it('catch code below the edge refusing with an HTTP status or importing an HTTP error class', () => {
    write('edge/modules/c/c.module.ts', 'export const c = 1;\n');
    write('edge/modules/c/c.service.ts', "throw new HttpError(404, 'Not found.');\n");
    write('edge/platform/jobs/jobs.service.ts', "import { HttpError } from '../../plugins/http-error.js';\n");
    write('edge/identity/session/session.ts', "import createError from 'http-errors';\n");
    write('edge/shared/limits.ts', "throw Object.assign(new Error('Slow down.'), { statusCode: 429 });\n");
    write('edge/modules/c/c.routes.ts', 'reply.code(403);\nreply.code(201);\n');
    // Allowed: a domain code, a success status, the edge itself, a test.
    write('edge/modules/c/c.repository.ts', "throw new ServiceError('not_found', 'Not found.');\n");
    write('edge/plugins/error-handler.plugin.ts', 'reply.code(422);\n');
    write('edge/modules/c/c.test.ts', 'expect(answer.statusCode).toBe(404);\nreply.code(403);\n');
    expect(
      boundaries
        .serverProblems(join(tree, 'edge'))
        .map((p) => p.replace(/^.*?: /, ''))
        .sort(),
    ).toEqual([
      'imports the HTTP error class HttpError; throw a ServiceError with a domain code (shared/service-error.ts).',
      'imports the HTTP error class http-errors; throw a ServiceError with a domain code (shared/service-error.ts).',
      'refuses with a numeric HTTP status (new HttpError(404); throw a ServiceError with a domain code, the error handler maps it to a status.',
      'refuses with a numeric HTTP status (reply.code(403); throw a ServiceError with a domain code, the error handler maps it to a status.',
      'refuses with a numeric HTTP status (statusCode: 429); throw a ServiceError with a domain code, the error handler maps it to a status.',
    ]);
  });

  it('catch a web module importing another module or a platform feature, platform or identity importing a module, a feature importing another, shared code importing a feature, anything importing app/', () => {
    write('web/modules/x/x.tsx', "import { y } from '@/modules/y';\nimport { f } from '@/platform/findings';\n");
    write('web/modules/y/index.ts', 'export const y = 1;\n');
    write(
      'web/platform/findings/index.ts',
      "import { y } from '@/modules/y';\nimport { a } from '../../identity/auth';\n",
    );
    write('web/identity/auth/index.ts', "import { y } from '../../modules/y/index';\n");
    write('web/components/ui/z.tsx', "import { y } from '@/modules/y';\nimport { r } from '@/app/router';\n");
    write('web/app/router.tsx', "import { y } from '@/modules/y';\n");
    expect(boundaries.webProblems(join(tree, 'web')).map((p) => p.replace(/^.*?: /, ''))).toEqual([
      'shared code imports the feature y (@/modules/y).',
      'imports app/ (@/app/router); app/ composes, nothing imports it.',
      'identity code imports the module y (../../modules/y/index); reach modules through the registry.',
      'the module x imports the module y (@/modules/y); modules never import each other.',
      'the module x imports platform/findings (@/platform/findings); app/ hands a module what it borrows.',
      'platform code imports the module y (@/modules/y); reach modules through the registry.',
      'the feature findings imports the feature auth (../../identity/auth); app/ composes features.',
    ]);
  });
});
