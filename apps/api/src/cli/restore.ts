// `npm run restore -- <file>`: puts a backup of `npm run backup` back (PostgreSQL: into the database
// DATABASE_URL names; PGlite: into DATA_DIR, the server stopped, the directory it replaces kept),
// migrates it to this version and prints every table's row count to compare with the original.
import { join } from 'node:path';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/connect.js';
import { restore, tableCounts } from '../platform/backup/backup.js';

const config = loadConfig();
const file = process.argv[2];
try {
  if (!file) throw new Error('Usage: npm run restore -- <backup file>');
  const into = await restore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, file);
  console.log(`Restored ${file} into ${into}.`);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
  try {
    for (const [table, rows] of await tableCounts(database.db)) console.log(`  ${table.padEnd(32)} ${rows}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
