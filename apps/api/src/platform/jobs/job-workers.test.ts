// Several processes share one PostgreSQL (VIGIL_ROLE=api and worker, the way to grow past one
// machine), each a real server process as `npm start` runs it in production: two workers run a queue
// of imports, each job claimed and done exactly once, both taking part; and the topology of a
// deployment (two API nodes, two workers) survives a worker killed mid-import and shares sessions.
// PostgreSQL only (PGlite is one process).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import {
  openTestDatabase,
  TEST_COOKIE_SECRET,
  type TestDatabase,
  testApp,
  type VigilApp,
} from '../../testing/test-app.js';
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

  interface Node {
    child: ChildProcess;
    /** Jobs this process claimed, in order (from its log). */
    claimed: number[];
    /** Resolves with the address it listens on (a worker listens for its probes and metrics). */
    ready: Promise<string>;
  }

  /** A server process as `npm start` runs it in production, with the given role, on one PostgreSQL. */
  function startNode(role: 'api' | 'worker'): Node {
    const claimed: number[] = [];
    let markReady: (url: string) => void = () => {};
    const ready = new Promise<string>((resolve) => {
      markReady = resolve;
    });
    const child = spawn(process.execPath, [join(outDir, 'server.js')], {
      cwd: apiRoot,
      env: {
        NODE_ENV: 'production',
        VIGIL_ROLE: role,
        DATABASE_URL: database.url ?? '',
        DATA_DIR: dataDir,
        // The secret and address every node of a deployment shares (this process's test app's too).
        COOKIE_SECRET: TEST_COOKIE_SECRET,
        PUBLIC_URL: 'http://127.0.0.1:3999',
        HOST: '127.0.0.1',
        PORT: '0',
        // Nothing scheduled reaches outside 127.0.0.1.
        CATALOGUE_SYNC: 'off',
        PROBE_SCHEDULE: 'off',
        SCAN_SCHEDULE: 'off',
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
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; job?: number };
        const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(entry.msg ?? '');
        if (listening?.[1]) markReady(listening[1]);
        if (entry.msg === 'job claimed' && typeof entry.job === 'number') claimed.push(entry.job);
      }
    });
    children.push(child);
    return { child, claimed, ready };
  }
  const startWorker = () => startNode('worker');

  async function until<T>(what: string, withinMs: number, probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stopAll(nodes: Node[]): Promise<void> {
    const live = nodes.filter(({ child }) => child.exitCode === null && child.signalCode === null);
    const stopped = live.map(({ child }) => new Promise((resolve) => child.once('exit', resolve)));
    for (const { child } of live) child.kill('SIGTERM');
    await Promise.all(stopped);
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
    await stopAll(workers);

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
  // Issue 36: the scale-out a production deployment runs (deploy/compose.yaml): two API processes
  // and two workers on one PostgreSQL. A worker killed (SIGKILL) in the middle of a 200,000-line
  // import is replaced by the other, which resumes at the checkpoint: exactly 200,000 rows in the end.
  // A session ended on one API node is refused at once by the other.
  it('two API nodes and two workers: a killed worker replaced mid-import, a logout seen by both nodes', {
    timeout: 180_000,
  }, async () => {
    const b = await newTenant(app, 'topology');
    const nodes = [startNode('api'), startNode('api'), startWorker(), startWorker()];
    const [apiA, apiB, ...workers] = await Promise.all(nodes.map((n) => n.ready));
    const call = (base: string | undefined, method: 'GET' | 'POST', path: string, body?: Buffer) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${b.token}`,
          cookie: [...b.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': b.browser.cookies.get('XSRF-TOKEN') ?? '',
          ...(body ? { 'content-type': 'application/octet-stream' } : {}),
        },
        ...(body ? { body } : {}),
      });
    expect(workers).toHaveLength(2);

    const BIG = 200_000;
    const text = Array.from({ length: BIG }, (_, i) => `t${i}@${b.domain}:pw-${i}`).join('\n');
    const uploaded = await call(apiA, 'POST', '/api/imports?kind=combolist&file_name=big.txt', Buffer.from(text));
    expect(uploaded.status, await uploaded.clone().text()).toBe(202);
    const id = answerOf('createImport', { body: await uploaded.text() }).data.id;

    // The worker that claimed it dies once part of the file is committed.
    const first = await until('a worker claims the import', 30_000, async () =>
      nodes.slice(2).find((n) => n.claimed.includes(id)),
    );
    const atKill = await until('the import commits its first batch', 60_000, async () => {
      const job = await app.ctx.db
        .selectFrom('jobs')
        .select(['checkpoint', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return job.status === 'running' && job.checkpoint > 0 ? job.checkpoint : undefined;
    });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(atKill).toBeLessThan(BIG);
    // Its lease (60 s) runs out as time passes; here the test moves it to the past instead of waiting.
    await app.ctx.db
      .updateTable('jobs')
      .set({ lease_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const done = await until('the other worker finishes the import', 120_000, async () => {
      const job = await app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return job.status === 'succeeded' || job.status === 'failed' || job.status === 'dead' ? job : undefined;
    });
    const second = nodes.slice(2).find((n) => n !== first);
    expect(second?.claimed).toContain(id);
    expect([done.status, done.attempts]).toEqual(['succeeded', 2]);
    const stored = await app.ctx.db
      .selectFrom('credential_findings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', b.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(BIG);

    // One session, two API nodes: ended on A, refused by B at once.
    expect((await call(apiB, 'POST', '/api/check-user')).status).toBe(200);
    expect((await call(apiA, 'POST', '/api/logout')).status).toBeLessThan(300);
    expect((await call(apiB, 'POST', '/api/check-user')).status).toBe(401);
    await stopAll(nodes);
  });
});
