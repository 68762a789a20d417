// Provider runs as jobs, through the real worker and the replay server: a run pages through its
// queries to the end with its counts; throttled (429 with Retry-After) it waits in the queue until
// then and resumes after the queries it had done; a malformed page, an unconfigured provider fail
// clearly; a cancel stops it; one pending run per company, module and provider. And the routes:
// status with today's usage, the company's runs only, cancel within the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.js';
import type { ManualClock } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { createJobWorker } from '../jobs/job-worker.js';
import type { WebSearchPage } from './provider.types.js';
import { defineProviderJob, queueProviderRun } from './provider-runs.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let replay: ProviderReplay;
let a: Tenant;
let b: Tenant;
let ctx: AppContext;
const KIND = 'providers-test.run';
// A registered module's id: the runs list refuses others (422).
const MODULE = 'dorks';
const domain = 'acme-runs.test';
/** What the test kind does after each query (a test's hook: throttle the next one, cancel…). */
let afterQuery: (done: number) => Promise<void> = async () => undefined;

const kind = defineProviderJob({
  module: MODULE,
  kind: KIND,
  provider: 'web-search',
  async run({ providers, options, checkpoint, progress, run, signal }) {
    const queries = options.queries as string[];
    for (let i = checkpoint; i < queries.length; i += 1) {
      let start: number | null = 1;
      let results = 0;
      while (start !== null) {
        const page: WebSearchPage | undefined = await providers.webSearch?.search(queries[i] ?? '', start, {
          companyId: run.company_id,
          runId: run.id,
          signal,
        });
        results += page?.results.length ?? 0;
        start = page?.nextStart ?? null;
      }
      await progress({ queriesTotal: queries.length, queriesDone: i + 1, results, newResults: results });
      await afterQuery(i + 1);
    }
  },
});

// A run whose module has a part that needs no provider: it runs without one and sees it absent.
const OPTIONAL_KIND = 'providers-test.optional';
const optionalKind = defineProviderJob({
  module: MODULE,
  kind: OPTIONAL_KIND,
  provider: 'web-search',
  optional: true,
  async run({ providers, progress }) {
    await progress({ queriesTotal: 1, queriesDone: 1, results: providers.webSearch ? 1 : 0 });
  },
});

/** The app's context with the test kind registered, and a worker of its own over it. */
function withKind(base: AppContext): AppContext {
  const modules = base.modules;
  return {
    ...base,
    modules: {
      ...modules,
      jobKinds: { ...modules.jobKinds, [KIND]: kind, [OPTIONAL_KIND]: optionalKind },
      jobKind: (name: string) => (name === KIND ? kind : name === OPTIONAL_KIND ? optionalKind : modules.jobKind(name)),
    },
  };
}

async function drain(context = ctx) {
  const worker = createJobWorker(context, app.log);
  await worker.drain();
  await worker.close();
}

const queue = (tenant: Tenant, queries: string[]) =>
  queueProviderRun(app.ctx.db, {
    companyId: tenant.companyId,
    module: MODULE,
    kind: KIND,
    provider: 'web-search',
    options: { queries },
    createdBy: null,
    isDemo: false,
    now: clock.now(),
  });

const runRow = (id: number) =>
  app.ctx.db.selectFrom('provider_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobOf = (id: number) => app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  replay = await startProviderReplay({ fixtures: false });
  database = await openTestDatabase();
  // No worker of the app's own: this file's worker knows the test kind.
  ({ app, clock } = await testApp(database, { config: providerTestConfig(replay, { VIGIL_ROLE: 'api' }) }));
  ctx = withKind(app.ctx);
  a = await newTenant(app, 'runs');
  b = await newTenant(app, 'runs');
  const results = (q: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ link: `https://www.${domain}/${q}-${i}`, title: `${q} ${i}`, snippet: '' }));
  replay.add({
    webSearch: [
      { site: domain, contains: ['one'], results: results('one', 12) },
      { site: domain, contains: ['two'], results: results('two', 3) },
      { site: domain, contains: ['three'], results: results('three', 1) },
    ],
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await replay?.close();
});

const queries = [`site:${domain} one`, `site:${domain} two`, `site:${domain} three`];

describe('a provider run', () => {
  it('runs its queries page by page to the end, one pending per company, module and provider', async () => {
    const run = await queue(a, queries);
    if (!run) throw new Error('not queued');
    expect(await queue(a, queries)).toBeNull();
    await drain();
    expect(await runRow(run.id)).toMatchObject({
      status: 'done',
      queries_total: 3,
      queries_done: 3,
      results: 16,
      new_results: 16,
      requests: 4,
      error: null,
    });
    expect(await jobOf(run.job_id ?? 0)).toMatchObject({ status: 'succeeded', checkpoint: 3 });
    expect(await queue(a, queries)).not.toBeNull();
    await drain();
  });

  it('waits when throttled (429 with Retry-After) and resumes after the queries it had done', async () => {
    replay.served.length = 0;
    afterQuery = async (done) => {
      if (done === 1) replay.switches.throttle = { provider: 'web-search', retryAfter: '300' };
    };
    const run = await queue(a, queries);
    if (!run) throw new Error('not queued');
    await drain();
    const waiting = await runRow(run.id);
    expect(waiting).toMatchObject({ status: 'waiting', queries_done: 1 });
    expect(waiting.retry_at?.getTime()).toBe(clock.now().getTime() + 300_000);
    const job = await jobOf(run.job_id ?? 0);
    expect(job).toMatchObject({ status: 'queued', checkpoint: 1 });
    expect(job.run_at?.getTime()).toBe(clock.now().getTime() + 300_000);
    const log = await app.ctx.db.selectFrom('job_log').select('message').where('job_id', '=', job.id).execute();
    expect(log.map((l) => l.message)).toContain(
      `web-search is rate-limited: the run waits until ${new Date(clock.now().getTime() + 300_000).toISOString()}, then resumes after the queries it has done.`,
    );
    afterQuery = async () => undefined;
    await drain();
    expect((await runRow(run.id)).status).toBe('waiting');
    clock.advance(301_000);
    await drain();
    expect(await runRow(run.id)).toMatchObject({ status: 'done', queries_done: 3, results: 16 });
    // The first query was asked once: the resumed run started after it.
    const asked = replay.served.map((s) => `${s.query.q}@${s.query.start}:${s.status}`);
    expect(asked).toEqual([
      `${queries[0]}@1:200`,
      `${queries[0]}@11:200`,
      `${queries[1]}@1:429`,
      `${queries[1]}@1:200`,
      `${queries[2]}@1:200`,
    ]);
    const usage = await app.ctx.db
      .selectFrom('provider_usage')
      .selectAll()
      .where('company_id', '=', a.companyId)
      .executeTakeFirstOrThrow();
    expect(usage.throttled).toBe(1);
  });

  it('fails clearly on a malformed page', async () => {
    replay.switches.malformed = { provider: 'web-search' };
    const run = await queue(a, queries);
    await drain();
    delete replay.switches.malformed;
    expect(await runRow(run?.id ?? 0)).toMatchObject({
      status: 'failed',
      error: 'web-search: answered a malformed page (not JSON).',
    });
    expect(await jobOf(run?.job_id ?? 0)).toMatchObject({ status: 'failed' });
  });

  it('fails clearly when the provider is not configured', async () => {
    const run = await queue(b, queries);
    const bare = withKind({
      ...app.ctx,
      config: { ...app.ctx.config, providers: { ...app.ctx.config.providers, webSearch: undefined } },
    });
    await drain(bare);
    expect(await runRow(run?.id ?? 0)).toMatchObject({
      status: 'failed',
      error: 'web-search is not configured: set SEARCH_API_URL, SEARCH_API_KEY, SEARCH_ENGINE_ID.',
    });
  });

  it('runs a module whose part needs no provider without one, which it finds absent', async () => {
    const run = await queueProviderRun(app.ctx.db, {
      companyId: b.companyId,
      module: MODULE,
      kind: OPTIONAL_KIND,
      provider: 'web-search',
      createdBy: null,
      isDemo: false,
      now: clock.now(),
    });
    const bare = withKind({
      ...app.ctx,
      config: { ...app.ctx.config, providers: { ...app.ctx.config.providers, webSearch: undefined } },
    });
    await drain(bare);
    expect(await runRow(run?.id ?? 0)).toMatchObject({ status: 'done', queries_done: 1, results: 0 });
  });

  it('stops after the query under way when cancelled while running, keeping what it committed', async () => {
    let id = 0;
    afterQuery = async (done) => {
      if (done === 1) {
        const response = await a.browser.post(`/api/provider-runs/${id}/cancel`);
        expect(answerOf('cancelProviderRun', response).data.status).toBe('running');
      }
    };
    const run = await queue(a, queries);
    id = run?.id ?? 0;
    await drain();
    afterQuery = async () => undefined;
    // The cancel is seen when the query under way commits: two queries done, the third never asked.
    expect(await runRow(id)).toMatchObject({ status: 'cancelled', queries_done: 2, results: 15 });
    expect(await jobOf(run?.job_id ?? 0)).toMatchObject({ status: 'cancelled' });
  });
});

describe('the providers routes', () => {
  it("show each provider's status with the company's usage today", async () => {
    const response = await a.browser.get('/api/providers');
    expect(response.statusCode).toBe(200);
    const body = answerOf('listProviders', response);
    expect(body.data.map((p) => p.id)).toEqual([
      'web-search',
      'github',
      'wayback',
      'commoncrawl',
      'otx',
      'urlscan',
      'rdap',
    ]);
    const web = body.data.find((p) => p.id === 'web-search');
    expect(web).toMatchObject({ configured: true, settings: [], demo: false });
    expect(web?.usage.requests).toBeGreaterThan(5);
    const other = answerOf('listProviders', await b.browser.get('/api/providers')).data.find(
      (p) => p.id === 'web-search',
    );
    expect(other?.usage.requests).toBe(0);
  });

  it("list the company's runs only, newest first, filtered by module", async () => {
    const listed = await a.browser.get(`/api/provider-runs?module=${MODULE}&page_size=2`);
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = answerOf('listProviderRuns', listed);
    expect(mine.data).toHaveLength(2);
    expect(mine.meta.total).toBe(5);
    expect(mine.data[0]?.status).toBe('cancelled');
    expect(mine.data[0]?.id).toBeGreaterThan(mine.data[1]?.id ?? 0);
    const none = answerOf('listProviderRuns', await a.browser.get('/api/provider-runs?module=assets'));
    expect(none.data).toEqual([]);
    const theirs = answerOf('listProviderRuns', await b.browser.get('/api/provider-runs'));
    expect(theirs.data.map((r) => r.id)).not.toContain(mine.data[0]?.id);
  });

  it('cancel a queued run at once; 404 for another company, 409 once ended', async () => {
    const run = await queue(a, queries);
    expect((await b.browser.post(`/api/provider-runs/${run?.id}/cancel`)).statusCode).toBe(404);
    const response = await a.browser.post(`/api/provider-runs/${run?.id}/cancel`);
    expect(response.statusCode).toBe(202);
    expect(answerOf('cancelProviderRun', response).data.status).toBe('cancelled');
    expect((await jobOf(run?.job_id ?? 0)).status).toBe('cancelled');
    expect((await a.browser.post(`/api/provider-runs/${run?.id}/cancel`)).statusCode).toBe(409);
  });

  it("show a run cancelled through its job's cancel as cancelled, and free its place", async () => {
    const run = await queue(a, queries);
    expect(await queue(a, queries)).toBeNull();
    expect((await a.browser.post(`/api/jobs/${run?.job_id}/cancel`)).statusCode).toBe(202);
    const listed = answerOf('listProviderRuns', await a.browser.get('/api/provider-runs'));
    expect(listed.data.find((r) => r.id === run?.id)?.status).toBe('cancelled');
    expect(await queue(a, queries)).not.toBeNull();
  });
});
