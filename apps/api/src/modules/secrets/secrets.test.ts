// The secrets module end to end over the API: a gitleaks report imported (redacted on the way in,
// malformed findings rejected without quoting the secret), the incidents' list, filters, detail and
// export, reopening, the company's allow-list and terms, tenant isolation, and the proof that no
// planted secret is in any table or the log.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { LogCapture, openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { redact } from './rules/detector.js';

let database: TestDatabase;
let app: VigilApp;
let logs: LogCapture;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  logs = new LogCapture();
  ({ app } = await testApp(database, { logStream: logs, env: { LOG_LEVEL: 'debug' } }));
  a = await newTenant(app, 'gitdork');
  b = await newTenant(app, 'gitdork');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

// FAKE secrets, written for this test.
const githubToken = `ghp_${'Zq8LmN3xVb7TrK2pWs9Hd4Fj6Gc1Ya5Ue0Io'}`;
const stripeKey = 'sk_live_Planted4Test9Qw7Er5Ty3Ui1Op';

function finding(over: Record<string, unknown>) {
  return {
    RuleID: 'github-pat',
    Description: 'GitHub Personal Access Token',
    StartLine: 12,
    Match: `token: "${githubToken}"`,
    Secret: githubToken,
    File: 'config/deploy.yml',
    Commit: 'a'.repeat(40),
    Entropy: 4.8,
    Author: 'Ana Silva',
    Email: 'ana@example.com',
    Date: '2026-10-01T10:00:00Z',
    Link: `https://github.com/acme/web/blob/${'a'.repeat(40)}/config/deploy.yml#L12`,
    ...over,
  };
}

const list = async (who: Tenant, query = '') =>
  answerOf('listSecretIncidents', await who.browser.get(`/api/secrets${query}`, { token: who.token }));

describe('gitleaks report import', () => {
  it('stores incidents with their occurrences, redacted, and rejects malformed findings with the reason', async () => {
    const report = [
      finding({}),
      finding({ File: 'scripts/release.sh', StartLine: 3, Link: undefined }),
      finding({ RuleID: 'stripe-live-secret-key', Secret: stripeKey, Match: `STRIPE=${stripeKey}`, StartLine: 7 }),
      finding({ RuleID: '', Secret: 'whatever-secret' }),
      finding({ StartLine: -1, Secret: 'Never-Quoted-Secret-91' }),
    ];
    const job = await importFile(app, a, 'gitleaks-json', 'acme-mirror.json', JSON.stringify(report));
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ read: 5, added: 3, rejected: 2 });
    expect(job.rejects.map((r) => r.line)).toEqual([4, 5]);
    expect(JSON.stringify(job.rejects)).not.toContain('Never-Quoted-Secret-91');

    const { data } = await list(a, '?sort=rule_id');
    expect(data).toHaveLength(2);
    const [github, stripe] = data;
    expect(github).toMatchObject({
      rule_id: 'github-pat',
      rule_description: 'GitHub personal access token',
      severity: 'critical',
      redacted: redact(githubToken),
      occurrences: 2,
      repositories: 2,
    });
    expect(stripe).toMatchObject({ rule_id: 'stripe-live-secret-key', occurrences: 1 });

    const detail = await a.browser.get(`/api/secrets/${github?.id}`, { token: a.token });
    expect(detail.statusCode, detail.body).toBe(200);
    const occurrences = answerOf('getSecretIncident', detail).occurrences;
    expect(occurrences.map((o) => o.repository).sort()).toEqual(['acme-mirror', 'acme/web']);
    expect(occurrences.find((o) => o.repository === 'acme/web')).toMatchObject({
      author: 'Ana Silva <ana@example.com>',
      fragment: `token: "${redact(githubToken)}"`,
    });
    expect(detail.body).not.toContain(githubToken);

    expect((await list(a, '?rule_id=stripe-live-secret-key')).data).toHaveLength(1);
    expect((await list(a, '?repository=ACME/web&sort=rule_id')).data.map((r) => r.rule_id)).toEqual([
      'github-pat',
      'stripe-live-secret-key',
    ]);
    expect((await list(a, '?q=release')).data.map((r) => r.rule_id)).toEqual(['github-pat']);
    expect((await list(a, '?severity=low')).data).toEqual([]);

    const csv = await a.browser.get('/api/secrets/export?rule_id=github-pat', { token: a.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(redact(githubToken));
    expect(csv.body).not.toContain(githubToken);
  });

  it('never stores or logs a planted secret in clear', async () => {
    const tables = await sql<{ table_name: string }>`select distinct table_name from information_schema.columns
      where table_schema = 'public'`.execute(app.ctx.db);
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { table_name } of tables.rows) {
      for (const secret of [githubToken, stripeKey, 'Never-Quoted-Secret-91']) {
        const { rows } = await sql<{ hit: boolean }>`select exists (select 1 from ${sql.table(table_name)} t
          where t::text like ${`%${secret}%`}) as hit`.execute(app.ctx.db);
        expect(rows[0]?.hit, `${table_name} holds ${secret.slice(0, 6)}…`).toBe(false);
      }
    }
    expect(logs.text()).not.toContain(githubToken);
    expect(logs.text()).not.toContain(stripeKey);
  });

  it('reopens a resolved incident whose secret shows up again', async () => {
    const [incident] = (await list(a, '?rule_id=stripe-live-secret-key')).data;
    for (const status of ['confirmed', 'resolved']) {
      const r = await a.browser.call('PATCH', `/api/findings/${incident?.id}`, { token: a.token, body: { status } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const again = finding({
      RuleID: 'stripe-live-secret-key',
      Secret: stripeKey,
      File: 'other/place.env',
      StartLine: 1,
    });
    await importFile(app, a, 'gitleaks-json', 'later.json', JSON.stringify([again]));
    const [reopened] = (await list(a, '?rule_id=stripe-live-secret-key')).data;
    expect(reopened).toMatchObject({ id: incident?.id, status: 'new', reopen_count: 1, occurrences: 2 });
  });

  it("skips what the company's allow-list allows, and keeps each company's incidents to itself", async () => {
    const allowed = await b.browser.post(
      '/api/secrets/allowlist',
      { kind: 'path', value: '^test/', reason: 'Fixtures of our test suite' },
      { token: b.token },
    );
    expect(allowed.statusCode, allowed.body).toBe(201);
    const report = [finding({ File: 'test/fixture.yml' }), finding({ File: 'src/app.yml' })];
    const job = await importFile(app, b, 'gitleaks-json', 'b.json', JSON.stringify(report));
    expect(job.counts).toMatchObject({ read: 2, added: 1 });
    const mine = (await list(b)).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]?.latest?.file_path).toBe('src/app.yml');
    // The same secret is another incident in another company; neither sees the other's.
    const theirs = (await list(a)).data.map((r) => r.id);
    expect(theirs).not.toContain(mine[0]?.id);
    const peek = await a.browser.get(`/api/secrets/${mine[0]?.id}`, { token: a.token });
    expect(peek.statusCode).toBe(404);
  });
});

describe('terms and allow-list', () => {
  it('adds, switches off and deletes terms; lists the domains always searched; refuses bad values', async () => {
    const add = (body: unknown) => a.browser.post('/api/secrets/terms', body, { token: a.token });
    const created = await add({ kind: 'organisation', value: 'Acme-Corp' });
    expect(created.statusCode, created.body).toBe(201);
    const term = answerOf('createCodeSearchTerm', created).data;
    expect(term).toMatchObject({ value: 'acme-corp', enabled: true });
    expect((await add({ kind: 'organisation', value: 'acme-corp' })).statusCode).toBe(409);
    expect((await add({ kind: 'organisation', value: 'not an org!' })).statusCode).toBe(422);
    expect((await add({ kind: 'keyword', value: 'say "hi"' })).statusCode).toBe(422);
    expect((await add({ kind: 'domain', value: 'Shop.ACME.example' })).statusCode).toBe(201);
    const off = await a.browser.call('PATCH', `/api/secrets/terms/${term.id}`, {
      token: a.token,
      body: { enabled: false },
    });
    expect(answerOf('updateCodeSearchTerm', off).data.enabled).toBe(false);
    const terms = answerOf('listCodeSearchTerms', await a.browser.get('/api/secrets/terms', { token: a.token }));
    expect(terms.domains).toEqual([a.domain]);
    expect(terms.data.map((t) => t.value)).toEqual(['shop.acme.example', 'acme-corp']);
    expect((await b.browser.call('DELETE', `/api/secrets/terms/${term.id}`, { token: b.token })).statusCode).toBe(404);
    expect((await a.browser.call('DELETE', `/api/secrets/terms/${term.id}`, { token: a.token })).statusCode).toBe(200);
  });

  it('refuses a regex that does not compile and a malformed fingerprint; deletes its own entries only', async () => {
    const add = (body: unknown) => a.browser.post('/api/secrets/allowlist', body, { token: a.token });
    expect((await add({ kind: 'regex', value: '(?<=x)y', reason: 'x' })).statusCode).toBe(422);
    expect((await add({ kind: 'fingerprint', value: 'nope', reason: 'x' })).statusCode).toBe(422);
    const ok = await add({ kind: 'fingerprint', value: 'acme/web:config/deploy.yml:github-pat:12', reason: 'Rotated' });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = answerOf('createSecretAllowlistEntry', ok).data.id;
    expect((await b.browser.call('DELETE', `/api/secrets/allowlist/${id}`, { token: b.token })).statusCode).toBe(404);
    const entries = answerOf('listSecretAllowlist', await a.browser.get('/api/secrets/allowlist', { token: a.token }));
    expect(entries.data.map((e) => e.id)).toEqual([id]);
  });

  it('lists the rule set read-only', async () => {
    const rules = answerOf('listSecretRules', await a.browser.get('/api/secrets/rules', { token: a.token })).data;
    expect(rules.length).toBeGreaterThanOrEqual(25);
    expect(rules.find((r) => r.id === 'vtex-app-token')).toMatchObject({ severity: 'critical', tags: ['vtex'] });
  });
});
