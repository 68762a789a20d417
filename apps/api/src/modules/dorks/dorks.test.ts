// The dorks operations against the real server: Vigil's templates are every company's on start, the
// GHDB is imported by platform operators only (its entries off until a company chooses them), a
// company writes its own dorks (never a platform one, never another company's), saved results
// pages become results with findings (de-duplicated per normalised URL, other sites dropped), and
// the lists filter, sort, export and stay within the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../route-table.js';
import { answerOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, platformOperator, type Tenant, upload } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { ghdbXml, searchPage } from './dorks.demo.js';
import { syncDorkTemplates } from './dorks.sync.js';
import { dorkTemplates } from './dorks.templates.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let viewer: Tenant;
let other: Tenant;

const get = async <Op extends OperationId>(op: Op, who: Tenant, path: string) => {
  const response = await who.browser.get(`/api${path}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf(op, response);
};
const dorks = (who: Tenant, query = '') => get('listDorks', who, `/dorks?page_size=100&${query}`);
const results = (who: Tenant, query = '') => get('listDorkResults', who, `/dork-results?page_size=100&${query}`);
const send = (who: Tenant, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  who.browser.call(method, `/api${path}`, { body, token: who.token });

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  admin = await newTenant(app, 'dorks', { role: 'administrator' });
  viewer = await newTenant(app, 'dorks', { join: admin, role: 'viewer' });
  other = await newTenant(app, 'dorksother', { role: 'analyst' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the dork catalogue', () => {
  it('has Vigil’s templates on start, enabled, for every company', async () => {
    const vigil = await dorks(viewer, 'source=vigil');
    expect(vigil.data.map((d) => d.key).sort()).toEqual(dorkTemplates.map((t) => t.key).sort());
    expect(vigil.data.every((d) => d.enabled && !d.editable)).toBe(true);
    expect((await dorks(other, 'source=vigil')).meta.total).toBe(dorkTemplates.length);
    const logs = await dorks(viewer, 'q=ext:log');
    expect(logs.data.map((d) => d.key)).toEqual(['log-files']);
  });

  it('syncs templates idempotently and switches off one no longer bundled', async () => {
    const now = app.ctx.clock.now();
    expect(await syncDorkTemplates(app.ctx.db, now)).toEqual({ written: 0, retired: 0 });
    const [first, ...rest] = dorkTemplates;
    expect(await syncDorkTemplates(app.ctx.db, now, rest)).toEqual({ written: 0, retired: 1 });
    expect((await dorks(viewer, `q=${encodeURIComponent(first?.title ?? '')}`)).data[0]?.enabled).toBe(false);
    expect(await syncDorkTemplates(app.ctx.db, now)).toEqual({ written: 1, retired: 0 });
  });

  it('imports the GHDB for platform operators only, its entries off until a company chooses them', async () => {
    const refused = await admin.browser.post('/api/imports?kind=ghdb&file_name=ghdb.xml', Buffer.from(ghdbXml()), {
      token: admin.token,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(refused.statusCode).toBe(403);
    const operator = await platformOperator(app);
    const job = await importFile(app, operator, 'ghdb', 'ghdb.xml', ghdbXml());
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: 6, added: 6, rejected: 0 });
    const again = await importFile(app, operator, 'ghdb', 'ghdb.xml', ghdbXml());
    expect(again.counts).toMatchObject({ added: 0, updated: 6 });
    const ghdb = await dorks(admin, 'source=ghdb');
    expect(ghdb.data.map((d) => d.ghdb_id).sort()).toEqual([4601, 5220, 6012, 7345, 8120, 8409]);
    expect(ghdb.data.every((d) => !d.enabled)).toBe(true);

    const chosen = ghdb.data[0];
    const on = await send(admin, 'PUT', `/dorks/${chosen?.id}/enabled`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(answerOf('setDorkEnabled', on).data.enabled).toBe(true);
    expect((await dorks(admin, 'source=ghdb&enabled=true')).data.map((d) => d.id)).toEqual([chosen?.id]);
    expect((await dorks(other, 'source=ghdb&enabled=true')).meta.total).toBe(0);
    expect((await send(viewer, 'PUT', `/dorks/${chosen?.id}/enabled`, { enabled: false })).statusCode).toBe(403);
  });

  it('lets a company write its own dorks, never a platform one nor another company’s', async () => {
    const bad = await send(admin, 'POST', '/dorks', {
      title: 'Ours',
      category: 'footholds',
      query: 'inurl:x site:a.example',
    });
    expect(bad.statusCode).toBe(422);
    expect(validationOf(bad).errors.query).toBeDefined();
    const created = await send(admin, 'POST', '/dorks', {
      title: 'Staging hosts',
      category: 'footholds',
      query: 'inurl:staging',
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = answerOf('createDork', created).data;
    expect(own).toMatchObject({ source: 'company', editable: true, enabled: true, query: 'inurl:staging' });

    const edited = await send(admin, 'PUT', `/dorks/${own.id}`, {
      title: 'Staging',
      category: 'footholds',
      query: 'inurl:stage',
    });
    expect(answerOf('updateDork', edited).data.query).toBe('inurl:stage');
    expect(
      (await send(other, 'PUT', `/dorks/${own.id}`, { title: 'x', category: 'footholds', query: 'x' })).statusCode,
    ).toBe(404);
    expect((await send(other, 'DELETE', `/dorks/${own.id}`)).statusCode).toBe(404);
    expect((await dorks(other, 'source=company')).meta.total).toBe(0);

    const template = (await dorks(admin, 'source=vigil')).data[0];
    expect(
      (await send(admin, 'PUT', `/dorks/${template?.id}`, { title: 'x', category: 'footholds', query: 'x' }))
        .statusCode,
    ).toBe(409);
    expect((await send(admin, 'DELETE', `/dorks/${template?.id}`)).statusCode).toBe(409);

    expect((await send(admin, 'DELETE', `/dorks/${own.id}`)).statusCode).toBe(200);
    expect((await dorks(admin, 'source=company')).meta.total).toBe(0);
  });
});

describe('saved results pages', () => {
  it('writes results with findings, de-duplicated per normalised URL, other sites dropped', async () => {
    const d = admin.domain;
    const pages = [
      searchPage(`intitle:"index of" site:${d}`, [
        { link: `https://www.${d}/backup/`, title: 'Index of /backup', snippet: 'Parent Directory' },
        { link: `https://elsewhere.example/backup/`, title: 'Not ours', snippet: '' },
      ]),
      searchPage(`ext:log site:${d}`, [
        { link: `https://www.${d}/logs/error.log?token=s3cr3t-value`, title: 'error.log', snippet: 'PHP Warning' },
      ]),
      searchPage(`intitle:"index of" (backup | backups | bak) site:${d}`, [
        { link: `http://WWW.${d}/backup`, title: 'Index of /backup', snippet: 'again' },
      ]),
    ];
    const job = await importFile(app, admin, 'search-results', 'pages.json', JSON.stringify(pages));
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const list = await results(viewer);
    expect(list.data.map((r) => r.url).sort()).toEqual([
      `https://www.${d}/backup/`,
      `https://www.${d}/logs/error.log?token=REDACTED`,
    ]);
    const backup = list.data.find((r) => r.url.includes('/backup'));
    expect(backup?.dorks.map((x) => x.title).sort()).toEqual(['Directory listings', 'Listed backup folders']);
    expect(backup?.severity).toBe('medium');
    const log = list.data.find((r) => r.url.includes('.log'));
    expect(log).toMatchObject({ severity: 'high', category: 'files_containing_juicy_info' });

    const stored = await app.ctx.db.selectFrom('dork_results').select(['url', 'title', 'snippet']).execute();
    expect(JSON.stringify(stored)).not.toContain('s3cr3t-value');

    expect((await results(viewer, 'severity=high')).data.map((r) => r.id)).toEqual([log?.id]);
    expect((await results(viewer, 'category=sensitive_directories')).data.map((r) => r.id)).toEqual([backup?.id]);
    expect((await results(viewer, `dork_id=${backup?.dorks[0]?.id}`)).data.map((r) => r.id)).toEqual([backup?.id]);
    expect((await results(viewer, `host=WWW.${d}`)).meta.total).toBe(2);
    expect((await results(viewer, 'q=error.log')).data.map((r) => r.id)).toEqual([log?.id]);
    expect((await results(viewer, 'sort=-severity')).data[0]?.id).toBe(log?.id);

    const detail = await get('getDorkResult', viewer, `/dork-results/${backup?.id}`);
    expect(detail.data.seen_count).toBe(1);
    expect((await other.browser.get(`/api/dork-results/${backup?.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await results(other)).meta.total).toBe(0);

    const csv = await viewer.browser.get('/api/dork-results/export?severity=high', { token: viewer.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('error.log?token=REDACTED');
    expect(csv.body).not.toContain('/backup/');

    const counted = await dorks(viewer, 'source=vigil&sort=-results');
    expect(counted.data[0]?.results).toBe(1);
  });

  it('reopens a resolved result seen again, and counts the sighting', async () => {
    const d = admin.domain;
    const log = (await results(admin, 'severity=high')).data[0];
    for (const status of ['confirmed', 'resolved']) {
      const changed = await send(admin, 'POST', '/findings/bulk-status', { ids: [log?.id], status });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    expect((await get('getDorkResult', admin, `/dork-results/${log?.id}`)).data.status).toBe('resolved');
    const page = searchPage(`ext:log site:${d}`, [
      { link: `https://www.${d}/logs/error.log?token=other`, title: 'error.log', snippet: 'PHP Warning' },
    ]);
    await importFile(app, admin, 'search-results', 'again.json', JSON.stringify(page));
    const again = await get('getDorkResult', admin, `/dork-results/${log?.id}`);
    expect(again.data).toMatchObject({ status: 'new', reopen_count: 1, seen_count: 2 });
  });

  it('refuses a run without a configured web search provider', async () => {
    const refused = await send(admin, 'POST', '/dork-runs');
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('SEARCH_API_URL');
    expect((await send(viewer, 'POST', '/dork-runs')).statusCode).toBe(403);
    await upload(admin, 'search-results', 'empty.json', '{"items": []}');
  });
});
