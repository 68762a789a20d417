// The API suite runs per database: PostgreSQL when TEST_DATABASE_URL is set or initdb/pg_ctl are on
// PATH (a throwaway cluster on 127.0.0.1; see src/testing/), PGlite always (every file without
// PostgreSQL, the engine-sensitive files beside it: PGLITE_WITH_POSTGRES below).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { defineConfig } from 'vitest/config';

function onPath(binary: string): boolean {
  const dirs = (process.env.PATH ?? '').split(delimiter).concat('/usr/lib/postgresql/15/bin');
  return dirs.some((dir) => dir !== '' && existsSync(join(dir, binary)));
}

const postgres = Boolean(process.env.TEST_DATABASE_URL) || (onPath('initdb') && onPath('pg_ctl'));
const only = process.env.VIGIL_TEST_DB; // 'pglite' or 'postgres' to run one of them

const shared = { include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * With PostgreSQL present (CI), every file runs on PostgreSQL, the engine of a production deployment,
 * and PGlite, the embedded default of a fresh start, runs the files whose outcome can depend on the
 * engine or on the embedded start: the database layer, the job queue and uploads (one PGlite connection
 * serialises what PostgreSQL runs concurrently), the CVE catalogue's merge rules (issue 31 asks them on
 * both), the demo load of a fresh start, tenancy and full-text search. The browser suite runs the whole
 * product on PGlite end to end. PGlite is about twice as slow per file: running everything on both cost
 * 9 of CI's minutes (ADR 0038). `VIGIL_TEST_DB=pglite` (or no PostgreSQL) runs every file on PGlite.
 */
export const PGLITE_WITH_POSTGRES = [
  'src/db/',
  'src/platform/jobs/',
  // Imports: the uploads' chunks, the import job through the queue, and recovery after a crash; the
  // parsers' outcomes (summary, dates, overlap, bombs) do not depend on the engine.
  'src/platform/imports/import-uploads.test.ts',
  'src/platform/imports/import-recovery.test.ts',
  'src/platform/imports/imports.test.ts',
  // The CVE catalogue's merge rules and the feeds' sync (issue 31 asks them on both engines); the
  // catalogue's fresh start from the NVD snapshot on PGlite is what the browser suite's server does.
  'src/modules/cves/cves.merge.test.ts',
  'src/modules/cves/cves.catalogue.test.ts',
  'src/modules/cves/feeds/',
  'src/demo/monitoring-demo.test.ts',
  'src/platform/search/',
  'src/plugins/cross-company.test.ts',
  // API tokens (issue 37 asks their lifecycle, scopes and revocation on both engines): text[] scopes.
  'src/identity/api-tokens/',
  // TAXII's keyset paging (row comparisons on date added and key) and its per-engine SQL counts.
  'src/platform/taxii/',
  // Backups: PGlite's through the running server, PostgreSQL's with pg_dump (a test per engine).
  'src/platform/backup/',
  // The benchmarks' smokes bring their own PGlite database (they run in this project only).
  'src/bench/',
];
for (const path of PGLITE_WITH_POSTGRES) {
  // A renamed folder must not silently drop its PGlite run.
  if (!existsSync(new URL(path, import.meta.url))) throw new Error(`vitest.config: ${path} does not exist`);
}
const pgliteInclude =
  postgres && only !== 'pglite'
    ? PGLITE_WITH_POSTGRES.map((path) => (path.endsWith('/') ? `${path}**/*.test.ts` : path))
    : shared.include;

export default defineConfig({
  test: {
    // PGlite takes ~650 MiB and most of a core per instance: two files at a time on 2 cores.
    maxWorkers: 2,
    pool: 'forks',
    // Test files share their worker's module cache: each file still opens its own database and
    // app, but Fastify, PGlite and oidc-provider load once per worker (halves the suite's time).
    isolate: false,
    projects: [
      ...(only !== 'postgres'
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
                include: pgliteInclude,
                name: 'pglite',
                globalSetup: ['src/testing/global-setup.pglite.ts'],
              },
            },
          ]
        : []),
      ...(postgres && only !== 'pglite'
        ? [
            {
              extends: true as const,
              test: { ...shared, name: 'postgres', globalSetup: ['src/testing/global-setup.postgres.ts'] },
            },
          ]
        : []),
    ],
  },
});
