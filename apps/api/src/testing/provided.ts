// Values the per-project global setups hand to test files through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'pglite' | 'postgres';
    /** Path of a dump of a migrated and seeded PGlite (loaded by each test file). */
    pgliteTemplate: string;
    /** Admin URL of the test PostgreSQL; each test file creates its own database there. */
    postgresUrl: string;
    /** Name of the migrated and seeded PostgreSQL database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

export {};
