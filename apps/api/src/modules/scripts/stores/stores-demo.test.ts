// The demo's online store end to end: the demo setup gives the demo company that runs a shop a VTEX
// store whose pages are the locally served demo store, and queues their scans; the scans, in real
// Chromium against the local server, fill the Script Manager's inventory with the payment page's
// skimmer caught reading the card and sending it away (the store's only script findings are on it),
// and the E-commerce view assesses every page. The scanner reaches only the test store's mapped
// hosts on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../../testing/api.js';
import { newTenant, settleJobs, type Tenant } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { startTestStore, type TestStore, testStoreAppConfig } from '../../../testing/test-store.js';
import { storesDemoSetup } from './stores.demo.js';

let database: TestDatabase;
let app: VigilApp;
let store: TestStore;
let shop: Tenant;
let bank: Tenant;

beforeAll(async () => {
  store = await startTestStore();
  database = await openTestDatabase();
  ({ app } = await testApp(database, { config: testStoreAppConfig(store) }));
  shop = await newTenant(app, 'demoshop', { role: 'administrator' });
  bank = await newTenant(app, 'demobank', { role: 'administrator' });
  const now = app.ctx.clock.now();
  await app.ctx.db.transaction().execute(async (trx) => {
    await storesDemoSetup(trx, shop.companyId, { domain: shop.domain, hosts: [`shop.${shop.domain}`], watch: [] }, now);
    await storesDemoSetup(trx, bank.companyId, { domain: bank.domain, hosts: [`www.${bank.domain}`], watch: [] }, now);
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await store?.close();
});

describe('the demo online store', () => {
  it('is set up for the company with a shop only, its scans queued', async () => {
    const stores = answerOf('listStores', await shop.browser.get('/api/stores', { token: shop.token })).data;
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ name: 'Acme Retail online store', platform: 'vtex', is_demo: true });
    expect(stores[0]?.pages.map((p) => p.page_type).sort()).toEqual(['checkout', 'payment', 'product']);
    const jobs = await app.ctx.db
      .selectFrom('jobs')
      .select(['kind', 'is_demo'])
      .where('company_id', '=', shop.companyId)
      .execute();
    expect(jobs).toEqual(Array.from({ length: 3 }, () => ({ kind: 'scripts.scan', is_demo: true })));
    const none = answerOf('listStores', await bank.browser.get('/api/stores', { token: bank.token })).data;
    expect(none).toEqual([]);
  });

  it('shows the skimmer on the payment page once scanned, and every page assessed', async () => {
    await settleJobs(app);
    const [demo] = answerOf('listStores', await shop.browser.get('/api/stores', { token: shop.token })).data;
    for (const page of demo?.pages ?? []) {
      expect(page.last_scan?.status, page.url).toBe('done');
      // Every script is new and pending authorisation: 6.4.3 fails until someone authorises them.
      expect(page.pci_6_4_3.status, page.url).toBe('fail');
    }
    const payment = demo?.pages.find((p) => p.page_type === 'payment');
    const cardReaders = await app.ctx.db
      .selectFrom('page_scripts')
      .select(['id', 'url', 'authorisation'])
      .where('page_id', '=', payment?.id ?? 0)
      .where('party', '!=', 'first')
      .where(({ eb, fn }) =>
        eb(fn<string>('array_to_string', ['behaviours', eb.val(',')]), 'like', '%reads_card_fields%'),
      )
      .execute();
    expect(cardReaders).toEqual([
      { id: expect.any(Number), url: 'http://cdn.jquery-static.test/jquery-3.7.1.min.js', authorisation: 'pending' },
    ]);
    const destinations = await app.ctx.db
      .selectFrom('script_destinations')
      .select('host')
      .where('page_script_id', '=', cardReaders[0]?.id ?? 0)
      .execute();
    expect(destinations.map((d) => d.host)).toContain('collect.evil.test');
    // One detected skimmer: the store's script findings are all on it, at least one critical.
    const found = await app.ctx.db
      .selectFrom('script_findings as sf')
      .innerJoin('findings as f', 'f.id', 'sf.finding_id')
      .select(['sf.page_script_id', 'f.severity'])
      .where('sf.company_id', '=', shop.companyId)
      .execute();
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((f) => f.page_script_id))).toEqual(new Set([cardReaders[0]?.id]));
    expect(found.map((f) => f.severity)).toContain('critical');
    expect(store.collected.length, 'the skimmer really sent the test card to the local collector').toBeGreaterThan(0);
  }, 240_000);
});
