// `npm run backup [-- <file>]`: a backup of the database the server uses (DATABASE_URL: pg_dump;
// else PGlite in DATA_DIR, asked of the running server or read from the directory), by default under
// DATA_DIR/backups. Safe while the server runs. See docs/operations.md (backups).

import { statSync } from 'node:fs';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/connect.js';
import { backup, defaultBackupFile, tableCounts } from '../platform/backup/backup.js';

const config = loadConfig();
try {
  const format = config.databaseUrl ? 'postgres' : 'pglite';
  const file = process.argv[2] ?? defaultBackupFile(config.dataDir, format, new Date());
  const { how } = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, file);
  console.log(`Backup written: ${file} (${statSync(file).size.toLocaleString('en')} bytes, ${format}, ${how})`);
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    try {
      const counts = await tableCounts(database.db);
      const rows = [...counts.values()].reduce((a, b) => a + b, 0);
      console.log(`  ${counts.size} tables, ${rows.toLocaleString('en')} rows at the time of the backup or just after`);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
