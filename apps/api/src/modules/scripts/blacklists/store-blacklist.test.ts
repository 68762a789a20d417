// The store blacklist against the real server: a manual entry (domain normalised from a URL, its
// first history line, an event and its check queued), a second add of the domain refused, bad input
// named; the workflow's moves with their history and events, a jump refused naming `status`; the
// list's filters, search and sort, the CSV export, the detail with evidence; a viewer reads but
// never writes; another company's member neither sees nor changes any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, errorOf, validationOf } from '../../../testing/api.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { addToStoreBlacklist } from './store-blacklist.service.js';

let database: TestDatabase;
let app: VigilApp;
let analyst: Tenant;
let viewer: Tenant;
let other: Tenant;

const list = async (who: Tenant, query = '') => {
  const response = await who.browser.get(`/api/store-blacklist?${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listStoreBlacklist', response);
};
const detail = async (who: Tenant, id: number) => {
  const response = await who.browser.get(`/api/store-blacklist/${id}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('getStoreBlacklistEntry', response).data;
};
const call = (who: Tenant, method: 'POST' | 'PATCH', path: string, body?: unknown) =>
  who.browser.call(method, `/api${path}`, { token: who.token, ...(body === undefined ? {} : { body }) });
const move = (who: Tenant, id: number, body: Record<string, unknown>) =>
  call(who, 'PATCH', `/store-blacklist/${id}`, body);

beforeAll(async () => {
  database = await openTestDatabase();
  // API only: the checks the adds queue are run by the check's own test.
  ({ app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
  analyst = await newTenant(app, 'storebl', { role: 'analyst' });
  viewer = await newTenant(app, 'storebl', { join: analyst, role: 'viewer' });
  other = await newTenant(app, 'storeblother', { role: 'administrator' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the store blacklist', () => {
  let id: number;

  it('adds a domain by hand: normalised, its history begun, an event written, a check queued', async () => {
    const response = await call(analyst, 'POST', '/store-blacklist', {
      domain: 'HTTPS://Acme-Retai1-Store.example/promo',
      url: 'https://www.acme-retai1-store.example/checkout',
      notes: ' Copies our home page ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry = answerOf('createStoreBlacklistEntry', response).data;
    id = entry.id;
    expect(entry).toMatchObject({
      domain: 'acme-retai1-store.example',
      url: 'https://www.acme-retai1-store.example/checkout',
      status: 'suspected',
      next_statuses: ['confirmed'],
      notes: 'Copies our home page',
    });
    const history = (await detail(analyst, id)).history;
    expect(history).toEqual([expect.objectContaining({ field: 'status', from_value: null, to_value: 'suspected' })]);
    expect(history[0]?.actor_name).toMatch(/^Analyst /);
    const events = await app.ctx.db
      .selectFrom('events')
      .select(['kind', 'title', 'actor_user_id'])
      .where('company_id', '=', analyst.companyId)
      .where('kind', '=', 'store_blacklist.changed')
      .execute();
    expect(events).toEqual([expect.objectContaining({ title: expect.stringContaining('acme-retai1-store.example') })]);
    const jobs = await app.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('company_id', '=', analyst.companyId)
      .execute();
    expect(jobs).toEqual([{ kind: 'scripts.blacklist-recheck', status: 'queued' }]);
  });

  it('refuses the same domain twice, and names a bad domain or URL', async () => {
    const again = await call(analyst, 'POST', '/store-blacklist', { domain: 'acme-retai1-store.example.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This domain is already on the store blacklist.');
    const badDomain = await call(analyst, 'POST', '/store-blacklist', { domain: 'not a domain' });
    expect(badDomain.statusCode).toBe(422);
    expect(validationOf(badDomain).errors.domain).toEqual(['Enter a domain name, such as shop-example.com.']);
    const elsewhere = await call(analyst, 'POST', '/store-blacklist', {
      domain: 'clone.example',
      url: 'https://other.example/',
    });
    expect(validationOf(elsewhere).errors.url).toEqual(['The URL must be on the blacklisted domain.']);
    const scheme = await call(analyst, 'POST', '/store-blacklist', {
      domain: 'clone.example',
      url: 'ftp://clone.example/',
    });
    expect(validationOf(scheme).errors.url).toHaveLength(1);
  });

  it('moves along the workflow only, each move in the history and an event', async () => {
    const jump = await move(analyst, id, { status: 'offline' });
    expect(jump.statusCode).toBe(422);
    expect(validationOf(jump).errors.status).toEqual(['A suspected entry can only move to confirmed.']);
    expect((await move(analyst, id, { status: 'confirmed' })).statusCode).toBe(200);
    const requested = await move(analyst, id, { status: 'takedown_requested', takedown_reference: ' ABUSE-1142 ' });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(answerOf('updateStoreBlacklistEntry', requested).data).toMatchObject({
      status: 'takedown_requested',
      takedown_reference: 'ABUSE-1142',
      takedown_requested_at: expect.any(String),
      next_statuses: ['offline'],
    });
    const back = await move(analyst, id, { status: 'suspected' });
    expect(back.statusCode).toBe(422);
    const offline = answerOf('updateStoreBlacklistEntry', await move(analyst, id, { status: 'offline' })).data;
    expect(offline).toMatchObject({
      status: 'offline',
      offline_since: expect.any(String),
      next_statuses: ['confirmed'],
    });
    const history = (await detail(analyst, id)).history.map((h) => [h.field, h.from_value, h.to_value]);
    expect(history).toEqual([
      ['status', null, 'suspected'],
      ['status', 'suspected', 'confirmed'],
      ['status', 'confirmed', 'takedown_requested'],
      ['takedown_reference', null, 'ABUSE-1142'],
      ['status', 'takedown_requested', 'offline'],
    ]);
    const events = await app.ctx.db
      .selectFrom('events')
      .select('title')
      .where('company_id', '=', analyst.companyId)
      .where('kind', '=', 'store_blacklist.changed')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.title)).toEqual([
      expect.stringContaining('added'),
      'acme-retai1-store.example: suspected → confirmed (store blacklist)',
      'acme-retai1-store.example: confirmed → takedown requested (store blacklist)',
      'acme-retai1-store.example: takedown reference ABUSE-1142 (store blacklist)',
      'acme-retai1-store.example: takedown requested → offline (store blacklist)',
    ]);
    // Saving the same values again changes nothing and writes no history.
    await move(analyst, id, { takedown_reference: 'ABUSE-1142' });
    expect((await detail(analyst, id)).history).toHaveLength(5);
  });

  it('lists with filters, search and sort, and exports what the filters keep', async () => {
    const now = app.ctx.clock.now();
    await app.ctx.db.transaction().execute(async (trx) => {
      const added = await addToStoreBlacklist(trx, {
        companyId: analyst.companyId,
        domain: 'acmeretail-outlet.example',
        candidateId: null,
        evidence: { similarity: 0.91, fingerprints: ['vtexassets.com'] },
        status: 'confirmed',
        actorUserId: null,
        now,
      });
      await trx
        .updateTable('store_blacklist')
        .set({ registrar: 'Quickname Registrar, Inc.' })
        .where('id', '=', added.id)
        .execute();
    });
    expect((await list(analyst)).meta.total).toBe(2);
    expect((await list(analyst, 'status=confirmed')).data.map((e) => e.domain)).toEqual(['acmeretail-outlet.example']);
    expect((await list(analyst, 'status=offline&status=confirmed')).meta.total).toBe(2);
    expect((await list(analyst, 'q=OUTLET')).data.map((e) => e.domain)).toEqual(['acmeretail-outlet.example']);
    expect((await list(analyst, 'q=abuse-1142')).data.map((e) => e.domain)).toEqual(['acme-retai1-store.example']);
    const byRegistrar = await list(analyst, `registrar=${encodeURIComponent('Quickname Registrar, Inc.')}`);
    expect(byRegistrar.data).toHaveLength(1);
    expect(byRegistrar.registrars).toEqual(['Quickname Registrar, Inc.']);
    expect((await list(analyst, 'sort=domain')).data.map((e) => e.domain)).toEqual([
      'acme-retai1-store.example',
      'acmeretail-outlet.example',
    ]);
    expect((await list(analyst, 'sort=-status')).data[0]?.status).toBe('offline');
    const outlet = (await list(analyst, 'q=outlet')).data[0];
    expect((await detail(viewer, outlet?.id ?? 0)).evidence).toEqual({
      similarity: 0.91,
      fingerprints: ['vtexassets.com'],
    });

    const csv = await analyst.browser.get('/api/store-blacklist/export?status=offline', { token: analyst.token });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^domain,url,status,registrar,host/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('acme-retai1-store.example,https://www.acme-retai1-store.example/checkout,offline');
  });

  it('lets a viewer read but not write, and asks a check on demand', async () => {
    expect((await list(viewer)).meta.total).toBe(2);
    expect((await move(viewer, id, { notes: 'x' })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '/store-blacklist', { domain: 'viewer.example' })).statusCode).toBe(403);
    const check = await call(analyst, 'POST', `/store-blacklist/${id}/check`);
    expect(check.statusCode).toBe(202);
    const row = await app.ctx.db
      .selectFrom('store_blacklist')
      .select('next_check_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.next_check_at?.getTime()).toBeLessThanOrEqual(app.ctx.clock.now().getTime());
  });

  it('shows another company nothing of it, and lets it change nothing', async () => {
    expect((await list(other)).meta.total).toBe(0);
    expect((await other.browser.get(`/api/store-blacklist/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await move(other, id, { notes: 'mine now' })).statusCode).toBe(404);
    expect((await call(other, 'POST', `/store-blacklist/${id}/check`)).statusCode).toBe(404);
    const csv = await other.browser.get('/api/store-blacklist/export', { token: other.token });
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    // The same domain is the other company's own entry.
    const own = await call(other, 'POST', '/store-blacklist', { domain: 'acme-retai1-store.example' });
    expect(own.statusCode).toBe(201);
    expect((await detail(analyst, id)).notes).toBe('Copies our home page');
  });
});
