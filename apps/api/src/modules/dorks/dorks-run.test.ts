// A dork run against the local replay server (the Programmable Search JSON shape on 127.0.0.1):
// every enabled dork × the company's domain is one `site:` query read over its pages, results are
// de-duplicated across dorks, other sites dropped, findings written with one timeline event; a
// 429 puts the run in `waiting` and, once the time it gave has passed, the run resumes after the
// queries it had done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { dorkTemplates } from './dorks.templates.js';

let database: TestDatabase;
let replay: ProviderReplay;
let app: VigilApp;
let clock: ManualClock;
let admin: Tenant;

const listing = (domain: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    link: `https://files.${domain}/dir${i}/`,
    title: `Index of /dir${i}`,
    snippet: 'Parent Directory',
  }));

beforeAll(async () => {
  database = await openTestDatabase();
  replay = await startProviderReplay({ fixtures: false });
  ({ app, clock } = await testApp(database, { config: providerTestConfig(replay) }));
  admin = await newTenant(app, 'dorkrun', { role: 'administrator' });
  replay.add({
    webSearch: [
      { site: admin.domain, contains: ['intitle:"index of"'], results: listing(admin.domain, 12) },
      {
        site: admin.domain,
        contains: ['ext:log'],
        results: [
          { link: `https://files.${admin.domain}/dir0`, title: 'Index of /dir0', snippet: '' },
          { link: 'https://unrelated.example/error.log', title: 'error.log', snippet: '' },
        ],
      },
    ],
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await replay?.close();
  await database?.close();
});

const run = () => admin.browser.call('POST', '/api/dork-runs', { token: admin.token });
const runRow = (id: number) =>
  app.ctx.db.selectFrom('provider_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a dork run', () => {
  it('searches every enabled dork on the domain, page by page, and writes de-duplicated results', async () => {
    replay.switches.pageSize = 5;
    const queued = await run();
    expect(queued.statusCode, queued.body).toBe(202);
    const { id } = answerOf('startDorkRun', queued);
    expect((await run()).statusCode).toBe(409);
    await app.jobs.drain();
    const row = await runRow(id);
    expect(row).toMatchObject({
      status: 'done',
      queries_total: dorkTemplates.length,
      queries_done: dorkTemplates.length,
    });
    expect(row.new_results).toBe(12);

    const requests = replay.served.filter((r) => r.provider === 'web-search');
    expect(requests.every((r) => r.query.q?.endsWith(` site:${admin.domain}`))).toBe(true);
    const listingQuery = `${dorkTemplates[0]?.query} site:${admin.domain}`;
    expect(requests.filter((r) => r.query.q === listingQuery).map((r) => r.query.start)).toEqual(['1', '6', '11']);

    const list = await admin.browser.get('/api/dork-results?page_size=100', { token: admin.token });
    const results = answerOf('listDorkResults', list).data;
    expect(results).toHaveLength(12);
    expect(results.some((r) => r.url.includes('unrelated.example'))).toBe(false);
    const dir0 = results.find((r) => /\/dir0\/?$/.test(r.url));
    expect(dir0?.dorks.map((d) => d.title).sort()).toEqual([
      'Directory listings',
      'Exposed Git or SVN folders',
      'Listed backup folders',
      'Log files',
    ]);
    // Four queries of one run found it: one sighting.
    expect(dir0?.seen_count).toBe(1);

    const events = await app.ctx.db
      .selectFrom('events')
      .select(['kind', 'title'])
      .where('company_id', '=', admin.companyId)
      .where('module', '=', 'dorks')
      .execute();
    expect(events).toEqual([{ kind: 'findings.created', title: expect.stringContaining('12 new findings') }]);
  });

  it('waits when throttled mid-run and resumes after the queries it had done', async () => {
    replay.served.length = 0;
    // The 6th request (the second query's third page) is refused with a 429.
    const push = replay.served.push.bind(replay.served);
    replay.served.push = (...items) => {
      const length = push(...items);
      if (length === 5) replay.switches.throttle = { provider: 'web-search', times: 1, retryAfter: '120' };
      return length;
    };
    const { id } = answerOf('startDorkRun', await run());
    await app.jobs.drain();
    expect(await runRow(id)).toMatchObject({ status: 'waiting', queries_done: 1 });
    clock.advance(121_000);
    await app.jobs.drain();
    expect(await runRow(id)).toMatchObject({ status: 'done', queries_done: dorkTemplates.length, new_results: 0 });
    const asked = (query: string) =>
      replay.served
        .filter((r) => r.query.q === `${query} site:${admin.domain}`)
        .map((r) => `${r.status} ${r.query.start}`);
    // The first query was done before the throttle: not asked again; the second starts over.
    expect(asked(dorkTemplates[0]?.query ?? '')).toEqual(['200 1', '200 6', '200 11']);
    expect(asked(dorkTemplates[1]?.query ?? '')).toEqual(['200 1', '200 6', '429 11', '200 1', '200 6', '200 11']);
    const seen = await app.ctx.db
      .selectFrom('dork_results')
      .select(['seen_count', 'last_run_id'])
      .where('company_id', '=', admin.companyId)
      .execute();
    expect(seen.every((r) => r.seen_count >= 2 && r.last_run_id === id)).toBe(true);
  });
});
