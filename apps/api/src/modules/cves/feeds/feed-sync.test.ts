// The CVE feeds' sync against a local server on 127.0.0.1 that replays real-shaped NVD CVE API 2.0
// pages, the CISA KEV catalogue and the FIRST EPSS file: pagination by totalResults, the API key,
// back-off on 403/503, incremental runs from the cursor, unchanged catalogues skipped, and a feed
// that cannot be reached recorded politely while the job backs off.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../shared/clock.js';
import { queueTask } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { epssCsv, kevCatalogue, type NvdFixture, nvdPage } from '../cves.fixtures.js';
import { RateLimiter } from './feed-http.js';
import { catalogueFreshness, feedState, NVD_PAGE_SIZE } from './feed-sync.js';

interface Reply {
  status: number;
  body: string | Buffer;
}

let server: Server;
let port: number;
let database: TestDatabase;
let app: VigilApp;
const clock = new ManualClock(new Date('2026-11-24T06:00:00Z'));
const requests: { path: string; query: URLSearchParams; apiKey: string | undefined }[] = [];
let nvd: (query: URLSearchParams) => Reply = () => ({ status: 200, body: nvdPage([]) });
let kev: Reply = { status: 200, body: '' };
let epss: Reply = { status: 200, body: '' };

function cve(id: string, cvss31: number, lastModified?: string): NvdFixture {
  const published = '2026-11-10T00:00:00.000';
  return { id, published, lastModified, description: `${id} in Apache HTTP Server`, cvss31, cpes: [] };
}

/** A page of `cves` that says the whole result has `total` CVEs. */
function page(cves: NvdFixture[], total: number, startIndex: number): string {
  return JSON.stringify({
    ...JSON.parse(nvdPage(cves)),
    totalResults: total,
    startIndex,
    resultsPerPage: NVD_PAGE_SIZE,
  });
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const header = request.headers.apikey;
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      apiKey: typeof header === 'string' ? header : undefined,
    });
    const reply =
      url.pathname === '/rest/json/cves/2.0' ? nvd(url.searchParams) : url.pathname === '/kev.json' ? kev : epss;
    response.writeHead(reply.status, { 'content-type': 'application/octet-stream' });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  database = await openTestDatabase();
  ({ app } = await testApp(database, {
    clock,
    env: {
      VIGIL_ROLE: 'api',
      NVD_API_URL: `http://127.0.0.1:${port}/rest/json/cves/2.0`,
      NVD_API_KEY: 'replay-key-0001',
      KEV_URL: `http://127.0.0.1:${port}/kev.json`,
      EPSS_URL: `http://127.0.0.1:${port}/epss_scores-current.csv.gz`,
    },
  }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Queues one run of a sync kind and lets the worker run it: the job as it ended. */
async function sync(kind: string, target: VigilApp = app) {
  const id = await queueTask(target, kind);
  await target.jobs.drain();
  return target.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
const score = async (id: string) =>
  (await app.ctx.db.selectFrom('cves').select('cvss31_score').where('cve_id', '=', id).executeTakeFirst())
    ?.cvss31_score;

describe('NVD CVE API 2.0', () => {
  it('reads every page the result has, with the API key, and moves its cursor to the end of the range', async () => {
    requests.length = 0;
    nvd = (query) =>
      query.get('startIndex') === '0'
        ? { status: 200, body: page([cve('CVE-2026-50001', 7.5), cve('CVE-2026-50002', 5.0)], 2001, 0) }
        : { status: 200, body: page([cve('CVE-2026-50003', 9.8)], 2001, NVD_PAGE_SIZE) };
    const job = await sync('nvd-sync');
    expect(job).toMatchObject({ status: 'succeeded', added_count: 3 });
    const asked = requests.filter((r) => r.path === '/rest/json/cves/2.0');
    expect(asked.map((r) => r.query.get('startIndex'))).toEqual(['0', String(NVD_PAGE_SIZE)]);
    expect(asked.every((r) => r.apiKey === 'replay-key-0001' && r.query.get('resultsPerPage') === '2000')).toBe(true);
    expect(asked[0]?.query.get('lastModEndDate')).toBe(clock.now().toISOString());
    expect((await feedState(app.ctx.db, 'nvd'))?.cursor).toBe(clock.now().toISOString());
  });

  it('asks only from its cursor next time, and adds only what changed', async () => {
    const since = clock.now().toISOString();
    clock.advance(2 * 3600_000);
    requests.length = 0;
    nvd = () => ({ status: 200, body: page([cve('CVE-2026-50002', 8.1, '2026-11-24T07:00:00.000')], 1, 0) });
    const job = await sync('nvd-sync');
    expect(job).toMatchObject({ status: 'succeeded', added_count: 0, updated_count: 1 });
    expect(requests.map((r) => r.query.get('lastModStartDate'))).toEqual([since]);
    expect(Number(await score('CVE-2026-50002'))).toBe(8.1);
  });

  it('waits and tries again when NVD answers 403 then 503', async () => {
    clock.advance(2 * 3600_000);
    clock.sleeps.length = 0;
    let calls = 0;
    nvd = () => {
      calls += 1;
      return calls === 1
        ? { status: 403, body: '' }
        : calls === 2
          ? { status: 503, body: '' }
          : { status: 200, body: page([], 0, 0) };
    };
    expect((await sync('nvd-sync')).status).toBe('succeeded');
    expect(calls).toBe(3);
    expect(clock.sleeps.filter((ms) => ms >= 30_000)).toEqual([30_000, 60_000]);
  });

  it('keeps to 5 requests in any 30 s without a key', async () => {
    const limiterClock = new ManualClock(new Date('2026-11-24T00:00:00Z'));
    const limiter = new RateLimiter(limiterClock, 5, 30_000);
    for (let i = 0; i < 6; i += 1) await limiter.take();
    expect(limiterClock.sleeps).toEqual([30_000]);
  });
});

describe('KEV and EPSS', () => {
  const entry = (cveID: string) => ({
    cveID,
    vendorProject: 'Apache',
    product: 'HTTP Server',
    dateAdded: '2026-11-20',
    dueDate: '2026-12-11',
  });

  it('adds a new KEV catalogue, skips the same version, and adds only the new entry of the next', async () => {
    kev = {
      status: 200,
      body: JSON.stringify({ ...JSON.parse(kevCatalogue([entry('CVE-2026-50001')])), catalogVersion: '2026.11.20' }),
    };
    expect((await sync('kev-sync')).status).toBe('succeeded');
    const unchanged = await sync('kev-sync');
    expect(unchanged).toMatchObject({ status: 'succeeded', read_count: 0 });
    kev = {
      status: 200,
      body: JSON.stringify({
        ...JSON.parse(kevCatalogue([entry('CVE-2026-50001'), entry('CVE-2026-50003')])),
        catalogVersion: '2026.11.24',
      }),
    };
    const next = await sync('kev-sync');
    expect(next.status).toBe('succeeded');
    const listed = await app.ctx.db
      .selectFrom('cves')
      .select('cve_id')
      .where('kev_date_added', 'is not', null)
      .execute();
    expect(listed.map((r) => r.cve_id).sort()).toEqual(['CVE-2026-50001', 'CVE-2026-50003']);
    expect((await feedState(app.ctx.db, 'kev'))?.cursor).toBe('2026.11.24');
  });

  it('reads the EPSS file as published (gzip, model-version header) and skips the same scores', async () => {
    epss = {
      status: 200,
      body: gzipSync(
        epssCsv(
          [
            ['CVE-2026-50001', 0.42, 0.97],
            ['CVE-2026-50003', 0.9, 0.99],
          ],
          'v2025.03.14',
          '2026-11-24',
        ),
      ),
    };
    expect(await sync('epss-sync')).toMatchObject({ status: 'succeeded', read_count: 2 });
    expect((await feedState(app.ctx.db, 'epss'))?.cursor).toBe('v2025.03.14 2026-11-24');
    expect(await sync('epss-sync')).toMatchObject({ status: 'succeeded', read_count: 0 });
    const freshness = await catalogueFreshness(app.ctx.db);
    expect(freshness.find((f) => f.feed === 'epss')).toMatchObject({ rows: 2, last_error: null });
  });
});

describe('without network', () => {
  it('fails politely, says why on the feed, keeps its cursor, and backs off', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const before = (await feedState(app.ctx.db, 'kev'))?.cursor;
    const offline = await testApp(database, {
      clock,
      env: { VIGIL_ROLE: 'api', KEV_URL: `http://127.0.0.1:${deadPort}/kev.json` },
    });
    try {
      const ended = await sync('kev-sync', offline.app);
      expect(ended.status).toBe('queued');
      expect(ended.run_at?.getTime()).toBeGreaterThan(clock.now().getTime());
      const state = await feedState(offline.app.ctx.db, 'kev');
      expect(state?.last_error).toBe(
        `Could not reach the CISA KEV catalogue at http://127.0.0.1:${deadPort}/kev.json: connect ECONNREFUSED 127.0.0.1:${deadPort}`,
      );
      expect(state?.cursor).toBe(before);
      await offline.app.ctx.db.deleteFrom('jobs').where('id', '=', ended.id).execute();
    } finally {
      await offline.app.close();
    }
  });
});
