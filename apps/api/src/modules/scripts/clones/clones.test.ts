// The store dork search against the real server, a real Chromium and local servers only: the demo
// store with its lookalikes (dev/test-store: a clone on a homoglyph domain, a parked page) and the
// providers' replay server answering the VTEX-fingerprint searches. A run finds the clone through
// both its permutation and a search, captures it (screenshot, content hash, similarity) and makes it
// a finding; the parked page stays a candidate; the list, export, detail, screenshot, run-now and
// the promotion to the store blacklist work within the session's company only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../../demo/demo-store.js';
import { CLONE_DOMAIN, PARKED_DOMAIN } from '../../../dev/test-store/clone-store.js';
import { answerOf } from '../../../testing/api.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { waitForJob } from '../../../testing/probes.js';
import { type ProviderReplay, providerTestConfig, startProviderReplay } from '../../../testing/providers.js';
import { seedStorePage } from '../../../testing/scripts.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { startTestStore, type TestStore, testStoreScanConfig } from '../../../testing/test-store.js';
import { closeScanners } from '../scanner/scanner.js';

let database: TestDatabase;
let app: VigilApp;
let store: TestStore;
let replay: ProviderReplay;
let analyst: Tenant;
let viewer: Tenant;
let other: Tenant;
const connections = recordConnections();

const get = (who: Tenant, path: string) => who.browser.get(`/api${path}`, { token: who.token });
const post = (who: Tenant, path: string) => who.browser.call('POST', `/api${path}`, { token: who.token, body: {} });
const list = async (who: Tenant, query = '') => {
  const response = await get(who, `/store-clones?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listStoreClones', response).data;
};
const byDomain = async (who: Tenant, domain: string) => (await list(who)).find((c) => c.domain === domain);

async function runNow(who: Tenant) {
  const queued = await post(who, '/store-clones/runs');
  expect(queued.statusCode, queued.body).toBe(202);
  const { data } = answerOf('startStoreCloneRun', queued);
  expect(await waitForJob(app, data.job_id ?? 0)).toBe('succeeded');
  return app.ctx.db.selectFrom('provider_runs').selectAll().where('id', '=', data.run_id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  store = await startTestStore();
  replay = await startProviderReplay();
  database = await openTestDatabase();
  ({ app } = await testApp(database, { config: { ...providerTestConfig(replay), scan: testStoreScanConfig(store) } }));
  analyst = await newTenant(app, 'clones', { role: 'analyst' });
  viewer = await newTenant(app, 'clones', { join: analyst, role: 'viewer' });
  other = await newTenant(app, 'clonesother', { role: 'administrator' });
  const { storeId } = await seedStorePage(app, analyst.companyId, {
    url: demoStore.pages[0]?.url ?? '',
    domains: demoStore.domains,
    name: demoStore.name,
  });
  await app.ctx.db
    .updateTable('stores')
    .set({ account_name: demoStore.accountName })
    .where('id', '=', storeId)
    .execute();
}, 60_000);
afterAll(async () => {
  connections.stop();
  await closeScanners();
  await app?.close();
  await database?.close();
  await replay?.close();
  await store?.close();
});

describe('a store dork search', () => {
  it('finds the clone by permutation and by search, captures it and makes it a finding', async () => {
    const run = await runNow(analyst);
    // One domain's permutations, then two brand terms × four VTEX fingerprints.
    expect(run).toMatchObject({ status: 'done', queries_total: 9, queries_done: 9, module: 'scripts' });
    const clone = await byDomain(analyst, CLONE_DOMAIN);
    expect(clone).toMatchObject({
      sources: ['permutation', 'search'],
      permutation: 'homoglyph',
      matched_terms: ['acmeretail', 'vteximg'],
      fingerprints: ['vteximg', '/arquivos/'],
      store: { name: demoStore.name },
      finding: { severity: 'high', status: 'new' },
      blacklist_entry_id: null,
    });
    expect(clone?.similarity).toBeGreaterThan(0.85);
    expect(clone?.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(clone?.last_capture).toMatchObject({ status: 'online', has_screenshot: true });
    expect(clone?.last_capture?.title).toContain('Acme Retail');
    const finding = await app.ctx.db
      .selectFrom('findings')
      .select(['fingerprint', 'module'])
      .where('id', '=', clone?.finding?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(finding).toEqual({ fingerprint: `clone:${CLONE_DOMAIN}`, module: 'scripts' });
  }, 120_000);

  it('keeps a parked lookalike as a candidate, and no domain that does not resolve', async () => {
    const parked = await byDomain(analyst, PARKED_DOMAIN);
    expect(parked).toMatchObject({ permutation: 'omission', finding: null, sources: ['permutation'] });
    expect(parked?.similarity).toBeLessThan(0.4);
    const domains = (await list(analyst)).map((c) => c.domain);
    expect(domains.sort()).toEqual([CLONE_DOMAIN, PARKED_DOMAIN].sort());
    // The search's own store, the platform's help page and a name that does not resolve are left out.
    expect(replay.served.filter((r) => r.provider === 'web-search')).toHaveLength(8);
  });

  it('filters, sorts and exports', async () => {
    expect((await list(analyst, 'findings_only=true')).map((c) => c.domain)).toEqual([CLONE_DOMAIN]);
    expect((await list(analyst, 'source=search')).map((c) => c.domain)).toEqual([CLONE_DOMAIN]);
    expect((await list(analyst, 'min_similarity=0.5')).map((c) => c.domain)).toEqual([CLONE_DOMAIN]);
    expect((await list(analyst, 'severity=high&status=new')).map((c) => c.domain)).toEqual([CLONE_DOMAIN]);
    const clone = await byDomain(analyst, CLONE_DOMAIN);
    expect((await list(analyst, `finding_id=${clone?.finding?.id}`)).map((c) => c.domain)).toEqual([CLONE_DOMAIN]);
    expect((await list(analyst, 'q=acmeretail-')).map((c) => c.domain)).toEqual([PARKED_DOMAIN]);
    expect((await list(analyst, 'sort=similarity')).map((c) => c.domain)).toEqual([PARKED_DOMAIN, CLONE_DOMAIN]);
    const byName = (await list(analyst, 'sort=domain')).map((c) => c.domain);
    expect((await list(analyst, 'sort=-domain')).map((c) => c.domain)).toEqual([...byName].reverse());
    const csv = await get(viewer, '/store-clones/export?findings_only=true');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(CLONE_DOMAIN);
    expect(csv.body).not.toContain(PARKED_DOMAIN);
  });

  it('opens a candidate with its captures and serves the screenshot as PNG', async () => {
    const clone = await byDomain(viewer, CLONE_DOMAIN);
    const detail = await get(viewer, `/store-clones/${clone?.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { data } = answerOf('getStoreClone', detail);
    expect(data.reference_url).toBe(`http://www.${demoStore.domains[0]}/`);
    expect(data.captures.map((c) => c.id)).toEqual([clone?.last_capture?.id]);
    const shot = await get(viewer, `/store-clones/${clone?.id}/captures/${clone?.last_capture?.id}/screenshot`);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    expect(shot.headers['x-content-type-options']).toBe('nosniff');
    expect(shot.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  });

  it('promotes a candidate to the store blacklist once', async () => {
    const clone = await byDomain(analyst, CLONE_DOMAIN);
    expect((await post(viewer, `/store-clones/${clone?.id}/blacklist`)).statusCode).toBe(403);
    const added = await post(analyst, `/store-clones/${clone?.id}/blacklist`);
    expect(added.statusCode, added.body).toBe(201);
    const entryId = answerOf('blacklistStoreClone', added).data.entry_id;
    expect((await byDomain(analyst, CLONE_DOMAIN))?.blacklist_entry_id).toBe(entryId);
    const entry = await app.ctx.db
      .selectFrom('store_blacklist')
      .select(['domain', 'status', 'candidate_id', 'evidence'])
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ domain: CLONE_DOMAIN, status: 'suspected', candidate_id: clone?.id });
    expect(JSON.parse(entry.evidence)).toMatchObject({
      similarity: clone?.similarity,
      fingerprints: clone?.fingerprints,
    });
    expect((await post(analyst, `/store-clones/${clone?.id}/blacklist`)).statusCode).toBe(409);
  });

  it('shows nothing of it to another company', async () => {
    const clone = await byDomain(analyst, CLONE_DOMAIN);
    expect(await list(other)).toEqual([]);
    expect((await get(other, `/store-clones/${clone?.id}`)).statusCode).toBe(404);
    const shot = `/store-clones/${clone?.id}/captures/${clone?.last_capture?.id}/screenshot`;
    expect((await get(other, shot)).statusCode).toBe(404);
    expect((await post(other, `/store-clones/${clone?.id}/blacklist`)).statusCode).toBe(404);
    expect((await get(other, '/store-clones/export')).body).not.toContain(CLONE_DOMAIN);
    // A company without a store has nothing to permute.
    expect((await post(other, '/store-clones/runs')).statusCode).toBe(422);
  });

  it('runs again without doubling anything, one run at a time', async () => {
    const first = await post(analyst, '/store-clones/runs');
    expect(first.statusCode).toBe(202);
    expect((await post(analyst, '/store-clones/runs')).statusCode).toBe(409);
    expect(await waitForJob(app, answerOf('startStoreCloneRun', first).data.job_id ?? 0)).toBe('succeeded');

    const clone = await byDomain(analyst, CLONE_DOMAIN);
    const captures = await app.ctx.db
      .selectFrom('clone_captures')
      .select('content_sha256')
      .where('candidate_id', '=', clone?.id ?? 0)
      .execute();
    // The same page twice: the same content hash.
    expect(captures).toHaveLength(2);
    expect(captures[0]?.content_sha256).toBe(captures[1]?.content_sha256);
    const findings = await app.ctx.db
      .selectFrom('findings')
      .select('id')
      .where('company_id', '=', analyst.companyId)
      .where('fingerprint', 'like', 'clone:%')
      .execute();
    expect(findings).toHaveLength(1);
    expect(outsideLoopback(connections.targets())).toEqual([]);
  }, 120_000);
});
