// The store blacklist's check against local servers only: a store server on 127.0.0.1 that the
// scanner's host map sends the blacklisted names to, and the providers' replay server for RDAP.
// Registrar, host and address are read and kept in the history; a confirmed store whose server
// stops goes offline (and a takedown-requested one that never answered), a suspected one keeps its
// status; an offline store answering again is confirmed again, each by the system with an event;
// the platform's run queues one check per company with entries due.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../config/env.js';
import type { ManualClock } from '../../../shared/clock.js';
import { newTenant, queueTask, type Tenant } from '../../../testing/monitoring.js';
import { waitForJob } from '../../../testing/probes.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { CHECK_EVERY_MS, OFFLINE_CHECK_EVERY_MS } from './store-blacklist.check.js';
import { queueBlacklistCheck, RECHECK_JOB } from './store-blacklist.queue.js';
import { addToStoreBlacklist } from './store-blacklist.service.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let replay: ProviderReplay;
let store: Server;
let who: Tenant;
const hostMap: Record<string, string> = {};

function startStore(status = 200): Promise<Server> {
  const server = createServer((_req, res) =>
    res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>Acme</h1>'),
  );
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const registrarOf = (name: string) => ({
  objectClassName: 'domain',
  ldhName: name,
  status: ['client transfer prohibited'],
  events: [{ eventAction: 'registration', eventDate: '2026-10-30T08:12:00Z' }],
  entities: [
    {
      objectClassName: 'entity',
      roles: ['registrar'],
      vcardArray: [
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'Quickname Registrar, Inc.'],
        ],
      ],
    },
  ],
});

beforeAll(async () => {
  replay = await startProviderReplay({ fixtures: false });
  replay.add({
    rdap: {
      domains: { 'clone-shop.test': registrarOf('clone-shop.test') },
      ips: { '127.0.0.1': { objectClassName: 'ip network', name: 'HARBOUR-HOSTING-NET', country: 'NL' } },
    },
  });
  store = await startStore();
  hostMap['clone-shop.test'] = `127.0.0.1:${portOf(store)}`;
  const closed = await startStore();
  hostMap['gone-shop.test'] = `127.0.0.1:${portOf(closed)}`;
  await stop(closed);
  const base = providerTestConfig(replay, { VIGIL_ROLE: 'api' });
  const config: AppConfig = { ...base, scan: { ...base.scan, hostMap, mappedOnly: true, timeoutMs: 2000 } };
  database = await openTestDatabase();
  ({ app, clock } = await testApp(database, { config }));
  who = await newTenant(app, 'storeblcheck');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await replay?.close();
  if (store?.listening) await stop(store);
});

const entries = async () => {
  const rows = await app.ctx.db
    .selectFrom('store_blacklist')
    .selectAll()
    .where('company_id', '=', who.companyId)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.domain, r]));
};
const historyOf = (entryId: number) =>
  app.ctx.db
    .selectFrom('store_blacklist_changes')
    .select(['field', 'from_value', 'to_value', 'actor_user_id'])
    .where('entry_id', '=', entryId)
    .orderBy('id')
    .execute();
const runCheck = async (companyId = who.companyId) => {
  await app.ctx.db.transaction().execute((trx) => queueBlacklistCheck(trx, companyId, clock.now()));
  const job = await app.ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', RECHECK_JOB)
    .where('company_id', '=', companyId)
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  expect(await waitForJob(app, job.id)).toBe('succeeded');
};

describe('the store blacklist check', () => {
  it('reads registrar, host and address, and marks a store that does not answer offline', async () => {
    await app.ctx.db.transaction().execute(async (trx) => {
      const add = (domain: string, status: 'suspected' | 'confirmed') =>
        addToStoreBlacklist(trx, { companyId: who.companyId, domain, status, actorUserId: null, now: clock.now() });
      await add('clone-shop.test', 'confirmed');
      const gone = await add('gone-shop.test', 'confirmed');
      await trx
        .updateTable('store_blacklist')
        .set({ status: 'takedown_requested' })
        .where('id', '=', gone.id)
        .execute();
      await add('parked-shop.test', 'suspected');
    });
    await runCheck();
    const after = await entries();
    expect(after.get('clone-shop.test')).toMatchObject({
      status: 'confirmed',
      registrar: 'Quickname Registrar, Inc.',
      host: 'HARBOUR-HOSTING-NET',
      address: '127.0.0.1',
      last_online_at: clock.now(),
      next_check_at: new Date(clock.now().getTime() + CHECK_EVERY_MS),
    });
    expect(after.get('gone-shop.test')).toMatchObject({
      status: 'offline',
      offline_since: clock.now(),
      last_online_at: null,
    });
    expect(after.get('gone-shop.test')?.next_check_at).toEqual(
      new Date(clock.now().getTime() + OFFLINE_CHECK_EVERY_MS),
    );
    // Not in the host map: it does not resolve, but a suspected entry waits for a member's decision.
    expect(after.get('parked-shop.test')).toMatchObject({ status: 'suspected', last_checked_at: clock.now() });
    const clone = after.get('clone-shop.test')?.id ?? 0;
    expect((await historyOf(clone)).map((h) => [h.field, h.to_value, h.actor_user_id])).toEqual([
      ['status', 'confirmed', null],
      ['registrar', 'Quickname Registrar, Inc.', null],
      ['host', 'HARBOUR-HOSTING-NET', null],
      ['address', '127.0.0.1', null],
    ]);
    // Every request went to the local replay server, the RDAP paths in their real shape.
    expect(replay.served.map((s) => `${s.provider} ${s.path}`)).toEqual(
      expect.arrayContaining(['rdap /domain/clone-shop.test', 'rdap /ip/127.0.0.1']),
    );
  });

  it('marks a confirmed store offline once its server stops, and confirmed again when it answers', async () => {
    const clone = (await entries()).get('clone-shop.test');
    await stop(store);
    clock.advance(CHECK_EVERY_MS);
    await runCheck();
    expect((await entries()).get('clone-shop.test')).toMatchObject({ status: 'offline', offline_since: clock.now() });

    store = await startStore();
    hostMap['clone-shop.test'] = `127.0.0.1:${portOf(store)}`;
    clock.advance(CHECK_EVERY_MS);
    await runCheck();
    // Offline entries are due a day later, not six hours.
    expect((await entries()).get('clone-shop.test')?.status).toBe('offline');
    clock.advance(OFFLINE_CHECK_EVERY_MS);
    await runCheck();
    expect((await entries()).get('clone-shop.test')).toMatchObject({ status: 'confirmed', offline_since: null });
    const moves = (await historyOf(clone?.id ?? 0)).filter((h) => h.field === 'status').map((h) => h.to_value);
    expect(moves).toEqual(['confirmed', 'offline', 'confirmed']);
    const events = await app.ctx.db
      .selectFrom('events')
      .select(['title', 'actor_user_id'])
      .where('company_id', '=', who.companyId)
      .where('kind', '=', 'store_blacklist.changed')
      .where('title', 'like', 'clone-shop.test:%')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { title: 'clone-shop.test: confirmed → offline (store blacklist)', actor_user_id: null },
      { title: 'clone-shop.test: offline → confirmed (store blacklist)', actor_user_id: null },
    ]);
  });

  it('queues one check per company with entries due from the platform schedule', async () => {
    const second = await newTenant(app, 'storeblcheck2');
    const idle = await newTenant(app, 'storeblcheck3');
    await app.ctx.db.transaction().execute((trx) =>
      addToStoreBlacklist(trx, {
        companyId: second.companyId,
        domain: 'gone-shop.test',
        actorUserId: null,
        now: clock.now(),
      }),
    );
    await app.ctx.db.deleteFrom('jobs').where('kind', '=', RECHECK_JOB).where('status', '=', 'queued').execute();
    clock.advance(OFFLINE_CHECK_EVERY_MS);
    expect(await waitForJob(app, await queueTask(app, RECHECK_JOB))).toBe('succeeded');
    const companies = await app.ctx.db
      .selectFrom('jobs')
      .select('company_id')
      .where('kind', '=', RECHECK_JOB)
      .where('company_id', 'in', [who.companyId, second.companyId, idle.companyId])
      .where('created_at', '=', clock.now())
      .execute();
    expect(companies.map((c) => c.company_id).sort()).toEqual([who.companyId, second.companyId].sort());
  });
});
