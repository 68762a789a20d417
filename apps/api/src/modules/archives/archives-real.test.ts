// The archives' kinds on the files the tools write (fixtures/real/README.md): the Wayback CDX
// server's JSON and plain text answers as its documentation shows them, a captured fl=original
// answer (what gau's wayback provider reads), and the URL lists of
// waybackurls (plain, -dates, -get-versions) and gau --json. Counts are the test's own, from the raw
// file; each variant lands on the same two archived URLs with the same first capture.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

let database: TestDatabase;
let app: VigilApp;

async function tenantOf(label: string, domain = 'archive.org'): Promise<Tenant> {
  const who = await newTenant(app, label, { role: 'analyst' });
  // A domain is one company's: each variant's company takes it in turn.
  await app.ctx.db
    .insertInto('company_domains')
    .values({ company_id: who.companyId, domain })
    .onConflict((oc) => oc.column('domain').doUpdateSet({ company_id: who.companyId }))
    .execute();
  return who;
}

async function listed(who: Tenant) {
  const response = await who.browser.get('/api/archived-urls?sort=url_key&page_size=100', { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listArchivedUrls', response).data;
}

/** The distinct URLs by the test's own rule: host and path, the default port dropped. */
const distinct = (urls: string[]) => new Set(urls.map((u) => `${new URL(u).hostname}${new URL(u).pathname}`)).size;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('wayback-cdx on the CDX server’s answers', () => {
  it('reads output=json, the empty row and resume key of a paged answer skipped', async () => {
    const text = real('cdx-archive-org.json.txt');
    const rows: unknown[] = JSON.parse(text);
    const captures = rows.slice(
      1,
      rows.findIndex((r) => Array.isArray(r) && r.length === 0),
    );
    const who = await tenantOf('cdxjson');
    const job = await importFile(app, who, 'wayback-cdx', 'cdx.json', text);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: captures.length, rejected: 0 });
    const urls = captures.map((r) => (Array.isArray(r) ? String(r[2]) : ''));
    const data = await listed(who);
    expect(data).toHaveLength(distinct(urls));
    expect(data.find((u) => u.url_key === 'www.archive.org/')).toMatchObject({
      status_codes: [200],
      first_captured_at: '1997-01-26T04:58:28.000Z',
    });
  });

  it('reads the plain text answer (default output), its resume key after the blank line skipped', async () => {
    const text = real('cdx-archive-org.txt');
    const captures = text.split(/\n\s*\n/)[0]?.split('\n') ?? [];
    const who = await tenantOf('cdxtext');
    const job = await importFile(app, who, 'wayback-cdx', 'cdx.txt', text);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: captures.length, rejected: 0 });
    const data = await listed(who);
    expect(data).toHaveLength(distinct(captures.map((c) => c.split(' ')[2] ?? '')));
    expect(data.find((u) => u.url_key === 'www.archive.org/')).toMatchObject({
      status_codes: [200],
      first_captured_at: '1997-01-26T04:58:28.000Z',
    });
  });

  it('reads a captured fl=original answer (the query gau sends), malformed archived URLs and all', async () => {
    const text = real('cdx-fl-original-utica-edu.json.txt');
    const rows: unknown[] = JSON.parse(text);
    const originals = rows.slice(1).map((r) => (Array.isArray(r) ? String(r[0]) : ''));
    const who = await tenantOf('cdxgau', 'utica.edu');
    const job = await importFile(app, who, 'wayback-cdx', 'cdx.json', text);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: originals.length, rejected: 0 });
    const data = await listed(who);
    expect(data).toHaveLength(distinct(originals));
    // fl=original carries no timestamp nor status: nothing is invented for them.
    expect(data.every((u) => u.first_captured_at === null && u.status_codes.length === 0)).toBe(true);
  });

  it('reads fl= subsets of the text answer, and refuses a JSON answer without the original', async () => {
    const who = await tenantOf('cdxfl');
    const subset = 'http://www.archive.org:80/ 19970126045828 200\nhttp://archive.org:80/ 19980109140106 200\n';
    const job = await importFile(app, who, 'wayback-cdx', 'cdx.txt', subset);
    expect(job.counts).toMatchObject({ read: 2, rejected: 0 });
    const refused = await importFile(
      app,
      who,
      'wayback-cdx',
      'cdx.json',
      '[["timestamp","mimetype"],["19970126045828","text/html"]]',
    );
    expect(refused.status).toBe('failed');
    expect(refused.rejects.map((r) => r.reason)).toEqual([
      'The first row must name the fields, "original" among them.',
    ]);
  });
});

describe('archive-urls on waybackurls and gau output', () => {
  const variants = [
    ['waybackurls-archive-org.txt', false],
    ['waybackurls-dates-archive-org.txt', true],
    ['waybackurls-get-versions-archive-org.txt', true],
    ['gau-json-archive-org.jsonl', false],
  ] as const;

  it.each(variants)('reads %s, one capture per line', async (name, dated) => {
    const text = real(name);
    const count = lines(text).length;
    const urls = lines(text).map((l) => /(https?:\/\/(?!web\.archive\.org)[^\s"]+)/.exec(l)?.[1] ?? '');
    const who = await tenantOf(name.split('-')[0] ?? 'urls');
    const job = await importFile(app, who, 'archive-urls', name, text);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: count, rejected: 0 });
    const data = await listed(who);
    expect(data).toHaveLength(distinct(urls));
    const www = data.find((u) => u.url_key === 'www.archive.org/');
    expect(www?.first_captured_at).toBe(dated ? '1997-01-26T04:58:28.000Z' : null);
  });
});
