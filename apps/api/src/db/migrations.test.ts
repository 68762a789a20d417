// Migrations load from their folder (issue 34): a new file is picked up in the order of its name,
// names are timestamps and unique, files that are not migrations are left alone, and the folder's
// set is exactly the one the test database was migrated with (nothing pending, nothing missing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-app.js';
import { MIGRATION_NAME, migrateToLatest, migrationFolder, migrationsIn } from './migrations.js';

const folder = mkdtempSync(join(tmpdir(), 'vigil-migrations-'));
const write = (file: string, text = 'export async function up() {}\n') => writeFileSync(join(folder, file), text);
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 300_000);
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await database?.close();
});

describe('the migrations', () => {
  it('are every migration file of their folder, by name, in the order of their names', async () => {
    const files = (await readdir(migrationFolder)).filter((f) => f.endsWith('.migration.ts'));
    const names = Object.keys(await migrationsIn(migrationFolder));
    expect(names).toEqual(files.map((f) => f.replace(/\.migration\.ts$/, '')).sort());
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) expect(name).toMatch(MIGRATION_NAME);
    expect(names[0]).toBe('2026-11-21-2000-accounts');
  });

  it('are the ones the test database ran: migrating again runs nothing and misses nothing', async () => {
    const { results } = await migrateToLatest(database.handle.db);
    expect(results).toEqual([]);
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.handle.db,
    );
    expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(await migrationsIn(migrationFolder)));
  });

  it('pick up a new file in the order of its name, and leave other files alone', async () => {
    write('2026-01-02-0900-second.migration.mjs');
    write('2026-01-01-0900-first.migration.mjs', 'export async function up() {}\nexport async function down() {}\n');
    write('2026-01-01-0900-first.migration.d.ts', 'export declare function up(): Promise<void>;\n');
    write('helpers.mjs', 'export const x = 1;\n');
    write('README.md', 'Not a migration.\n');
    expect(Object.keys(await migrationsIn(folder))).toEqual(['2026-01-01-0900-first', '2026-01-02-0900-second']);
    write('2026-01-01-1200-between.migration.mjs');
    const migrations = await migrationsIn(folder);
    expect(Object.keys(migrations)).toEqual([
      '2026-01-01-0900-first',
      '2026-01-01-1200-between',
      '2026-01-02-0900-second',
    ]);
    expect(typeof migrations['2026-01-01-0900-first']?.down).toBe('function');
    expect(migrations['2026-01-02-0900-second']?.down).toBeUndefined();
  });

  it('refuse two files of one name, a name that is not a timestamp, and a file without up()', async () => {
    write('2026-01-03-0900-twice.migration.mjs');
    write('2026-01-03-0900-twice.migration.js');
    await expect(migrationsIn(folder)).rejects.toThrow('Two migrations are named 2026-01-03-0900-twice');
    rmSync(join(folder, '2026-01-03-0900-twice.migration.js'));
    write('add-users.migration.mjs');
    await expect(migrationsIn(folder)).rejects.toThrow('add-users.migration.mjs is not named');
    rmSync(join(folder, 'add-users.migration.mjs'));
    write('2026-01-04-0900-empty.migration.mjs', 'export const nothing = 1;\n');
    await expect(migrationsIn(folder)).rejects.toThrow('2026-01-04-0900-empty.migration.mjs exports no up()');
  });
});
