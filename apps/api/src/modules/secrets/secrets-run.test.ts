// The code search run against the local replay server (GitHub's REST shapes): the company's
// domains and terms become queries, each hit's file is fetched and scanned, the last commit gives
// author and date; secrets become incidents and occurrences (hashed, redacted), the allow-list is
// kept, a second run adds nothing, a resolved incident whose secret is still there reopens, and the
// run now refuses a second run while one is pending.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeFileFixture } from '../../dev/provider-replay/replay-fixtures.js';
import type { ManualClock } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { redact } from './rules/detector.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let replay: ProviderReplay;
let a: Tenant;

// FAKE secrets, written for this test.
const awsKey = 'AKIAQ3K7ZT2M5XW4R6PB';
const npmToken = 'npm_Xy7Qw3Er5Ty9Ui1Op2As4Df6Gh8Jk0LzXcVb';
const sha = (c: string) => c.repeat(40);

function files(domain: string, owner: string): CodeFileFixture[] {
  return [
    {
      repository: 'intern/scratch',
      path: 'deploy/env.sh',
      content: `# deploys ${domain}\nexport AWS_ACCESS_KEY_ID=${awsKey}\nexport EXAMPLE=AKIAIOSFODNN7EXAMPLE\n`,
      commit: { sha: sha('b'), author: 'intern', date: '2026-11-01T09:00:00Z' },
    },
    {
      repository: `${owner}/web`,
      path: '.npmrc',
      content: `//registry.npmjs.org/:_authToken=${npmToken}\n`,
      commit: { sha: sha('c'), author: 'ci-bot', date: '2026-11-02T09:00:00Z' },
    },
    {
      repository: 'other/fixtures',
      path: 'test/keys.txt',
      content: `${domain} ${awsKey}\n`,
      commit: { sha: sha('d'), author: 'someone', date: '2026-11-03T09:00:00Z' },
    },
  ];
}

beforeAll(async () => {
  database = await openTestDatabase();
  replay = await startProviderReplay({ fixtures: false });
  ({ app, clock } = await testApp(database, { config: providerTestConfig(replay) }));
  a = await newTenant(app, 'coderun');
  replay.add({ github: files(a.domain, 'coderun-org') });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await replay.close();
});

async function runNow(who: Tenant) {
  const response = await who.browser.post('/api/secrets/runs', {}, { token: who.token });
  expect(response.statusCode, response.body).toBe(202);
  const { run_id } = answerOf('startSecretSearch', response).data;
  await app.jobs.drain();
  return app.ctx.db.selectFrom('provider_runs').selectAll().where('id', '=', run_id).executeTakeFirstOrThrow();
}

const incidents = async () =>
  answerOf('listSecretIncidents', await a.browser.get('/api/secrets?sort=rule_id', { token: a.token })).data;

describe('code search run', () => {
  it('searches the domains and terms, scans each file and writes incidents with their occurrences', async () => {
    const allow = await a.browser.post(
      '/api/secrets/allowlist',
      { kind: 'path', value: '^test/', reason: 'Test keys' },
      { token: a.token },
    );
    expect(allow.statusCode).toBe(201);
    const term = await a.browser.post(
      '/api/secrets/terms',
      { kind: 'organisation', value: 'coderun-org' },
      { token: a.token },
    );
    expect(term.statusCode).toBe(201);
    const run = await runNow(a);
    expect(run).toMatchObject({ status: 'done', queries_total: 2, queries_done: 2, new_results: 2, error: null });
    expect(replay.served.filter((s) => s.path === '/search/code').map((s) => s.query.q)).toEqual([
      `"${a.domain}"`,
      'org:coderun-org',
    ]);
    const rows = await incidents();
    expect(rows.map((r) => [r.rule_id, r.redacted, r.occurrences])).toEqual([
      ['aws-access-key-id', redact(awsKey), 1],
      ['npm-access-token', redact(npmToken), 1],
    ]);
    const detail = answerOf(
      'getSecretIncident',
      await a.browser.get(`/api/secrets/${rows[0]?.id}`, { token: a.token }),
    );
    expect(detail.occurrences).toEqual([
      expect.objectContaining({
        provider: 'github',
        repository: 'intern/scratch',
        file_path: 'deploy/env.sh',
        line: 2,
        commit_sha: sha('b'),
        author: 'intern',
        committed_at: '2026-11-01T09:00:00.000Z',
        url: expect.stringMatching(/^https:\/\/github\.com\/intern\/scratch\/blob\/.+#L2$/),
        fragment: `export AWS_ACCESS_KEY_ID=${redact(awsKey)}`,
      }),
    ]);
  });

  it('adds nothing on a second run, and reopens a resolved incident whose secret is still there', async () => {
    const [aws] = await incidents();
    for (const status of ['confirmed', 'resolved']) {
      const r = await a.browser.call('PATCH', `/api/findings/${aws?.id}`, { token: a.token, body: { status } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const run = await runNow(a);
    expect(run).toMatchObject({ status: 'done', new_results: 1 });
    const rows = await incidents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: aws?.id, status: 'new', reopen_count: 1, occurrences: 1 });
    expect(rows[1]).toMatchObject({ status: 'new', reopen_count: 0 });
  });

  it('keeps secrets out of every table', async () => {
    const tables = await sql<{ table_name: string }>`select distinct table_name from information_schema.columns
      where table_schema = 'public'`.execute(app.ctx.db);
    for (const { table_name } of tables.rows) {
      for (const secret of [awsKey, npmToken]) {
        const { rows } = await sql<{ hit: boolean }>`select exists (select 1 from ${sql.table(table_name)} t
          where t::text like ${`%${secret}%`}) as hit`.execute(app.ctx.db);
        expect(rows[0]?.hit, table_name).toBe(false);
      }
    }
  });

  it('waits when GitHub says too many requests and ends after the time it gave, writing nothing twice', async () => {
    replay.switches.throttle = { provider: 'github', times: 1, retryAfter: '120' };
    const response = await a.browser.post('/api/secrets/runs', {}, { token: a.token });
    expect(response.statusCode, response.body).toBe(202);
    const { run_id } = answerOf('startSecretSearch', response).data;
    const row = () =>
      app.ctx.db.selectFrom('provider_runs').selectAll().where('id', '=', run_id).executeTakeFirstOrThrow();
    await app.jobs.drain();
    expect(await row()).toMatchObject({ status: 'waiting', queries_done: 0 });
    clock.advance(121_000);
    await app.jobs.drain();
    expect(await row()).toMatchObject({ status: 'done', queries_done: 2, new_results: 0 });
    expect((await incidents()).map((r) => [r.rule_id, r.occurrences])).toEqual([
      ['aws-access-key-id', 1],
      ['npm-access-token', 1],
    ]);
  });

  it('refuses a second run while one is pending', async () => {
    const first = await a.browser.post('/api/secrets/runs', {}, { token: a.token });
    expect(first.statusCode).toBe(202);
    const second = await a.browser.post('/api/secrets/runs', {}, { token: a.token });
    expect(second.statusCode).toBe(409);
    await app.jobs.drain();
  });
});
