// The asset inventory's routes: filters, sort and paging of the list, "new since last scan", the
// CSV export, one asset with its relations, findings, history and latest probe results, a manual
// add, and tag and owner changes kept in the history with their author.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let a: Tenant;

async function list(query = '') {
  const response = await a.browser.get(`/api/assets?${query}`, { token: a.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listAssets', response);
}
const values = async (query = '') => (await list(query)).data.map((r) => r.value);
const idOf = async (value: string) => {
  const row = (await list(`q=${encodeURIComponent(value)}`)).data.find((r) => r.value === value);
  if (!row) throw new Error(value);
  return row.id;
};

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, clock } = await testApp(database));
  a = await newTenant(app, 'assetroutes', { role: 'administrator' });
  const hosts = [
    'shop.example',
    'www.shop.example',
    'api.shop.example',
    '198.51.100.1',
    'https://www.shop.example/login',
  ];
  await importFile(app, a, 'hosts', 'h.txt', hosts.join('\n'));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the asset list', () => {
  it('filters by type, source, search, tag and status, sorts and pages', async () => {
    expect(await values('type=subdomain&sort=value')).toEqual(['api.shop.example', 'www.shop.example']);
    expect(await values('type=ip&type=url&sort=-value')).toEqual(['https://www.shop.example/login', '198.51.100.1']);
    expect(await values('source=hosts&q=API')).toEqual(['api.shop.example']);
    expect(await values('source=nmap')).toEqual([]);
    const page = await list('page_size=2&page=2&sort=value');
    expect(page.data.map((r) => r.value)).toEqual(['https://www.shop.example/login', 'shop.example']);
    expect(page.meta).toMatchObject({ total: 5, has_more: true });
    const invalid = await a.browser.get('/api/assets?type=printer', { token: a.token });
    expect(invalid.statusCode).toBe(422);
  });

  it('lists as new since the last scan only what appeared after the inventory’s latest probe run started', async () => {
    expect((await values('new_since_last_scan=true')).length).toBe(5);
    clock.advance(60_000);
    const started = clock.now();
    await app.ctx.db
      .insertInto('probe_runs')
      .values({ company_id: a.companyId, supplier_id: null, job_id: null, status: 'done', started_at: started })
      .execute();
    expect(await values('new_since_last_scan=true')).toEqual([]);
    clock.advance(60_000);
    await importFile(app, a, 'hosts', 'new.txt', 'mail.shop.example\n');
    expect(await values('new_since_last_scan=true')).toEqual(['mail.shop.example']);
    expect(await values('new_since_last_scan=false&type=subdomain&sort=value')).toEqual([
      'api.shop.example',
      'www.shop.example',
    ]);
  });

  it('exports the filtered assets as CSV', async () => {
    const response = await a.browser.get('/api/assets/export?type=subdomain', { token: a.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,type,value,supplier,sources,tags,owner,first_seen_at,last_seen_at,gone_at,open_findings');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[2])
        .sort(),
    ).toEqual(['api.shop.example', 'mail.shop.example', 'www.shop.example']);
  });
});

describe('one asset', () => {
  it('shows its relations both ways, findings, history and latest probe results', async () => {
    const www = await idOf('www.shop.example');
    const now = new Date();
    const finding = await app.ctx.db
      .insertInto('findings')
      .values({
        company_id: a.companyId,
        module: 'assets',
        fingerprint: 'http:www.shop.example|hsts',
        title: 'Missing HSTS on www.shop.example',
        severity: 'medium',
        first_seen_at: now,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('asset_findings')
      .values({ finding_id: finding.id, company_id: a.companyId, asset_id: www, supplier_id: null, probe: 'http' })
      .execute();
    const run = await app.ctx.db
      .insertInto('probe_runs')
      .values({ company_id: a.companyId, supplier_id: null, job_id: null, status: 'done', started_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('probe_observations')
      .values({
        company_id: a.companyId,
        asset_id: www,
        probe: 'http',
        run_id: run.id,
        digest: 'x',
        result: JSON.stringify({ status: 200, hsts: false }),
        observed_at: now,
      })
      .execute();
    const response = await a.browser.get(`/api/assets/${www}`, { token: a.token });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = answerOf('getAsset', response);
    expect(data.relations.map((r) => `${r.direction} ${r.kind} ${r.asset.value}`)).toEqual([
      'out hosts_url https://www.shop.example/login',
      'out subdomain_of shop.example',
    ]);
    expect(data.open_findings).toBe(1);
    expect(data.findings).toEqual([expect.objectContaining({ id: finding.id, probe: 'http' })]);
    expect(data.history).toEqual([expect.objectContaining({ change: 'discovered', source: 'hosts' })]);
    expect(data.observations).toEqual([
      expect.objectContaining({ probe: 'http', result: { status: 200, hsts: false } }),
    ]);
    expect((await a.browser.get('/api/assets/2147483647', { token: a.token })).statusCode).toBe(404);
  });

  it('keeps tag and owner changes in its history with the member who made them', async () => {
    const id = await idOf('api.shop.example');
    const patch = (body: unknown) => a.browser.call('PATCH', `/api/assets/${id}`, { token: a.token, body });
    const first = await patch({ tags: ['pci', 'public', 'pci'], owner: ' Web Team ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(answerOf('updateAsset', first).data).toMatchObject({ tags: ['pci', 'public'], owner: 'Web Team' });
    expect((await patch({ owner: null })).statusCode).toBe(200);
    expect((await patch({ tags: ['bad tag!'] })).statusCode).toBe(422);
    expect((await patch({})).statusCode).toBe(422);
    const detail = answerOf('getAsset', await a.browser.get(`/api/assets/${id}`, { token: a.token })).data;
    expect(detail.history.map((h) => [h.change, h.from_value, h.to_value, h.actor?.id])).toEqual([
      ['owner', 'Web Team', null, a.userId],
      ['owner', null, 'Web Team', a.userId],
      ['tagged', '', 'pci, public', a.userId],
      ['discovered', null, null, undefined],
    ]);
    expect(await values('tag=pci')).toEqual(['api.shop.example']);
  });
});

describe('a manual add', () => {
  it('adds an asset with its parent, or gives an existing one the source manual', async () => {
    const added = await a.browser.post(
      '/api/assets',
      { type: 'subdomain', value: 'VPN.Shop.Example', tags: ['remote'], owner: 'IT' },
      { token: a.token },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(answerOf('createAsset', added).data).toMatchObject({
      type: 'subdomain',
      value: 'vpn.shop.example',
      sources: ['manual'],
      tags: ['remote'],
      owner: 'IT',
    });
    const again = await a.browser.post('/api/assets', { type: 'ip', value: '198.51.100.1' }, { token: a.token });
    expect(answerOf('createAsset', again).data.sources).toEqual(['hosts', 'manual']);
    const bad = await a.browser.post('/api/assets', { type: 'ip', value: 'not-an-ip' }, { token: a.token });
    expect(bad.statusCode).toBe(422);
    expect(json(bad)).toMatchObject({ errors: { value: ['"not-an-ip" is not an IP address.'] } });
  });

  it('refuses a supplier of another company', async () => {
    const other = await newTenant(app, 'assetroutesother');
    const supplier = await other.browser.post(
      '/api/suppliers',
      { name: 'Theirs', tier: 'low' },
      { token: other.token },
    );
    const id = answerOf('createSupplier', supplier).data.id;
    const response = await a.browser.post(
      '/api/assets',
      { type: 'domain', value: 'planted.example', supplier_id: id },
      { token: a.token },
    );
    expect(response.statusCode).toBe(422);
    const theirs = await other.browser.get(`/api/assets?supplier_id=${id}`, { token: other.token });
    expect(answerOf('listAssets', theirs).data).toEqual([]);
  });
});
