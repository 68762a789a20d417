// The operations endpoints (issue 36): liveness reads nothing, readiness names what is not ready,
// /metrics answers a scraper with its token or this machine only, and a worker process answers its
// probes and metrics but no API call.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationFolder, migrationsIn } from '../../db/migrations.js';
import { answerOf, errorOf } from '../../testing/api.js';
import { queueTask } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { WORKER_STALE_MS } from './readiness.js';

let database: TestDatabase;
const apps: VigilApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
// Each test's apps close with it: a running worker must not claim another test's queued job.
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await database?.close();
});

async function appWith(env: Record<string, string> = {}) {
  const built = await testApp(database, { env });
  apps.push(built.app);
  return built;
}

/** One sample of the exposition text: `name{labels} value`, the value as a number (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the probes', () => {
  it('liveness answers without the database; readiness reports the role, migrations and worker', async () => {
    const { app } = await appWith();
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(answerOf('getHealthLive', live)).toEqual({ status: 'ok' });
    await app.jobs.drain();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const body = answerOf('getHealthReady', ready);
    expect(body).toMatchObject({ status: 'ready', role: 'all', database: database.handle.kind });
    const shipped = Object.keys(await migrationsIn(migrationFolder)).length;
    expect(body.migrations).toEqual({ applied: shipped, known: shipped });
    expect(body.worker.runs_here).toBe(true);
  });

  it('readiness fails, naming it, when the job worker of a process that runs jobs stopped polling', async () => {
    const { app, clock } = await appWith();
    await app.jobs.drain();
    await app.jobs.close();
    clock.advance(WORKER_STALE_MS + 1000);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(errorOf(ready).message).toBe(
      `Not ready: the job worker has not polled for ${Math.round((WORKER_STALE_MS + 1000) / 1000)} s.`,
    );
    // Liveness is not readiness: the process itself still answers.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('an API-only process is ready without a worker of its own', async () => {
    const { app, clock } = await appWith({ VIGIL_ROLE: 'api' });
    clock.advance(WORKER_STALE_MS * 10);
    const body = answerOf('getHealthReady', await app.inject({ method: 'GET', url: '/api/health/ready' }));
    expect(body).toMatchObject({ role: 'api', worker: { runs_here: false, running_jobs: 0, last_poll_at: null } });
  });
});

describe('/metrics', () => {
  it('counts requests by operation and shows the queue, the attempts and the process', async () => {
    const { app, clock } = await appWith({ VIGIL_ROLE: 'api' });
    for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/api/health/live' });
    await app.inject({ method: 'GET', url: '/api/findings' }); // no session: 401
    const queued = await queueTask(app, 'housekeeping');
    clock.advance(90_000);
    const before = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(before, 'vigil_http_requests_total{operation="getHealthLive",method="GET",status="200"}')).toBe(3);
    expect(sample(before, 'vigil_http_requests_total{operation="listFindings",method="GET",status="401"}')).toBe(1);
    expect(sample(before, 'vigil_http_request_duration_seconds_count{operation="getHealthLive"}')).toBe(3);
    expect(sample(before, 'vigil_jobs{kind="housekeeping",status="queued"}')).toBe(1);
    expect(sample(before, 'vigil_job_queue_oldest_age_seconds{kind="housekeeping"}')).toBeGreaterThanOrEqual(90);
    expect(before).toMatch(/^process_cpu_seconds_total \d/m);
    if (database.handle.kind === 'postgres') {
      expect(sample(before, 'vigil_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }

    // The drain runs the queued job (and any schedule that fell due): each attempt is counted once.
    const outcomes = await app.jobs.drain();
    const job = await app.ctx.db.selectFrom('jobs').select('status').where('id', '=', queued).executeTakeFirstOrThrow();
    expect(job.status).toBe('succeeded');
    const after = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const attempts = after
      .split('\n')
      .filter((line) => line.startsWith('vigil_job_attempts_total{'))
      .map((line) => Number(line.split(' ').at(-1)));
    expect(attempts.reduce((a, b) => a + b, 0)).toBe(outcomes.length);
    expect(sample(after, 'vigil_job_attempts_total{kind="housekeeping",outcome="succeeded"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(after, 'vigil_jobs{kind="housekeeping",status="queued"}')).toBeUndefined();
  });

  it('answers this machine only unless METRICS_TOKEN is set, then only that bearer token', async () => {
    const { app: open } = await appWith();
    expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    // Relayed by a proxy on this machine: the request came from elsewhere.
    const relayed = await open.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(403);
    expect((await open.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);

    const token = 'metrics-token-0123456789abcdef';
    const { app: guarded } = await appWith({ METRICS_TOKEN: token });
    const as = (authorization?: string) =>
      guarded.inject({ method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });
    expect((await as()).statusCode).toBe(403);
    expect((await as(`Bearer ${token}x`)).statusCode).toBe(403);
    expect((await as(`Bearer ${token.slice(0, -1)}`)).statusCode).toBe(403);
    const granted = await as(`Bearer ${token}`);
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe('a worker process (VIGIL_ROLE=worker)', () => {
  it('answers its probes and metrics, and no API call or page', async () => {
    const { app } = await appWith({ VIGIL_ROLE: 'worker' });
    await app.jobs.drain();
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready', '/metrics']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    for (const [method, url] of [
      ['GET', '/api/findings'],
      ['POST', '/api/login'],
      ['GET', '/dashboard'],
      ['GET', '/api/health/ready/../../findings'],
    ] as const) {
      const answer = await app.inject({ method, url });
      expect(answer.statusCode, url).toBe(404);
      expect(errorOf(answer).message).toMatch(/^This process is a worker/);
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  /** Two failed sign-ins through a proxy at 10.1.2.3, for two different visitors: the second is limited or not. */
  async function twoVisitors(env: Record<string, string>): Promise<number[]> {
    const built = await testApp(database, { env, limits: { sensitivePerMinute: 1 } });
    apps.push(built.app);
    const csrf = await built.app.inject({ method: 'GET', url: '/api/csrf-cookie', remoteAddress: '10.1.2.3' });
    const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const statuses: number[] = [];
    for (const visitor of ['198.51.100.4', '198.51.100.5']) {
      const answer = await built.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': visitor, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
      });
      statuses.push(answer.statusCode);
    }
    return statuses;
  }

  it('tells visitors apart by X-Forwarded-For only when the proxy is trusted', async () => {
    const [first, second] = await twoVisitors({ TRUST_PROXY: '10.0.0.0/8' });
    expect(first).not.toBe(429);
    expect(second).not.toBe(429);
    // Not trusted: both visitors are the proxy's one address, and the second is limited.
    expect((await twoVisitors({}))[1]).toBe(429);
  });
});
