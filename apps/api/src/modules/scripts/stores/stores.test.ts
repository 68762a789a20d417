// Stores and their monitored pages through the API: administrators write, analysts and viewers
// read; hostile input (domains, URLs, intervals, steps) is refused with the field named; another
// company's administrator neither reads nor writes any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, validationOf } from '../../../testing/api.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { pendingScan } from '../scans/scan-queue.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let analyst: Tenant;
let viewer: Tenant;
let intruder: Tenant;

const store = {
  name: 'Acme online',
  platform: 'vtex',
  account_name: 'acme',
  domains: ['Shop.Acme-Store.TEST.', 'lojá.example'],
  checkout_url: 'https://shop.acme-store.test/checkout#cart',
};
const page = { url: 'https://shop.acme-store.test/checkout/payment', page_type: 'payment' };

const call = (who: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  who.browser.call(method, `/api${url}`, { token: who.token, ...(body === undefined ? {} : { body }) });
const errorsOf = (response: { body: string }) => validationOf(response).errors;

beforeAll(async () => {
  database = await openTestDatabase();
  // An API-only process: the first scans a new page queues stay queued (no browser in these tests).
  ({ app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
  admin = await newTenant(app, 'stores', { role: 'administrator' });
  analyst = await newTenant(app, 'stores', { join: admin, role: 'analyst' });
  viewer = await newTenant(app, 'stores', { join: admin, role: 'viewer' });
  intruder = await newTenant(app, 'storesother', { role: 'administrator' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('stores and pages', () => {
  let storeId = 0;
  let pageId = 0;

  it('lets an administrator add a store, with its domains and checkout URL in normal form', async () => {
    const created = await call(admin, 'POST', '/stores', store);
    expect(created.statusCode, created.body).toBe(201);
    const view = answerOf('createStore', created).data;
    storeId = view.id;
    expect(view).toMatchObject({
      name: 'Acme online',
      domains: ['shop.acme-store.test', 'xn--loj-gla.example'],
      checkout_url: 'https://shop.acme-store.test/checkout',
      pages: [],
      pci_6_4_3: 'unknown',
    });
    const again = await call(admin, 'POST', '/stores', store);
    expect(errorsOf(again)).toEqual({ name: ['A store of this name already exists.'] });
  });

  it('refuses analysts and viewers as writers, and lets them read', async () => {
    for (const who of [analyst, viewer]) {
      expect((await call(who, 'POST', '/stores', { ...store, name: 'Other' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/stores/${storeId}`, store)).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/stores/${storeId}`)).statusCode).toBe(403);
      expect((await call(who, 'POST', `/stores/${storeId}/pages`, page)).statusCode).toBe(403);
      const list = await call(who, 'GET', '/stores');
      expect(list.statusCode).toBe(200);
      expect(answerOf('listStores', list).data.map((s) => s.id)).toEqual([storeId]);
    }
  });

  it('refuses hostile store input with the field named', async () => {
    const refused = async (input: Record<string, unknown>, field: string) => {
      const response = await call(admin, 'POST', '/stores', { ...store, name: 'X', ...input });
      expect(response.statusCode, JSON.stringify(input)).toBe(422);
      expect(Object.keys(errorsOf(response)).join(), JSON.stringify(input)).toContain(field);
    };
    await refused({ name: 'Acme online' }, 'name');
    await refused({ name: '   ' }, 'name');
    await refused({ domains: ['not a host'] }, 'domains');
    await refused({ domains: ['127.0.0.1'] }, 'domains');
    await refused({ domains: ['localhost'] }, 'domains');
    await refused({ domains: [] }, 'domains');
    await refused({ domains: Array.from({ length: 21 }, (_, i) => `d${i}.example`) }, 'domains');
    await refused({ domains: [`${'a'.repeat(254)}.example`] }, 'domains');
    await refused({ checkout_url: 'javascript:alert(1)' }, 'checkout_url');
    await refused({ checkout_url: 'ftp://shop.acme-store.test/' }, 'checkout_url');
    await refused({ platform: 'oscommerce' }, 'platform');
    await refused({ name: 'nul\u0000byte' }, 'name');
  });

  it('adds a page on the store domains, its first scan queued at once', async () => {
    const created = await call(admin, 'POST', `/stores/${storeId}/pages`, {
      ...page,
      scan_interval_hours: 12,
      steps: [
        { action: 'click', selector: '#buy' },
        { action: 'fill', selector: '#card', value: '4111 1111 1111 1111' },
        { action: 'goto', url: 'https://shop.acme-store.test/checkout/#payment' },
        { action: 'wait', ms: 500 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const view = answerOf('createStorePage', created).data;
    pageId = view.id;
    expect(view).toMatchObject({ url: page.url, scan_interval_hours: 12, enabled: true, last_scan: null });
    expect(view.steps).toHaveLength(4);
    expect(view.next_scan_at).toBe(app.ctx.clock.now().toISOString());
    expect(view.pci_6_4_3).toMatchObject({ status: 'unknown', reasons: [{ code: 'never_scanned' }] });
    expect(await pendingScan(app.ctx.db, admin.companyId, pageId)).toMatchObject({ status: 'queued' });
    const sub = await call(admin, 'POST', `/stores/${storeId}/pages`, {
      ...page,
      url: 'http://m.shop.acme-store.test/',
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const stored = answerOf('getStore', await call(viewer, 'GET', `/stores/${storeId}`)).data;
    expect(stored.pages.map((p) => p.url)).toEqual(['http://m.shop.acme-store.test/', page.url]);
  });

  it('refuses hostile page input with the field named', async () => {
    const refused = async (input: Record<string, unknown>, field: string) => {
      const response = await call(admin, 'POST', `/stores/${storeId}/pages`, { ...page, ...input });
      expect(response.statusCode, JSON.stringify(input)).toBe(422);
      expect(Object.keys(errorsOf(response)).join(), JSON.stringify(input)).toContain(field);
    };
    await refused({}, 'url');
    await refused({ url: 'https://evil.example/checkout' }, 'url');
    await refused({ url: 'https://shop.acme-store.test.evil.example/' }, 'url');
    await refused({ url: 'https://127.0.0.1/' }, 'url');
    await refused({ url: 'file:///etc/passwd' }, 'url');
    await refused({ url: 'https://user:pw@shop.acme-store.test/' }, 'url');
    await refused({ url: `https://shop.acme-store.test/${'a'.repeat(2100)}` }, 'url');
    await refused({ scan_interval_hours: 0 }, 'scan_interval_hours');
    await refused({ scan_interval_hours: 169 }, 'scan_interval_hours');
    await refused({ scan_interval_hours: 2 ** 31 }, 'scan_interval_hours');
    await refused({ page_type: 'blog' }, 'page_type');
    await refused({ steps: Array.from({ length: 21 }, () => ({ action: 'wait', ms: 1 })) }, 'steps');
    await refused({ steps: [{ action: 'eval', script: 'alert(1)' }] }, 'steps');
    await refused({ steps: [{ action: 'wait', ms: 60_000 }] }, 'steps');
    await refused({ steps: [{ action: 'click', selector: 'x'.repeat(501) }] }, 'steps');
    await refused({ steps: [{ action: 'goto', url: 'javascript:alert(1)' }] }, 'steps');
    expect((await call(admin, 'POST', '/stores/2147483648/pages', page)).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/stores/999999/pages', page)).statusCode).toBe(404);
  });

  it('changes a page and reschedules it, and keeps store domains that still hold pages', async () => {
    const put = await call(admin, 'PUT', `/store-pages/${pageId}`, {
      ...page,
      scan_interval_hours: 168,
      enabled: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(answerOf('updateStorePage', put).data).toMatchObject({
      scan_interval_hours: 168,
      enabled: false,
      steps: [],
    });
    const clash = await call(admin, 'PUT', `/store-pages/${pageId}`, {
      ...page,
      url: 'http://m.shop.acme-store.test/',
    });
    expect(errorsOf(clash)).toEqual({ url: ['The store already monitors this URL.'] });
    const narrowed = await call(admin, 'PUT', `/stores/${storeId}`, { ...store, domains: ['lojá.example'] });
    expect(narrowed.statusCode).toBe(422);
    expect(Object.keys(errorsOf(narrowed))).toEqual(['domains']);
    const renamed = await call(admin, 'PUT', `/stores/${storeId}`, { ...store, name: 'Acme shop', checkout_url: null });
    expect(answerOf('updateStore', renamed).data).toMatchObject({ name: 'Acme shop', checkout_url: null });
  });

  it("keeps another company's administrator out of every store and page call", async () => {
    const other = await call(intruder, 'POST', '/stores', { ...store, name: 'Acme shop' });
    expect(other.statusCode, 'names are unique per company only').toBe(201);
    const otherId = answerOf('createStore', other).data.id;
    for (const [method, url, body] of [
      ['GET', `/stores/${storeId}`],
      ['PUT', `/stores/${storeId}`, store],
      ['DELETE', `/stores/${storeId}`],
      ['POST', `/stores/${storeId}/pages`, page],
      ['GET', `/store-pages/${pageId}`],
      ['PUT', `/store-pages/${pageId}`, page],
      ['DELETE', `/store-pages/${pageId}`],
      ['GET', `/store-pages/${pageId}/evidence/csv`],
      ['GET', `/store-pages/${pageId}/evidence/pdf`],
      ['GET', `/ecommerce/compliance?store_id=${storeId}`],
      ['GET', `/ecommerce/detections?store_id=${storeId}`],
    ] as const) {
      const response = await call(intruder, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(answerOf('listStores', await call(intruder, 'GET', '/stores')).data.map((s) => s.id)).toEqual([otherId]);
    const compliance = answerOf('getEcommerceCompliance', await call(intruder, 'GET', '/ecommerce/compliance'));
    expect(compliance.data.stores.map((s) => s.id)).toEqual([otherId]);
    const mine = answerOf('getStore', await call(admin, 'GET', `/stores/${storeId}`)).data;
    expect(mine).toMatchObject({ name: 'Acme shop', domains: ['shop.acme-store.test', 'xn--loj-gla.example'] });
    expect(mine.pages).toHaveLength(2);
  });

  it('removes a page, then the store with its pages', async () => {
    expect((await call(admin, 'DELETE', `/store-pages/${pageId}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/store-pages/${pageId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/stores/${storeId}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/stores/${storeId}`)).statusCode).toBe(404);
    const left = await app.ctx.db
      .selectFrom('store_pages')
      .select('id')
      .where('company_id', '=', admin.companyId)
      .execute();
    expect(left).toEqual([]);
  });
});
