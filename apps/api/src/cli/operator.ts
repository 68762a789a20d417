// `npm run operator -- grant|revoke <email>… | list`: platform operators, on the database the server
// uses (DATABASE_URL, else PGlite in DATA_DIR). PGlite is one process at a time: stop the server first.
// The modules' own operator commands too (`approve-scope <id> <reason…>`: a netblock approved for
// probing, ADR 0041).
import { join } from 'node:path';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrations.js';
import { moduleRegistry } from '../modules.js';
import { operatorCommand } from '../platform/admin/operators.js';

const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'pglite') });
try {
  await migrateToLatest(database.db);
  const [name = '', ...args] = process.argv.slice(2);
  const moduleCommand = moduleRegistry.modules.map((m) => m.operatorCommands?.[name]).find((c) => c !== undefined);
  console.log(
    moduleCommand
      ? await moduleCommand.run(database.db, args, new Date())
      : await operatorCommand(database.db, process.argv.slice(2), new Date()),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
