// Opens the database: PostgreSQL through `pg` when a URL is given, else PGlite (on disk, in memory,
// or loaded from a dump of an already-migrated template, which is how tests start in ~0.4 s).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client that the server drops (restart, admin termination) must not crash the
    // process: the pool discards it and the next query opens a new connection.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // The dialect's destroy() closes the PGlite instance.
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** Runs `prepare` on a fresh in-memory PGlite and returns its dump (a template that test files load). */
export async function dumpPglite(prepare: (db: Kysely<Database>) => Promise<void>): Promise<Blob> {
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await prepare(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  return dump;
}
