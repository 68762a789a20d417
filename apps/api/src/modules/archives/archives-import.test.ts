// The archives' import kinds against the real server: a gau / waybackurls list and a saved Wayback
// CDX answer, each malformed line or row rejected with its reason, URLs of other domains ignored,
// one row per normalised URL whatever the spelling and the source, secret values never stored, the
// interesting URLs as findings; the list's filters, tag counts, export and detail; another
// company's member seeing none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonAnswerOf } from '../../route-table.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let analyst: Tenant;
let viewer: Tenant;
let other: Tenant;

type ListBody = JsonAnswerOf<'listArchivedUrls'>;

const list = async (who: Tenant, query = '') => {
  const response = await who.browser.get(`/api/archived-urls?${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listArchivedUrls', response);
};
const keys = (body: ListBody) => body.data.map((u) => u.url_key).sort();

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  analyst = await newTenant(app, 'archives', { role: 'analyst' });
  viewer = await newTenant(app, 'archives', { join: analyst, role: 'viewer' });
  other = await newTenant(app, 'archivesother', { role: 'administrator' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the archives import kinds', () => {
  it('reads a gau list: one row per normalised URL, malformed lines rejected, other domains ignored', async () => {
    const d = analyst.domain;
    const lines = [
      `https://www.${d}/about`,
      `HTTPS://WWW.${d.toUpperCase()}:443/about/`,
      `https://www.${d}/backup/site.tar.gz`,
      `2021-06-01T10:00:00Z http://shop.${d}/reset?token=hunter2-secret&user=7`,
      `https://www.${d}/brochure.pdf`,
      `https://elsewhere.example/.env`,
      'ftp://files.example/x',
      'two words here',
    ];
    const job = await importFile(app, analyst, 'archive-urls', 'gau.txt', lines.join('\n'));
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ added: 4, rejected: 2 });
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([
      [7, '"ftp://files.example/x" is not an http(s) URL.'],
      [8, 'Expected one URL per line.'],
    ]);
    const body = await list(viewer, 'sort=url_key');
    expect(keys(body)).toEqual([
      `shop.${d}/reset?token&user`,
      `www.${d}/about`,
      `www.${d}/backup/site.tar.gz`,
      `www.${d}/brochure.pdf`,
    ]);
    const reset = body.data.find((u) => u.url_key.startsWith('shop.'));
    expect(reset).toMatchObject({
      sample_url: `http://shop.${d}/reset?token=[redacted]&user=7`,
      tags: ['secret_in_query'],
      interesting: true,
      providers: ['import'],
      first_captured_at: '2021-06-01T10:00:00.000Z',
    });
    expect(reset?.finding).toMatchObject({ severity: 'high', status: 'new' });
    expect(body.data.find((u) => u.url_key.endsWith('about'))).toMatchObject({
      captures: 2,
      interesting: false,
      finding: null,
    });
    expect(body.data.find((u) => u.url_key.endsWith('.pdf'))).toMatchObject({ tags: ['document'], finding: null });
  });

  it('reads a saved CDX answer: dates and status codes kept, the resume key skipped, bad rows rejected', async () => {
    const d = analyst.domain;
    const rows = [
      ['original', 'timestamp', 'statuscode', 'mimetype'],
      [`https://www.${d}/about`, '20190102030405', '200', 'text/html'],
      [`https://www.${d}/about?`, '20230102030405', '301', 'text/html'],
      [`https://shop.${d}/dump/orders.sql`, '20200101000000', '200', 'application/sql'],
      [`https://shop.${d}/x`, 'yesterday', '200', 'text/html'],
      { original: 'not a row' },
      [],
      ['resume-key-123'],
    ];
    const job = await importFile(app, analyst, 'wayback-cdx', 'cdx.json', JSON.stringify(rows));
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ added: 1, updated: 1, rejected: 2 });
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([
      [5, 'Timestamp "yesterday" is not a CDX timestamp.'],
      [6, 'A CDX row must be an array of fields.'],
    ]);
    const about = (await list(analyst, `q=${encodeURIComponent(`www.${d}/about`)}`)).data[0];
    // The list's two sightings, then the CDX's two: the same source reports the larger count.
    expect(about).toMatchObject({
      captures: 2,
      status_codes: [200, 301],
      first_captured_at: '2019-01-02T03:04:05.000Z',
      last_captured_at: '2023-01-02T03:04:05.000Z',
    });
    const dump = (await list(analyst, 'tag=database')).data[0];
    expect(dump?.finding).toMatchObject({
      severity: 'high',
      title: `Archived URL (database): shop.${d}/dump/orders.sql`,
    });
  });

  it('refuses a CDX file without its header row', async () => {
    const job = await importFile(app, analyst, 'wayback-cdx', 'cdx.json', JSON.stringify([['a', 'b']]));
    expect(job.rejects.map((r) => r.reason)).toEqual(['The first row must name the fields, "original" among them.']);
    const notArray = await importFile(app, analyst, 'wayback-cdx', 'cdx.json', '{"x": 1}');
    expect(notArray.rejects.map((r) => r.reason)).toEqual(['Expected the CDX JSON array (output=json).']);
  });
});

describe('the archived URLs list', () => {
  it('filters by tag, interest, extension, host, source, finding status and text; counts the tags', async () => {
    const d = analyst.domain;
    expect(keys(await list(analyst, 'tag=backup&tag=database'))).toEqual([
      `shop.${d}/dump/orders.sql`,
      `www.${d}/backup/site.tar.gz`,
    ]);
    expect((await list(analyst, 'interesting=false')).data.every((u) => !u.interesting)).toBe(true);
    expect(keys(await list(analyst, 'extension=PDF'))).toEqual([`www.${d}/brochure.pdf`]);
    expect((await list(analyst, `host=shop.${d}`)).meta.total).toBe(2);
    expect((await list(analyst, `host=${d}`)).meta.total).toBe(5);
    expect((await list(analyst, 'provider=wayback')).meta.total).toBe(0);
    expect((await list(analyst, 'status=new')).meta.total).toBe(3);
    const counts = (await list(analyst, 'tag=backup')).tag_counts;
    expect(counts.find((c) => c.tag === 'backup')?.count).toBe(1);
    expect(counts.find((c) => c.tag === 'secret_in_query')?.count).toBe(1);
    expect(counts).toHaveLength(10);
    const sorted = await list(analyst, 'sort=-captures&page_size=1');
    expect(sorted.data[0]?.captures).toBe(2);
    expect(sorted.meta.total).toBe(5);
  });

  it('finds a URL by its finding and shows it; exports without the secret', async () => {
    const reset = (await list(analyst, 'tag=secret_in_query')).data[0];
    const findingId = reset?.finding?.id ?? 0;
    expect((await list(analyst, `finding_id=${findingId}`)).data.map((u) => u.id)).toEqual([reset?.id]);
    const detail = await viewer.browser.get(`/api/archived-urls/${reset?.id}`, { token: viewer.token });
    expect(detail.statusCode).toBe(200);
    expect(answerOf('getArchivedUrl', detail).data).toEqual(reset);
    const csv = await viewer.browser.get('/api/archived-urls/export?interesting=true', { token: viewer.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('token=[redacted]');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    const stored = await app.ctx.db.selectFrom('archived_urls').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('hunter2');
  });

  it('shows another company none of it', async () => {
    const reset = (await list(analyst, 'tag=secret_in_query')).data[0];
    expect((await list(other)).meta.total).toBe(0);
    const detail = await other.browser.get(`/api/archived-urls/${reset?.id}`, { token: other.token });
    expect(detail.statusCode).toBe(404);
    const csv = await other.browser.get('/api/archived-urls/export', { token: other.token });
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
