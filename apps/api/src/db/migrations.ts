// The one ordered set of migrations for PGlite and PostgreSQL: every `<name>.migration.ts` file of
// ./migrations (`.js` once built to dist), named by its file name without the suffix. Names are
// timestamps, so the order of names is the order of writing. Adding a file is all a new migration
// takes: a hand-kept list once dropped one (issue 34).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';

/** Where this file's migrations are: beside it in src (vitest, tsx) and in dist alike. */
export const migrationFolder = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE = /^(?<name>.+)\.migration\.(?:ts|js|mjs|mts)$/;
/** `2026-11-21-2000-accounts`: a date, a four-digit time, then words in lower case. */
export const MIGRATION_NAME = /^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The migrations of `folder` by name, in name order. A name that does not read as a timestamp,
 * two files of one name (a stray `.js` beside its `.ts`), or a file exporting no `up` is refused
 * at start rather than skipped.
 */
export async function migrationsIn(folder: string): Promise<Record<string, Migration>> {
  const files = (await readdir(folder)).filter((file) => !file.endsWith('.d.ts') && MIGRATION_FILE.test(file));
  const byName = new Map<string, string>();
  for (const file of files) {
    const name = MIGRATION_FILE.exec(file)?.groups?.name ?? file;
    if (!MIGRATION_NAME.test(name)) {
      throw new Error(`The migration ${file} is not named <yyyy-mm-dd-hhmm>-<words>.migration.ts.`);
    }
    const other = byName.get(name);
    if (other) throw new Error(`Two migrations are named ${name}: ${other} and ${file}.`);
    byName.set(name, file);
  }
  const names = [...byName.keys()].sort();
  const migrations: Record<string, Migration> = {};
  for (const name of names) {
    const file = byName.get(name) as string;
    const module = (await import(pathToFileURL(join(folder, file)).href)) as Partial<Migration>;
    if (typeof module.up !== 'function') throw new Error(`The migration ${file} exports no up().`);
    migrations[name] = { up: module.up, ...(module.down ? { down: module.down } : {}) };
  }
  return migrations;
}

/** Kysely's provider over a folder (its FileMigrationProvider would keep `.migration` in each name). */
export function folderMigrations(folder = migrationFolder): MigrationProvider {
  return { getMigrations: () => migrationsIn(folder) };
}

export async function migrateToLatest<T>(db: Kysely<T>, provider = folderMigrations()): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}

/** How far the database is migrated for this version: its migrations applied, and those still pending. */
export async function migrationState<T>(
  db: Kysely<T>,
  provider = folderMigrations(),
): Promise<{ applied: number; known: number; pending: string[] }> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  const pending = migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
  return { applied: migrations.length - pending.length, known: migrations.length, pending };
}
