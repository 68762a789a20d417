// The JS blacklist against the real server: the two import kinds (values normalised, malformed
// lines rejected with their reason, an entry seen again updated not doubled), the list with its
// filters, a manual entry, status/notes changes, the CSV export, the scan writer's matching and hit
// counts, and another company's member neither reading nor writing any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, validationOf } from '../../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import type { ScannedScript } from '../scanner/scan.types.js';
import { blacklistDemo } from './js-blacklist.importers.js';
import { countBlacklistHits, loadBlacklist } from './js-blacklist.match.js';

let database: TestDatabase;
let app: VigilApp;
let analyst: Tenant;
let viewer: Tenant;
let other: Tenant;

const HASH = 'ab'.repeat(32);
const csv = [
  'kind,value,source,family,first_seen',
  'host,Collect.Evil.TEST.,Sansec feed,Magecart group 12,2025-03-01',
  ',https://cdn-js.example/jquery.min.js#frag,,Inter skimmer,',
  `sha256,${HASH.toUpperCase()},internal,,2025-04-02T10:00:00Z`,
  'host,not a host,x,,',
  'registry,evil.example,x,,',
  'host,evil.example,x,,2025-13-40',
  '"host,unclosed',
].join('\n');

const list = async (who: Tenant, query = '') => {
  const response = await who.browser.get(`/api/js-blacklist?${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listJsBlacklist', response);
};
const call = (who: Tenant, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  who.browser.call(method, `/api${path}`, { token: who.token, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  analyst = await newTenant(app, 'jsblacklist', { role: 'analyst' });
  viewer = await newTenant(app, 'jsblacklist', { join: analyst, role: 'viewer' });
  other = await newTenant(app, 'jsblacklistother', { role: 'administrator' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the JS blacklist', () => {
  it('imports the CSV kind: normalised values, inferred kinds, each malformed line rejected with its reason', async () => {
    const job = await importFile(app, analyst, 'js-blacklist-csv', 'feed.csv', csv);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ added: 3, rejected: 4 });
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([
      [5, '"not a host" is not a host name.'],
      [
        6,
        'Unknown kind "registry" (one of host, url, sha256; or a vendor type: hostname, domain, ipaddress, ip:port, sha256_hash, file).',
      ],
      [7, 'first_seen "2025-13-40" is not a date.'],
      [8, 'Unclosed quote (one record per line).'],
    ]);
    const entries = (await list(viewer, 'sort=value')).data;
    expect(entries.map((e) => [e.kind, e.value, e.source, e.family])).toEqual([
      ['sha256', HASH, 'internal', null],
      ['host', 'collect.evil.test', 'Sansec feed', 'Magecart group 12'],
      ['url', 'https://cdn-js.example/jquery.min.js', 'feed.csv', 'Inter skimmer'],
    ]);
    expect(entries.find((e) => e.kind === 'host')?.first_seen_at).toBe('2025-03-01T00:00:00.000Z');
  });

  it('imports the plain list: comments skipped, a known entry updated, not doubled', async () => {
    const text = [
      '# indicators',
      'collect.evil.test  # seen again',
      'wss://socket-cdn.example/ws',
      `sha256-${Buffer.from(HASH, 'hex').toString('base64')}`,
      'http//broken',
    ].join('\n');
    const job = await importFile(app, analyst, 'js-blacklist', 'iocs.txt', text);
    expect(job.counts).toMatchObject({ added: 1, updated: 2, rejected: 1 });
    expect(job.rejects[0]?.reason).toBe('"http//broken" is not a host name.');
    const all = await list(viewer);
    expect(all.meta.total).toBe(4);
    expect(all.families).toEqual(['Inter skimmer', 'Magecart group 12']);
    expect((await list(viewer, 'kind=url&kind=sha256')).data.map((e) => e.kind).sort()).toEqual([
      'sha256',
      'url',
      'url',
    ]);
    expect((await list(viewer, 'q=socket')).data.map((e) => [e.value, e.source])).toEqual([
      ['wss://socket-cdn.example/ws', 'iocs.txt'],
    ]);
  });

  it('adds, changes and deletes an entry by hand; a viewer may not', async () => {
    const created = await call(analyst, 'POST', '/js-blacklist', {
      value: 'Skim.Example',
      family: 'Manual',
      notes: ' seen in a report ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = answerOf('createJsBlacklistEntry', created).data;
    expect(entry).toMatchObject({
      kind: 'host',
      value: 'skim.example',
      source: 'manual',
      status: 'active',
      notes: 'seen in a report',
    });
    expect((await call(analyst, 'POST', '/js-blacklist', { value: 'skim.example' })).statusCode).toBe(409);
    const bad = await call(analyst, 'POST', '/js-blacklist', { kind: 'sha256', value: 'abc' });
    expect(validationOf(bad).errors).toEqual({
      value: ['"abc" is not a SHA-256 (64 hex digits or sha256-<base64>).'],
    });
    const changed = await call(analyst, 'PATCH', `/js-blacklist/${entry.id}`, { status: 'inactive', notes: null });
    expect(answerOf('updateJsBlacklistEntry', changed).data).toMatchObject({
      status: 'inactive',
      notes: null,
      family: 'Manual',
    });
    expect((await list(viewer, 'status=inactive')).data.map((e) => e.value)).toEqual(['skim.example']);
    expect((await call(viewer, 'PATCH', `/js-blacklist/${entry.id}`, { status: 'active' })).statusCode).toBe(403);
    expect((await call(analyst, 'DELETE', `/js-blacklist/${entry.id}`)).statusCode).toBe(200);
    expect((await call(analyst, 'DELETE', `/js-blacklist/${entry.id}`)).statusCode).toBe(404);
  });

  it('exports the filtered entries in the columns the CSV import reads', async () => {
    const response = await viewer.browser.get('/api/js-blacklist/export?kind=host', { token: viewer.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('kind,value,source,family,first_seen,last_seen,status,notes,hits');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'host,collect.evil.test,Sansec feed,Magecart group 12',
    ]);
  });

  it('matches scripts and connections by host or parent domain, URL and hash, and counts hits', async () => {
    const blacklist = await loadBlacklist(app.ctx.db, analyst.companyId);
    const script: ScannedScript = {
      key: 'https://cdn-js.example/jquery.min.js',
      kind: 'external',
      url: 'https://cdn-js.example/jquery.min.js#x',
      host: 'cdn-js.example',
      party: 'third',
      loadedBy: null,
      sha256: HASH,
      sri: false,
      size: 10,
      content: null,
      reads: [],
    };
    expect(
      blacklist
        .matchScript(script)
        .map((h) => h.kind)
        .sort(),
    ).toEqual(['sha256', 'url']);
    const connection = {
      initiator: script.key,
      host: 'a.b.collect.evil.test',
      url: 'https://a.b.collect.evil.test/c',
      kind: 'beacon' as const,
    };
    const hits = blacklist.matchConnection(connection);
    expect(hits.map((h) => [h.value, h.family])).toEqual([['collect.evil.test', 'Magecart group 12']]);
    expect(
      blacklist.matchConnection({ ...connection, host: 'notcollect.evil.test', url: 'https://notcollect.evil.test/' }),
    ).toEqual([]);
    await countBlacklistHits(app.ctx.db, analyst.companyId, [hits[0]?.entryId ?? 0, hits[0]?.entryId ?? 0]);
    await countBlacklistHits(app.ctx.db, other.companyId, [hits[0]?.entryId ?? 0]);
    expect((await list(viewer, 'q=collect')).data[0]?.hits).toBe(2);
    expect((await loadBlacklist(app.ctx.db, other.companyId)).matchConnection(connection)).toEqual([]);
  });

  it('keeps every entry to its company', async () => {
    const mine = (await list(analyst)).data;
    expect((await list(other)).data).toEqual([]);
    const exported = await other.browser.get('/api/js-blacklist/export', { token: other.token });
    expect(exported.body).not.toContain('collect.evil.test');
    const id = mine[0]?.id;
    expect((await call(other, 'PATCH', `/js-blacklist/${id}`, { status: 'inactive' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/js-blacklist/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', '/js-blacklist', { value: 'collect.evil.test' })).statusCode).toBe(201);
    expect((await list(analyst)).meta.total).toBe(mine.length);
  });

  it('gives a demo company a plain list with the demo skimmer’s collection host', async () => {
    const [file] = blacklistDemo({
      anchor: new Date(),
      company: { domain: 'acme.example', watch: [], hosts: [] },
      index: 0,
      seed: 1,
    });
    expect(file?.kind).toBe('js-blacklist');
    const job = await importFile(app, other, 'js-blacklist', file?.fileName ?? '', file?.content ?? '');
    expect(job.counts.rejected).toBe(0);
    expect((await list(other, 'q=collect.evil.test')).meta.total).toBe(1);
    expect((await list(other)).meta.total).toBeGreaterThanOrEqual(8);
  });
});
