// The API suite runs once per database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set
// or initdb/pg_ctl are on PATH (a throwaway cluster on 127.0.0.1; see src/testing/).
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
              test: { ...shared, name: 'pglite', globalSetup: ['src/testing/global-setup.pglite.ts'] },
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
