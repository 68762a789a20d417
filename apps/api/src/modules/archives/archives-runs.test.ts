// Archive sweeps against the local replay server (every archive in its real shape, 127.0.0.1
// only): one run per configured archive, a URL two archives know is one row with both sources, the
// pages of a paged archive all read, a throttled archive's run waiting then finishing, a resolved
// finding reopened only by a newer capture, who may start a sweep, and the 409 of a deployment
// without archives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveFixture } from '../../dev/provider-replay/replay-fixtures.js';
import type { ManualClock } from '../../shared/clock.js';
import { settle } from '../../testing/alerts.js';
import { answerOf, errorOf } from '../../testing/api.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

let database: TestDatabase;
let replay: ProviderReplay;
let app: VigilApp;
let clock: ManualClock;
let analyst: Tenant;
let viewer: Tenant;

const fixture = (domain: string, urls: [string, string][]): ArchiveFixture => ({
  domain,
  captures: urls.map(([url, timestamp]) => ({ url, timestamp, status: 200, mime: 'text/html' })),
});
const start = (who: Tenant) => who.browser.call('POST', '/api/archived-urls/runs', { token: who.token });
const list = async (who: Tenant, query = '') =>
  answerOf('listArchivedUrls', await who.browser.get(`/api/archived-urls?page_size=100&${query}`, { token: who.token }))
    .data;
const runs = () =>
  app.ctx.db.selectFrom('provider_runs').selectAll().where('module', '=', 'archives').orderBy('id').execute();

beforeAll(async () => {
  database = await openTestDatabase();
  replay = await startProviderReplay({ fixtures: false });
  ({ app, clock } = await testApp(database, { config: providerTestConfig(replay) }));
  analyst = await newTenant(app, 'archiveruns', { role: 'analyst' });
  viewer = await newTenant(app, 'archiveruns', { join: analyst, role: 'viewer' });
  const d = analyst.domain;
  replay.add({
    webArchives: {
      wayback: [
        fixture(d, [
          [`https://www.${d}/`, '20200101000000'],
          [`https://www.${d}/.env`, '20200102000000'],
          [`https://www.${d}/login?session=abc123&next=/`, '20200103000000'],
          [`https://www.${d}/a`, '20200104000000'],
          [`https://www.${d}/b`, '20200105000000'],
        ]),
      ],
      commoncrawl: [fixture(d, [[`https://www.${d}/.env`, '20210101000000']])],
      otx: [fixture(d, [[`http://www.${d}/admin/`, '20210202000000']])],
      urlscan: [
        fixture(d, [
          [`https://WWW.${d}/login?next=/home&session=zzz999`, '20240101000000'],
          [`https://elsewhere.example/.env`, '20240101000000'],
        ]),
      ],
    },
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await replay?.close();
  await database?.close();
});

describe('archive sweeps', () => {
  it('lets a viewer not start one', async () => {
    expect((await start(viewer)).statusCode).toBe(403);
  });

  it('runs every configured archive over the company domains, one row per URL across archives', async () => {
    replay.switches.pageSize = 2;
    const response = await start(analyst);
    expect(response.statusCode, response.body).toBe(202);
    const body = answerOf('startArchiveRuns', response);
    expect(body.queued.map((q) => q.provider).sort()).toEqual(['commoncrawl', 'otx', 'urlscan', 'wayback']);
    expect(answerOf('startArchiveRuns', await start(analyst)).running.sort()).toEqual([
      'commoncrawl',
      'otx',
      'urlscan',
      'wayback',
    ]);
    await settle(app);
    expect((await runs()).map((r) => [r.provider, r.status, r.queries_done])).toEqual(
      expect.arrayContaining([
        ['wayback', 'done', 1],
        ['commoncrawl', 'done', 1],
        ['otx', 'done', 1],
        ['urlscan', 'done', 1],
      ]),
    );
    // Five wayback captures at two a page: three pages.
    const cdx = replay.served.filter((s) => s.provider === 'wayback');
    expect(cdx.length).toBe(3);
    const d = analyst.domain;
    const urls = await list(analyst, 'sort=url_key');
    expect(urls.map((u) => [u.url_key, u.providers])).toEqual([
      [`www.${d}/`, ['wayback']],
      [`www.${d}/.env`, ['commoncrawl', 'wayback']],
      [`www.${d}/a`, ['wayback']],
      [`www.${d}/admin`, ['otx']],
      [`www.${d}/b`, ['wayback']],
      [`www.${d}/login?next&session`, ['urlscan', 'wayback']],
    ]);
    const login = urls.find((u) => u.url_key.includes('login'));
    // The sample is the first archive's capture to be written (the runs go at once).
    expect([
      `https://www.${d}/login?session=[redacted]&next=%2F`,
      `https://www.${d}/login?next=%2Fhome&session=[redacted]`,
    ]).toContain(login?.sample_url);
    expect(login?.captures).toBe(2);
    const stored = JSON.stringify(await app.ctx.db.selectFrom('archived_urls').selectAll().execute());
    expect(stored).not.toContain('abc123');
    expect(stored).not.toContain('zzz999');
    expect(urls.filter((u) => u.finding).length).toBe(3);
  });

  it('reopens a resolved finding only on a newer capture', async () => {
    const env = (await list(analyst, 'tag=env'))[0];
    const findingId = env?.finding?.id ?? 0;
    await app.ctx.db
      .updateTable('findings')
      .set({ status: 'resolved', resolved_at: clock.now() })
      .where('id', '=', findingId)
      .execute();
    replay.switches.pageSize = undefined;
    await start(analyst);
    await settle(app);
    expect((await list(analyst, 'tag=env'))[0]?.finding?.status).toBe('resolved');
    const newer = fixture(analyst.domain, [[`https://www.${analyst.domain}/.env`, '20250101000000']]);
    replay.add({ webArchives: { wayback: [], commoncrawl: [newer], otx: [], urlscan: [] } });
    await start(analyst);
    await settle(app);
    expect((await list(analyst, 'tag=env'))[0]?.finding?.status).toBe('new');
  });

  it('waits when an archive throttles, then finishes', async () => {
    replay.switches.throttle = { provider: 'otx', times: 1, retryAfter: '30' };
    await start(analyst);
    await settle(app);
    const waiting = (await runs()).filter((r) => r.provider === 'otx').at(-1);
    expect(waiting?.status).toBe('waiting');
    clock.advance(31_000);
    await settle(app);
    const done = (await runs()).filter((r) => r.provider === 'otx').at(-1);
    expect(done?.status).toBe('done');
  });

  it('answers 409 naming the settings when no archive is configured', async () => {
    const bare = await testApp(database);
    try {
      const who = await newTenant(bare.app, 'archivebare', { role: 'administrator' });
      const response = await who.browser.call('POST', '/api/archived-urls/runs', { token: who.token });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).message).toMatch(/^No web archive is configured: set .*WAYBACK_URL/);
    } finally {
      await bare.app.close();
    }
  });
});
