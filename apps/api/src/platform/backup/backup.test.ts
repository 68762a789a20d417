// Backups that restore (issue 36): a backup taken while the server runs, restored into an empty
// place, has every table with the same row count and the same rows (a sample of each table, read
// here with plain SQL, not through the product's code). PGlite through the running server's
// /ops/backup; PostgreSQL through pg_dump and pg_restore into a new database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type DatabaseHandle, openDatabase } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrations.js';
import { seedDemo } from '../../demo/demo.seed.js';
import { settleAfterResponse } from '../../shared/after-response.js';
import { importFile, newTenant } from '../../testing/monitoring.js';
import { openTestDatabase, TEST_COOKIE_SECRET, testApp, testConfig, type VigilApp } from '../../testing/test-app.js';
import { announceServer, BACKUP_PATH, backup, restore, runningServer } from './backup.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every table's row count and its first rows in a stable order, as text: what a restore must give back. */
async function snapshot(db: Kysely<Database>): Promise<Record<string, { rows: number; sample: string[] }>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const out: Record<string, { rows: number; sample: string[] }> = {};
  for (const { name } of tables.rows) {
    const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    const sample = await sql<{ row: string }>`
      select t::text as row from ${sql.table(name)} t order by t::text limit 5`.execute(db);
    out[name] = { rows: Number(count.rows[0]?.n), sample: sample.rows.map((r) => r.row) };
  }
  return out;
}

/** Data in many tables: the demo seed, a company with a member, and an import's findings and job log. */
async function fill(app: VigilApp): Promise<void> {
  const who = await newTenant(app, 'backup');
  const lines = Array.from({ length: 300 }, (_, i) => `user${i}@${who.domain}:pw-${i}`).join('\n');
  expect((await importFile(app, who, 'combolist', 'leak.txt', lines)).status).toBe('succeeded');
  // The writes a response leaves behind (a session's last use) are done before anything is compared.
  await settleAfterResponse(app.ctx);
}

/** The restored database holds what `before` held, table by table (and most tables hold something). */
async function expectRestored(restored: DatabaseHandle, before: Awaited<ReturnType<typeof snapshot>>) {
  try {
    const after = await snapshot(restored.db);
    expect(Object.values(after).filter((t) => t.rows > 0).length).toBeGreaterThan(10);
    expect(after).toEqual(before);
  } finally {
    await restored.close();
  }
}

describe.runIf(inject('databaseKind') === 'pglite')('PGlite (DATA_DIR)', () => {
  it('is backed up from the running server and restored into an empty DATA_DIR, every row back', async () => {
    const dataDir = scratch();
    const handle: DatabaseHandle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, new Date());
    const announced = announceServer(dataDir);
    // No job worker of its own (VIGIL_ROLE=api): nothing writes between the backup and the snapshot
    // it is compared with (the imports below are run by the test's own drain).
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, VIGIL_ROLE: 'api' }),
      database: handle,
      cookieSecret: TEST_COOKIE_SECRET,
      backupToken: announced.token,
      limits: { sensitivePerMinute: 1000, globalPerMinute: 0 },
    });
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      await fill(app);
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      announced.publish(url);
      expect(runningServer(dataDir)?.url).toBe(url);

      // The backup endpoint is for `npm run backup` on this machine only.
      expect((await fetch(`${url}${BACKUP_PATH}`)).status).toBe(403);
      const wrong = await fetch(`${url}${BACKUP_PATH}`, { headers: { authorization: 'Bearer x' } });
      expect(wrong.status).toBe(403);
      const relayed = await fetch(`${url}${BACKUP_PATH}`, {
        headers: { authorization: `Bearer ${announced.token}`, 'x-forwarded-for': '203.0.113.7' },
      });
      expect(relayed.status).toBe(403);

      const file = join(scratch(), 'vigil.tar.gz');
      before = await snapshot(handle.db);
      const taken = await backup({ dataDir, databaseUrl: undefined }, file);
      expect(taken).toEqual({ format: 'pglite', how: `from the running server (pid ${process.pid})` });
      // Nothing changed while it was taken: the restore must give back exactly this.
      expect(await snapshot(handle.db)).toEqual(before);
      // Restoring over a running server's directory is refused.
      await expect(restore({ dataDir, databaseUrl: undefined }, file)).rejects.toThrow(/^Stop the server first/);

      const elsewhere = scratch();
      expect(await restore({ dataDir: elsewhere, databaseUrl: undefined }, file)).toBe(join(elsewhere, 'pglite'));
      await expectRestored(await openDatabase({ kind: 'pglite', dataDir: join(elsewhere, 'pglite') }), before);
    } finally {
      announced.withdraw();
      await app.close();
    }
  }, 120_000);

  it('refuses what is not a backup of this engine, saying what to do', async () => {
    const dir = scratch();
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, 'not a backup');
    await expect(restore({ dataDir: dir, databaseUrl: undefined }, junk)).rejects.toThrow(
      `${junk} is not a Vigil backup (neither a PGlite tar.gz nor a pg_dump file).`,
    );
    const dump = join(dir, 'x.pgdump');
    writeFileSync(dump, 'PGDMP\u0001rest');
    await expect(restore({ dataDir: dir, databaseUrl: undefined }, dump)).rejects.toThrow(
      `${dump} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
    );
  });
});

describe.runIf(inject('databaseKind') === 'postgres')('PostgreSQL (DATABASE_URL)', () => {
  it('is backed up with pg_dump while the server runs and restored into a new database, every row back', async () => {
    const database = await openTestDatabase();
    const { app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } });
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `vigil_restore_${Date.now()}`;
    try {
      await fill(app);
      const file = join(scratch(), 'vigil.pgdump');
      const before = await snapshot(database.handle.db);
      expect((await backup({ dataDir: scratch(), databaseUrl: database.url }, file)).format).toBe('postgres');
      expect(await snapshot(database.handle.db)).toEqual(before);

      await admin.query(`create database ${name}`);
      const target = new URL(inject('postgresUrl'));
      target.pathname = `/${name}`;
      await restore({ dataDir: scratch(), databaseUrl: target.href }, file);
      await expectRestored(await openDatabase({ kind: 'postgres', url: target.href }), before);
    } finally {
      await app.close();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
