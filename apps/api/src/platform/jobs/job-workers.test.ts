// Several worker processes share one PostgreSQL (VIGIL_ROLE=worker, the way to grow past one
// machine): two real server processes run a queue of imports, and each job is claimed and done
// exactly once, by one of them, with both taking part. PostgreSQL only (PGlite is one process).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { insertJob } from '../imports/imports.repository.js';

const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));
const outDir = join(apiRoot, '.test-dist');
const JOBS = 12;
const LINES = 20_000;

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
const children: ChildProcess[] = [];
let dataDir: string;

describe.runIf(inject('databaseKind') === 'postgres')('two worker processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    // This process only enqueues (API role); the two workers below claim.
    ({ app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
    a = await newTenant(app, 'workers');
    // The server as `npm start` runs it, compiled from these sources into a directory of its own
    // as `npm run build` does (--noCheck: typechecking is the typecheck step's job, ~2.5x the time),
    // emitting only what runs (no declarations nor maps: the workers need none, ~1.7x the time).
    execFileSync(
      process.execPath,
      [
        join(apiRoot, '../../node_modules/typescript/bin/tsc'),
        ...['-p', 'tsconfig.build.json', '--noCheck', '--outDir', outDir],
        ...['--declaration', 'false', '--declarationMap', 'false', '--sourceMap', 'false'],
      ],
      {
        cwd: apiRoot,
        stdio: 'inherit',
      },
    );
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-workers-'));
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function startWorker(): { child: ChildProcess; claimed: number[]; ready: Promise<void> } {
    const claimed: number[] = [];
    let markReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    const child = spawn(process.execPath, [join(outDir, 'server.js')], {
      cwd: apiRoot,
      env: {
        NODE_ENV: 'production',
        VIGIL_ROLE: 'worker',
        DATABASE_URL: database.url ?? '',
        DATA_DIR: dataDir,
        COOKIE_SECRET: 'workers-test-cookie-secret-0123456789',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('Vigil worker running')) markReady();
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; job?: number };
        if (entry.msg === 'job claimed' && typeof entry.job === 'number') claimed.push(entry.job);
      }
    });
    children.push(child);
    return { child, claimed, ready };
  }

  it('runs every job exactly once, both taking part', { timeout: 120_000 }, async () => {
    const ids: number[] = [];
    for (let j = 0; j < JOBS; j += 1) {
      const text = Array.from({ length: LINES }, (_, i) => `u${j}-${i}@${a.domain}:pw-${j}-${i}`).join('\n');
      const job = await insertJob(
        app.ctx.db,
        {
          company_id: a.companyId,
          kind: 'combolist',
          module: 'credentials',
          file_name: `part-${j}.txt`,
          file_size: text.length,
          options: null,
          created_by: a.userId,
          created_at: new Date(),
        },
        Buffer.from(text),
      );
      ids.push(job.id);
    }
    // Started once the queue holds enough work that a 2 s poll finds some left.
    const workers = [startWorker(), startWorker()];
    await Promise.all(workers.map((w) => w.ready));
    const deadline = Date.now() + 90_000;
    let open = ids.length;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await app.ctx.db.selectFrom('jobs').select('status').where('id', 'in', ids).execute();
      open = rows.filter((r) => r.status !== 'succeeded' && r.status !== 'failed').length;
    }
    const stopped = workers.map(({ child }) => new Promise((resolve) => child.once('exit', resolve)));
    for (const { child } of workers) child.kill('SIGTERM');
    await Promise.all(stopped);

    const jobs = await app.ctx.db.selectFrom('jobs').selectAll().where('id', 'in', ids).execute();
    expect(jobs.map((j) => [j.status, j.attempts, j.added_count])).toEqual(ids.map(() => ['succeeded', 1, LINES]));
    const [first, second] = workers.map((w) => w.claimed.filter((id) => ids.includes(id)));
    expect([...(first ?? []), ...(second ?? [])].sort((x, y) => x - y)).toEqual(ids);
    expect(first?.length).toBeGreaterThan(0);
    expect(second?.length).toBeGreaterThan(0);
    const stored = await app.ctx.db
      .selectFrom('credential_findings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', a.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(JOBS * LINES);
  });
});
