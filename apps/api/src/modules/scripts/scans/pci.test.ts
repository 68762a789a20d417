// The PCI DSS test of issue 17: one monitored checkout page of the local test store, scanned by the
// real scanner (Chromium) through the `scripts.scan` job, while the store changes under it. Each
// change gives the findings and the event it should: the baseline none; a changed third-party
// script authorised by hash; an injected skimmer that reads the card and sends it to another host
// (unauthorised script, new destination, its attack pattern, the blacklisted host); a removed CSP; a
// third-party script that loads a fourth-party one. Nothing leaves 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSteps } from '../../../demo/demo-store.js';
import { TEST_STORE_DOMAIN, testStoreUrl, VENDOR_HOSTS } from '../../../dev/test-store/test-store.js';
import { answerOf } from '../../../testing/api.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { importFile, newTenant, type Tenant } from '../../../testing/monitoring.js';
import { waitForJob } from '../../../testing/probes.js';
import { scriptFindings, seedStorePage } from '../../../testing/scripts.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { startTestStore, type TestStore, testStoreAppConfig } from '../../../testing/test-store.js';
import { closeScanners } from '../scanner/scanner.js';
import { queueScan } from './scan-queue.js';

let database: TestDatabase;
let app: VigilApp;
let store: TestStore;
let a: Tenant;
let pageId: number;
const connections = recordConnections();

const ANALYTICS = `http://${VENDOR_HOSTS.analytics}/analytics.js`;
const SKIMMER = `http://${VENDOR_HOSTS.skimmer}/jquery-3.7.1.min.js`;
const WIDGET = `http://${VENDOR_HOSTS.widget}/widget.js`;
const PIXEL = `http://${VENDOR_HOSTS.tracker}/pixel.js`;

beforeAll(async () => {
  store = await startTestStore();
  database = await openTestDatabase();
  ({ app } = await testApp(database, { config: testStoreAppConfig(store, { VIGIL_ROLE: 'api' }) }));
  a = await newTenant(app, 'pci');
  ({ pageId } = await seedStorePage(app, a.companyId, { url: testStoreUrl('clean'), domains: [TEST_STORE_DOMAIN] }));
  await app.ctx.db
    .updateTable('store_pages')
    .set({ steps: JSON.stringify(checkoutSteps) })
    .where('id', '=', pageId)
    .execute();
  // The company's JS blacklist knows the collection host (a plain list, as an analyst imports it).
  const list = await importFile(app, a, 'js-blacklist', 'iocs.txt', `# Magecart IoCs\n${VENDOR_HOSTS.collect}\n`);
  expect(list.status).toBe('succeeded');
}, 60_000);
afterAll(async () => {
  await closeScanners();
  await app?.close();
  await database?.close();
  await store?.close();
  connections.stop();
});

/** Scans the page through its job; the scan, its new findings (by kind and script key) and its event. */
async function scan() {
  const before = await scriptFindings(app, a.companyId);
  const jobId = await queueScan(app.ctx.db, {
    companyId: a.companyId,
    pageId,
    createdBy: null,
    isDemo: false,
    now: app.ctx.clock.now(),
  });
  expect(await waitForJob(app, jobId)).toBe('succeeded');
  const row = await app.ctx.db
    .selectFrom('script_scans')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  const scripts = await app.ctx.db
    .selectFrom('page_scripts')
    .select(['id', 'script_key'])
    .where('page_id', '=', pageId)
    .execute();
  const keyOf = new Map(scripts.map((s) => [s.id, s.script_key]));
  const found = [...(await scriptFindings(app, a.companyId)).values()]
    .filter((f) => !before.has(f.fingerprint))
    .map((f) => ({
      kind: f.kind,
      script: f.page_script_id === null ? null : keyOf.get(f.page_script_id),
      severity: f.severity,
      fingerprint: f.fingerprint,
    }));
  const event = await app.ctx.db
    .selectFrom('events')
    .selectAll()
    .where('company_id', '=', a.companyId)
    .where('kind', '=', 'scripts.scanned')
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  return { row, found, event, details: JSON.parse(event.details ?? '{}') as Record<string, unknown> };
}

const kinds = (found: { kind: string; script: string | null | undefined }[]) =>
  found.map((f) => `${f.kind} ${f.script ?? '(page)'}`).sort();

describe('the test store scanned by the real scanner', () => {
  it('takes the clean page as its baseline: an inventory to authorise, no finding', async () => {
    const { row, found, details } = await scan();
    expect(row).toMatchObject({ status: 'done', scripts: 3, new_scripts: 3 });
    const scripts = answerOf(
      'listScripts',
      await a.browser.get(`/api/scripts?page_id=${pageId}`, { token: a.token }),
    ).data;
    expect(scripts.map((s) => s.party).sort()).toEqual(['first', 'first', 'third']);
    for (const s of scripts) {
      const response = await a.browser.post(
        `/api/scripts/${s.id}/authorisation`,
        { decision: 'authorised', justification: 'Reviewed for the checkout' },
        { token: a.token },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(found).toEqual([]);
    expect(details).toMatchObject({ status: 'done', new_findings: 0 });
  });

  it('finds the authorised third-party script whose content changed', async () => {
    store.switches.analyticsVersion = 2;
    const { row, found, event } = await scan();
    expect(row).toMatchObject({ changed_scripts: 1, new_scripts: 0 });
    expect(kinds(found)).toEqual([`hash_changed ${ANALYTICS}`]);
    expect(event.severity).toBe('high');
  });

  it('finds the injected skimmer: unauthorised, its new destination, its pattern and the blacklisted host', async () => {
    store.switches.extraScript = SKIMMER;
    const { row, found, details } = await scan();
    expect(store.collected.length).toBeGreaterThan(0);
    expect(row).toMatchObject({ new_scripts: 1, new_destinations: 1 });
    expect(kinds(found)).toEqual(
      expect.arrayContaining([
        `unauthorised_script ${SKIMMER}`,
        `new_destination ${SKIMMER}`,
        `blacklist_hit ${SKIMMER}`,
      ]),
    );
    expect(found.some((f) => f.kind === 'pattern_hit' && f.script === SKIMMER && f.severity === 'critical')).toBe(true);
    expect(found.find((f) => f.kind === 'unauthorised_script')?.severity).toBe('high');
    expect(found.find((f) => f.kind === 'new_destination')?.fingerprint).toContain(VENDOR_HOSTS.collect);
    expect(found.every((f) => f.script === SKIMMER)).toBe(true);
    expect(details).toMatchObject({ new_findings: found.length });
    const evaluations = await app.ctx.db
      .selectFrom('jobs')
      .select('options')
      .where('company_id', '=', a.companyId)
      .where('kind', '=', 'alerts.evaluate')
      .execute();
    expect(evaluations.map((e) => JSON.parse(e.options ?? '{}'))).toContainEqual({ job_id: row.job_id });
  });

  it('finds the removed Content-Security-Policy', async () => {
    store.switches.extraScript = undefined;
    store.switches.csp = false;
    const { row, found } = await scan();
    expect(row.removed_scripts).toBe(1);
    expect(kinds(found)).toEqual(['header_regression (page)']);
    expect(JSON.parse(row.header_changes)).toContainEqual(
      expect.objectContaining({ header: 'content-security-policy', to: null, regression: true }),
    );
  });

  it('finds a third-party script and the fourth-party one it loads', async () => {
    store.switches.csp = true;
    await app.ctx.db
      .updateTable('store_pages')
      .set({ url: testStoreUrl('fourth-party') })
      .where('id', '=', pageId)
      .execute();
    const { found } = await scan();
    expect(kinds(found)).toEqual(
      expect.arrayContaining([`unauthorised_script ${WIDGET}`, `unauthorised_script ${PIXEL}`]),
    );
    expect(found.find((f) => f.script === PIXEL && f.kind === 'unauthorised_script')?.severity).toBe('high');
    const pixel = await app.ctx.db
      .selectFrom('page_scripts')
      .select(['party', 'loaded_by'])
      .where('page_id', '=', pageId)
      .where('script_key', '=', PIXEL)
      .executeTakeFirstOrThrow();
    expect(pixel).toEqual({ party: 'fourth', loaded_by: WIDGET });
  });

  it('contacted nothing outside 127.0.0.1', () => {
    expect(outsideLoopback(connections.targets())).toEqual([]);
  });
});
