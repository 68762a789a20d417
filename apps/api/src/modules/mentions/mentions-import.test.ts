// The restricted environment against the real server: the feed documented in docs/mentions-feed.md
// (its example and its rejected lines are this test's fixtures, so the doc cannot drift), matching
// and severity, de-duplication (a post delivered again changes nothing, a resolved one stays
// resolved), the keyword watch list and its re-match job, the detail's ranges over text that holds
// markup (plain text, never HTML), and another company's member seeing and changing none of it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { mentionsSearch } from './mentions.search.js';

const doc = readFileSync(new URL('../../../../../docs/mentions-feed.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```jsonl\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const [example = '', rejected = ''] = blocks;
/** The doc's table of rejected lines: [line, reason]. */
const documentedReasons = [...doc.matchAll(/^\| (\d+) \| `(.+)` \|$/gm)].map((m) => [Number(m[1]), m[2]]);

let database: TestDatabase;
let app: VigilApp;
let analyst: Tenant;
let viewer: Tenant;
let other: Tenant;

const list = async (who: Tenant, query = '') => {
  const response = await who.browser.get(`/api/mentions?${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listMentions', response);
};
const detail = async (who: Tenant, id: number) =>
  answerOf('getMention', await who.browser.get(`/api/mentions/${id}`, { token: who.token }));
const addKeyword = (who: Tenant, body: { class: string; term: string }) =>
  who.browser.post('/api/mentions/keywords', body, { token: who.token });
const keywords = async (who: Tenant) =>
  answerOf('listMentionKeywords', await who.browser.get('/api/mentions/keywords', { token: who.token }));
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    source_type: 'forum',
    source_name: 'Dread',
    posted_at: '2026-11-01T10:00:00Z',
    url: 'https://d.example/1',
    ...fields,
  });

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  analyst = await newTenant(app, 'mentions', { role: 'analyst' });
  viewer = await newTenant(app, 'mentions', { join: analyst, role: 'viewer' });
  other = await newTenant(app, 'mentionsother', { role: 'administrator' });
  for (const [c, term] of [
    ['domain', 'acme-retail.example'],
    ['brand', 'Acme Retail'],
    ['card_bin', '4571 73'],
    ['ip_range', '203.0.113.0/24'],
  ]) {
    const response = await addKeyword(analyst, { class: c ?? '', term: term ?? '' });
    expect(response.statusCode, response.body).toBe(201);
  }
  await app.jobs.drain();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the keyword watch list', () => {
  it('checks each class, refuses a duplicate and lets viewers read only', async () => {
    const bad = await addKeyword(analyst, { class: 'card_bin', term: '12ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter a card BIN: 6 to 8 digits.');
    const again = await addKeyword(analyst, { class: 'card_bin', term: '457173' });
    expect(again.statusCode, again.body).toBe(409);
    expect((await addKeyword(viewer, { class: 'brand', term: 'Viewer Brand' })).statusCode).toBe(403);
    const terms = (await keywords(viewer)).data.map((k) => `${k.class}:${k.term}`);
    expect(terms).toEqual([
      'brand:Acme Retail',
      'card_bin:457173',
      'domain:acme-retail.example',
      'ip_range:203.0.113.0/24',
    ]);
  });
});

describe('the mentions-jsonl import', () => {
  it("reads the doc's example: each mention matched, its severity from source type × keyword class", async () => {
    const job = await importFile(app, analyst, 'mentions-jsonl', 'feed.jsonl', example);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ added: 3, rejected: 0 });
    const body = await list(viewer, 'sort=-posted_at');
    expect(body.data.map((m) => [m.source_type, m.severity, m.keywords.map((k) => k.class).sort()])).toEqual([
      ['ransomware_leak_site', 'critical', ['brand', 'domain']],
      ['marketplace', 'critical', ['card_bin']],
      ['forum', 'high', ['domain', 'ip_range']],
    ]);
    expect((await list(viewer, 'source_type=marketplace&source_type=forum')).meta.total).toBe(2);
    expect((await list(viewer, 'keyword_class=ip_range')).data.map((m) => m.source_name)).toEqual(['XSS.is']);
    expect((await list(viewer, 'q=escrow')).data.map((m) => m.source_name)).toEqual(['XSS.is']);
    expect((await list(viewer, 'q=cardking')).data.map((m) => m.source_name)).toEqual(['Russian Market']);
  });

  it("rejects the doc's malformed lines with its reasons, line by line", async () => {
    const job = await importFile(app, analyst, 'mentions-jsonl', 'bad.jsonl', `${rejected}${line({ text: 'fine' })}\n`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ added: 1, rejected: 9 });
    expect(documentedReasons).toHaveLength(9);
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual(documentedReasons);
  });

  it('caps the text and the line', async () => {
    const long = line({ text: 'x'.repeat(20_001) });
    const huge = line({ text: 'y'.repeat(20_000), title: 'z'.repeat(300_000) });
    const future = line({ text: 'later', posted_at: '2999-01-01T00:00:00Z' });
    const job = await importFile(app, analyst, 'mentions-jsonl', 'caps.jsonl', [long, huge, future].join('\n'));
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([
      [1, '"text" is longer than 20000 characters.'],
      [2, 'Line longer than 262144 bytes; skipped.'],
      [3, '"posted_at" "2999-01-01T00:00:00Z" is in the future.'],
    ]);
  });

  it('keeps a post delivered again as one mention: no new finding, a resolved one stays resolved', async () => {
    const before = await list(analyst);
    const leak = before.data.find((m) => m.source_type === 'ransomware_leak_site');
    for (const status of ['confirmed', 'resolved']) {
      const r = await analyst.browser.call('PATCH', `/api/findings/${leak?.id}`, {
        token: analyst.token,
        body: { status },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const spaced = example.replace('HR files and', 'HR  files   and');
    const job = await importFile(app, analyst, 'mentions-jsonl', 'again.jsonl', spaced);
    expect(job.counts).toMatchObject({ added: 0, updated: 3 });
    const after = await list(analyst);
    expect(after.meta.total).toBe(before.meta.total);
    expect(after.data.find((m) => m.id === leak?.id)?.status).toBe('resolved');
  });
});

describe('the detail', () => {
  it('gives the text as sent and the ranges of each keyword (markup stays text)', async () => {
    const text = '<script>alert(1)</script> <b>Acme Retail</b> card 4571731111 from vpn.acme-retail.example';
    await importFile(app, analyst, 'mentions-jsonl', 'markup.jsonl', line({ text, title: 'About ACME retail' }));
    const found = (await list(analyst, 'q=alert')).data[0];
    const body = await detail(viewer, found?.id ?? 0);
    expect(body.text).toBe(text);
    const marked = Object.fromEntries(
      body.matches.map((m) => [
        m.keyword.class,
        [
          m.title_ranges.map((r) => 'About ACME retail'.slice(r.start, r.end)),
          m.text_ranges.map((r) => text.slice(r.start, r.end)),
        ],
      ]),
    );
    expect(marked).toEqual({
      brand: [['ACME retail'], ['Acme Retail']],
      card_bin: [[], ['457173']],
      domain: [[], ['vpn.acme-retail.example']],
    });
    expect(body.data.snippet).toContain('<b>Acme Retail</b>');
  });
});

describe('re-matching when keywords change', () => {
  it("finds stored mentions for a new keyword (the system's finding); a deleted one takes its matches along", async () => {
    await importFile(app, analyst, 'mentions-jsonl', 'globex.jsonl', line({ text: 'Globex Bank VPN creds for sale' }));
    expect((await list(analyst, 'q=globex')).meta.total).toBe(0);
    const created = await addKeyword(analyst, { class: 'brand', term: 'globex bank' });
    expect(created.statusCode, created.body).toBe(201);
    const id = answerOf('createMentionKeyword', created).data.id;
    expect((await keywords(analyst)).rematching).toBe(true);
    await app.jobs.drain();
    const hits = await list(analyst, `keyword_id=${id}`);
    expect(hits.data.map((m) => [m.severity, m.snippet])).toEqual([['low', 'Globex Bank VPN creds for sale']]);
    expect((await keywords(analyst)).data.find((k) => k.id === id)?.mentions).toBe(1);
    const removed = await analyst.browser.call('DELETE', `/api/mentions/keywords/${id}`, { token: analyst.token });
    expect(removed.statusCode, removed.body).toBe(200);
    await app.jobs.drain();
    const kept = (await list(analyst, 'q=globex')).data;
    expect(kept.map((m) => m.keywords)).toEqual([[]]);
  });
});

describe('another company', () => {
  it('sees, finds and changes none of it', async () => {
    const mine = await list(analyst);
    expect(mine.meta.total).toBeGreaterThan(0);
    expect((await list(other)).meta.total).toBe(0);
    const first = mine.data[0];
    expect((await other.browser.get(`/api/mentions/${first?.id}`, { token: other.token })).statusCode).toBe(404);
    const keyword = (await keywords(analyst)).data[0];
    const patch = await other.browser.call('PATCH', `/api/mentions/keywords/${keyword?.id}`, {
      token: other.token,
      body: { enabled: false },
    });
    expect(patch.statusCode).toBe(404);
    const del = await other.browser.call('DELETE', `/api/mentions/keywords/${keyword?.id}`, { token: other.token });
    expect(del.statusCode).toBe(404);
    expect((await keywords(other)).data).toEqual([]);
    const search = (companyIds: number[]) =>
      mentionsSearch.search({ db: app.ctx.db, companyIds, text: 'acme ret', limit: 10 });
    expect(await search([other.companyId])).toEqual([]);
    const hits = await search([analyst.companyId]);
    expect(hits.length).toBeGreaterThan(0);
    expect(
      hits.every((h) => h.company_id === analyst.companyId && h.link.startsWith('/restrictedenvironment?open=')),
    ).toBe(true);
  });
});
