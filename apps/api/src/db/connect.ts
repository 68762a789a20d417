// Opens the database: PostgreSQL through `pg` when a URL is given, else PGlite (on disk, in memory,
// or loaded from a dump of an already-migrated template, which is how tests start in ~0.4 s).
// PGlite runs in its own thread (pglite-thread.ts): its queries never stall the server's event loop.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { PgliteThreadDialect, PgliteThreadDriver } from './pglite-thread.dialect.js';
import { PgliteThread } from './pglite-thread.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** The health check fails once one caller holds the connection longer (PGLITE_HELD_LIMIT_MS). */
      heldLimitMs?: number;
    };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Resolves when the database answers promptly (the health check); rejects with the reason. */
  ping(): Promise<void>;
  /** PostgreSQL's connection pool now (the metrics); PGlite has one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PGlite: its data directory as a tar, taken between two statements (the backup; restoring it
   * recovers to the last commit, as after a power cut). PostgreSQL is backed up with pg_dump.
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** PGlite's one connection held longer than this by one caller means something is stuck. */
export const PGLITE_HELD_LIMIT_MS = 30_000;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client that the server drops (restart, admin termination) must not crash the
    // process: the pool discards it and the next query opens a new connection.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const thread = await PgliteThread.open({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: await target.loadDataDir.arrayBuffer() } : {}),
  });
  const driver = new PgliteThreadDriver(thread);
  const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(driver) });
  const heldLimitMs = target.heldLimitMs ?? PGLITE_HELD_LIMIT_MS;
  return {
    db,
    kind: 'pglite',
    // Not a query: it would wait behind whatever transaction holds the one connection (an import
    // batch); the thread answers between statements instead, unless a holder has been stuck.
    ping: async () => {
      const held = driver.heldForMs();
      if (held > heldLimitMs) {
        throw new Error(`The database connection has been held for ${Math.round(held / 1000)} s.`);
      }
      await thread.ping();
    },
    dump: () => thread.dumpDataDir(),
    // Kysely destroys a driver only once it has been used: the thread is closed either way.
    close: async () => {
      await db.destroy();
      await thread.close();
    },
  };
}

/** Runs `prepare` on a fresh in-memory PGlite and returns its dump (a template that test files load). */
export async function dumpPglite(prepare: (db: Kysely<Database>) => Promise<void>): Promise<Blob> {
  const thread = await PgliteThread.open();
  const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(new PgliteThreadDriver(thread)) });
  try {
    await prepare(db);
    return await thread.dumpDataDir();
  } finally {
    await db.destroy();
    await thread.close();
  }
}
