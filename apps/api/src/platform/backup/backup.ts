// Backups that restore (issue 36), for both engines, taken while the server runs:
// - PostgreSQL (DATABASE_URL): pg_dump's custom format (one consistent snapshot; the server keeps
//   working), restored with pg_restore into the database DATABASE_URL names.
// - PGlite (the default, one process): its data directory as a gzipped tar. A running server owns
//   the directory, so the backup asks it (GET /ops/backup on 127.0.0.1, with the token it wrote
//   under DATA_DIR at start: whoever can read that file can read the database files anyway); with no
//   server running, the directory is opened directly. Restoring needs the server stopped; the
//   directory it replaces is kept beside it.
// A restored database is migrated to this version (a backup of an older version restores too).
import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { childEnvironment } from '../../config/env.js';
import { openDatabase } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrations.js';
import { fromThisMachine, presentsBearer } from '../../shared/local-caller.js';
import { randomToken } from '../../shared/secrets.js';
import { ServiceError } from '../../shared/service-error.js';

export type BackupFormat = 'pglite' | 'postgres';

export const BACKUP_PATH = '/ops/backup';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
/** A PGlite database is loaded in memory to restore it: past this, PostgreSQL is the engine to use. */
const MAX_PGLITE_BYTES = 2 * 2 ** 30;

/** What a backup file holds, from its first bytes (undefined: neither). */
export async function backupFormatOf(file: string): Promise<BackupFormat | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    if (bytesRead >= 2 && head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
    if (bytesRead === 5 && head.equals(PG_DUMP_MAGIC)) return 'postgres';
    return undefined;
  } finally {
    await handle.close();
  }
}

/** The default file of a backup taken now: under DATA_DIR/backups, named by engine and time. */
export function defaultBackupFile(dataDir: string, format: BackupFormat, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return join(dataDir, 'backups', `vigil-${format}-${stamp}.${format === 'pglite' ? 'tar.gz' : 'pgdump'}`);
}

// ---- A running PGlite server, found through DATA_DIR -------------------------------------------

interface ServerInfo {
  url: string;
  pid: number;
}

const infoFile = (dataDir: string) => join(dataDir, 'server.json');
const tokenFile = (dataDir: string) => join(dataDir, 'ops-token');

/**
 * A PGlite server's token for /ops/backup (fresh each start, mode 0600 under DATA_DIR); `publish`
 * writes where it listens once it does, `withdraw` removes both at shutdown.
 */
export function announceServer(dataDir: string): {
  token: string;
  publish: (url: string) => void;
  withdraw: () => void;
} {
  mkdirSync(dataDir, { recursive: true });
  const token = randomToken();
  writeFileSync(tokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return {
    token,
    publish: (url) =>
      writeFileSync(infoFile(dataDir), `${JSON.stringify({ url, pid: process.pid } satisfies ServerInfo)}\n`),
    withdraw: () => {
      rmSync(infoFile(dataDir), { force: true });
      rmSync(tokenFile(dataDir), { force: true });
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PGlite server running on DATA_DIR, if one is (a file left by a crashed one is ignored). */
export function runningServer(dataDir: string): (ServerInfo & { token: string }) | undefined {
  if (!existsSync(infoFile(dataDir)) || !existsSync(tokenFile(dataDir))) return undefined;
  const info = JSON.parse(readFileSync(infoFile(dataDir), 'utf8')) as ServerInfo;
  if (!alive(info.pid)) return undefined;
  return { ...info, token: readFileSync(tokenFile(dataDir), 'utf8').trim() };
}

/** GET /ops/backup: the PGlite data directory as a tar, to a loopback caller holding the token. */
export function registerBackupRoute(app: FastifyInstance, token: string, dump: () => Promise<Blob>): void {
  app.get(BACKUP_PATH, async (request, reply) => {
    if (!fromThisMachine(request) || !presentsBearer(request, token)) {
      throw new ServiceError('forbidden', 'Backups are taken by `npm run backup` on this machine.');
    }
    const tar = Buffer.from(await (await dump()).arrayBuffer());
    return reply.type('application/x-tar').header('content-length', tar.length).send(tar);
  });
}

// ---- Backup ------------------------------------------------------------------------------------

export interface BackupTarget {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** Takes a backup of the configured database into `file`; says how. */
export async function backup(target: BackupTarget, file: string): Promise<{ format: BackupFormat; how: string }> {
  mkdirSync(dirname(file), { recursive: true });
  if (target.databaseUrl) {
    await runPg('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], target.databaseUrl);
    return { format: 'postgres', how: 'pg_dump (one consistent snapshot)' };
  }
  const server = runningServer(target.dataDir);
  if (server) {
    const answer = await fetch(`${server.url}${BACKUP_PATH}`, { headers: { authorization: `Bearer ${server.token}` } });
    if (!answer.ok || !answer.body) throw new Error(`The running server refused the backup (${answer.status}).`);
    await pipeline(Readable.fromWeb(answer.body as never), createGzip(), createWriteStream(file, { mode: 0o600 }));
    return { format: 'pglite', how: `from the running server (pid ${server.pid})` };
  }
  const pgliteDir = join(target.dataDir, 'pglite');
  if (!existsSync(pgliteDir)) throw new Error(`No database to back up: ${pgliteDir} does not exist.`);
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    const tar = Buffer.from(await (await (database.dump?.() ?? Promise.reject(new Error('no dump')))).arrayBuffer());
    await pipeline(Readable.from([tar]), createGzip(), createWriteStream(file, { mode: 0o600 }));
  } finally {
    await database.close();
  }
  return { format: 'pglite', how: `from ${pgliteDir} (no server running)` };
}

// ---- Restore -----------------------------------------------------------------------------------

/** Restores `file` into the configured database, migrates it to this version; says what it replaced. */
export async function restore(target: BackupTarget, file: string, now = new Date()): Promise<string> {
  const format = await backupFormatOf(file);
  if (format === undefined)
    throw new Error(`${file} is not a Vigil backup (neither a PGlite tar.gz nor a pg_dump file).`);
  if (format === 'postgres') {
    if (!target.databaseUrl) {
      throw new Error(`${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`);
    }
    const args = ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
    await runPg('pg_restore', [...args, file], target.databaseUrl);
    const database = await openDatabase({ kind: 'postgres', url: target.databaseUrl });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    return 'the database DATABASE_URL names (its objects replaced by the backup)';
  }
  if (target.databaseUrl) {
    throw new Error(`${file} is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR.`);
  }
  const server = runningServer(target.dataDir);
  if (server) throw new Error(`Stop the server first (pid ${server.pid} runs on ${target.dataDir}).`);
  const tar: Buffer[] = [];
  let unpacked = 0;
  await pipeline(createReadStream(file), createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      unpacked += chunk.length;
      if (unpacked > MAX_PGLITE_BYTES) {
        throw new Error(
          `${file} unpacks to more than ${MAX_PGLITE_BYTES / 2 ** 30} GiB: not a PGlite backup of Vigil.`,
        );
      }
      tar.push(chunk);
    }
  });
  const pgliteDir = join(target.dataDir, 'pglite');
  const kept = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
  const aside = `${pgliteDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  // Loaded beside it first: a backup that does not load leaves the current database in place.
  const incoming = `${pgliteDir}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: incoming,
    loadDataDir: new Blob([Buffer.concat(tar)]),
  });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  if (kept) renameSync(pgliteDir, aside);
  else rmSync(pgliteDir, { recursive: true, force: true });
  renameSync(incoming, pgliteDir);
  return kept ? `${pgliteDir} (the one it replaced kept as ${aside})` : pgliteDir;
}

// ---- Shared ------------------------------------------------------------------------------------

/** Every table of the schema with its row count (what the commands print, and what a restore should match). */
export async function tableCounts(db: Kysely<Database>): Promise<Map<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts = new Map<string, number>();
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts.set(name, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

/** pg_dump / pg_restore of the newest PostgreSQL installed (Debian's layout), else from PATH. */
function pgBinary(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

/** Runs a PostgreSQL client tool against `url`, its password passed in the environment (never on the command line). */
function runPg(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(pgBinary(name), [...args, `--dbname=${parsed.href}`], {
      env: childEnvironment(password ? { PGPASSWORD: password } : {}),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', (error) =>
      reject(new Error(`${name} could not run (${error.message}): install postgresql-client.`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${errors.trim()}`)),
    );
  });
}
