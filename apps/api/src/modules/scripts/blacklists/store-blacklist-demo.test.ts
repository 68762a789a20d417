// The demo's store blacklist through the real paths: the demo setup adds the shop company's four
// lookalike domains through the service at their points of the workflow (a company without a shop
// gets none), and the check it queues, against the replay server's recorded RDAP answers and a local
// server for the live lookalikes, fills registrar and host and takes the one that no longer resolves
// offline; the list then shows them all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../config/env.js';
import { answerOf } from '../../../testing/api.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { waitForJob } from '../../../testing/probes.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { storeBlacklistDemoSetup } from './store-blacklist.demo.js';
import { RECHECK_JOB } from './store-blacklist.queue.js';

let database: TestDatabase;
let app: VigilApp;
let replay: ProviderReplay;
let server: Server;
let shop: Tenant;
let bank: Tenant;

beforeAll(async () => {
  replay = await startProviderReplay();
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Acme</h1>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const live = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = providerTestConfig(replay, { VIGIL_ROLE: 'api' });
  const hostMap = { 'www.acme-retai1-store.test': live, 'acmeretail-store.test': live };
  const config: AppConfig = { ...base, scan: { ...base.scan, hostMap, mappedOnly: true, timeoutMs: 2000 } };
  database = await openTestDatabase();
  ({ app } = await testApp(database, { config }));
  shop = await newTenant(app, 'demoblshop');
  bank = await newTenant(app, 'demoblbank');
  const now = app.ctx.clock.now();
  await app.ctx.db.transaction().execute(async (trx) => {
    await storeBlacklistDemoSetup(
      trx,
      shop.companyId,
      { domain: shop.domain, hosts: [`shop.${shop.domain}`], watch: [] },
      now,
    );
    await storeBlacklistDemoSetup(
      trx,
      bank.companyId,
      { domain: bank.domain, hosts: [`www.${bank.domain}`], watch: [] },
      now,
    );
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await replay?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('the demo store blacklist', () => {
  it('is written through the service and checked against the local providers', async () => {
    const job = await app.ctx.db
      .selectFrom('jobs')
      .select(['id', 'is_demo'])
      .where('kind', '=', RECHECK_JOB)
      .where('company_id', '=', shop.companyId)
      .executeTakeFirstOrThrow();
    expect(job.is_demo).toBe(true);
    expect(await waitForJob(app, job.id)).toBe('succeeded');
    const response = await shop.browser.get('/api/store-blacklist?sort=domain&is_demo=true', { token: shop.token });
    const entries = answerOf('listStoreBlacklist', response).data;
    expect(entries.map((e) => [e.domain, e.status, e.registrar])).toEqual([
      ['acme-retai1-store.test', 'takedown_requested', 'Quickname Registrar, Inc.'],
      ['acme-retail-outlet.test', 'offline', 'Harbour Domains Ltd.'],
      ['acme-retail-sale.test', 'offline', 'Harbour Domains Ltd.'],
      ['acmeretail-store.test', 'suspected', 'Quickname Registrar, Inc.'],
    ]);
    expect(entries[0]).toMatchObject({ host: 'BULLETPROOF-HOSTING-DEMO', takedown_reference: 'QN-ABUSE-20418' });
    // The confirmed one that no longer resolves was taken offline by the check, not by a member.
    const sale = await app.ctx.db
      .selectFrom('store_blacklist_changes as h')
      .innerJoin('store_blacklist as b', 'b.id', 'h.entry_id')
      .select(['h.from_value', 'h.to_value', 'h.actor_user_id'])
      .where('b.domain', '=', 'acme-retail-sale.test')
      .where('b.company_id', '=', shop.companyId)
      .where('h.field', '=', 'status')
      .orderBy('h.id')
      .execute();
    expect(sale.map((h) => h.to_value)).toEqual(['suspected', 'confirmed', 'offline']);
    const other = await bank.browser.get('/api/store-blacklist', { token: bank.token });
    expect(answerOf('listStoreBlacklist', other).data).toEqual([]);
  });
});
