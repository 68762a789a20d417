// The Script Manager's operations over scans written by the scan job: the inventory with its
// filters and CSV export, one script's facts, authorisation (justification required, by hash or by
// host, kept in the history), the page scans with their diff and "scan now" (one at a time), all
// within the session's company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, validationOf } from '../../../testing/api.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import {
  connection,
  external,
  fixedScanner,
  inline,
  result,
  scanWith,
  seedStorePage,
} from '../../../testing/scripts.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;
let page: { storeId: number; pageId: number };
let secondScanId: number;

const APP = 'https://www.acme-shop.test/js/app.js';
const TAG = 'https://tags.vendor.test/gtm.js';
const PIXEL = 'https://px.vendor2.test/p.js';

interface Script {
  id: number;
  key: string;
  party: string;
  authorisation: string;
  authorised_by: string | null;
  changed: boolean;
  behaviours: string[];
  approver: { id: number; name: string } | null;
  removed_at: string | null;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
  a = await newTenant(app, 'scripts');
  b = await newTenant(app, 'scripts-other');
  page = await seedStorePage(app, a.companyId);
  const first = [external(APP, 'app 1'), external(TAG, 'gtm 1', { party: 'third' }), inline('x=1')];
  await scanWith(app, a.companyId, page.pageId, fixedScanner(result(first)));
  const pixel = external(PIXEL, 'pixel', { party: 'fourth', loadedBy: TAG, reads: ['personal'] });
  const second = [external(APP, 'app 1'), external(TAG, 'gtm 2', { party: 'third' }), pixel];
  const scan = await scanWith(
    app,
    a.companyId,
    page.pageId,
    fixedScanner(result(second, [connection(PIXEL, 'https://collect.vendor2.test/e', 'image')])),
  );
  secondScanId = scan.id;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (who: Tenant, url: string) => who.browser.get(url, { token: who.token });
const list = async (who: Tenant, query = '') => {
  const response = await get(who, `/api/scripts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listScripts', response);
};
const byKey = async (key: string) => (await list(a)).data.find((s) => s.key === key) as Script;
const decide = (who: Tenant, id: number, body: Record<string, unknown>) =>
  who.browser.post(`/api/scripts/${id}/authorisation`, body, { token: who.token });

describe('the script inventory', () => {
  it('lists the page scripts with their filters', async () => {
    expect((await list(a)).meta.total).toBe(4);
    const keys = async (query: string) => (await list(a, query)).data.map((s) => s.key).sort();
    expect(await keys('?party=third&party=fourth')).toEqual([PIXEL, TAG]);
    expect(await keys('?status=removed')).toEqual([expect.stringMatching(/^inline:/)]);
    expect(await keys('?status=active&behaviour=loads_scripts')).toEqual([TAG]);
    expect(await keys('?has_behaviour=true')).toEqual([PIXEL, TAG]);
    expect(await keys('?q=VENDOR2')).toEqual([PIXEL]);
    expect(await keys(`?page_id=${page.pageId}&store_id=${page.storeId}&sort=script_key&page_size=2`)).toHaveLength(2);
    expect((await list(b)).meta.total).toBe(0);
  });

  it('shows one script with its content, history, destinations and findings', async () => {
    const pixel = await byKey(PIXEL);
    const response = await get(a, `/api/scripts/${pixel.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = answerOf('getScript', response).data;
    expect(detail).toMatchObject({
      party: 'fourth',
      loaded_by: TAG,
      content_excerpt: 'pixel',
      content_truncated: false,
      behaviours: ['reads_personal_fields', 'sends_data'],
      destinations: [expect.objectContaining({ host: 'collect.vendor2.test', kind: 'image' })],
    });
    expect(detail.history.map((h) => h.change)).toEqual(['new_destination', 'new']);
    expect(detail.findings.map((f) => f.kind).sort()).toEqual(['new_destination', 'unauthorised_script']);
    expect((await get(b, `/api/scripts/${pixel.id}`)).statusCode).toBe(404);
  });

  it('exports the filtered inventory as CSV', async () => {
    const response = await get(a, '/api/scripts/export?party=fourth');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,store,page,script,kind,party,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(PIXEL);
    const other = (await get(b, '/api/scripts/export')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(other).toHaveLength(1);
  });
});

describe('authorisation', () => {
  it('needs a justification, and binds an inline script to its hash', async () => {
    const tag = await byKey(TAG);
    const missing = await decide(a, tag.id, { decision: 'authorised', justification: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(validationOf(missing).errors.justification).toBeDefined();
    const inlineScript = (await list(a, '?status=removed')).data[0] as Script;
    const byHost = await decide(a, inlineScript.id, { decision: 'authorised', justification: 'ok', by: 'host' });
    expect(validationOf(byHost).errors.by).toBeDefined();
    expect((await decide(b, tag.id, { decision: 'denied' })).statusCode).toBe(404);
  });

  it('authorises by hash with the approver, keeps each decision in the history, and resets to pending', async () => {
    const tag = await byKey(TAG);
    const response = await decide(a, tag.id, { decision: 'authorised', justification: 'Tag manager of marketing' });
    expect(response.statusCode, response.body).toBe(200);
    expect(answerOf('setScriptAuthorisation', response).data).toMatchObject({
      authorisation: 'authorised',
      authorised_by: 'hash',
      changed: false,
      approver: { id: a.userId },
    });
    // Changed content after the authorisation: the inventory filter finds it (by hash only).
    await app.ctx.db
      .updateTable('page_scripts')
      .set({ sha256: 'f'.repeat(64) })
      .where('id', '=', tag.id)
      .execute();
    expect((await list(a, '?changed=true')).data.map((s) => s.key)).toEqual([TAG]);
    await decide(a, tag.id, { decision: 'authorised', justification: 'Versioned by the vendor', by: 'host' });
    expect((await list(a, '?changed=true')).data).toEqual([]);
    const denied = await decide(a, tag.id, { decision: 'denied', justification: 'Not on payment pages' });
    expect(answerOf('setScriptAuthorisation', denied).data).toMatchObject({
      authorisation: 'denied',
      authorised_by: null,
    });
    const reset = await decide(a, tag.id, { decision: 'pending' });
    expect(answerOf('setScriptAuthorisation', reset).data).toMatchObject({ authorisation: 'pending', approver: null });
    const detail = answerOf('getScript', await get(a, `/api/scripts/${tag.id}`)).data;
    expect(detail.history.slice(0, 4).map((h) => [h.change, h.field, h.from_value, h.to_value])).toEqual([
      ['pending', 'authorisation', 'denied', null],
      ['denied', 'authorisation', 'authorised', 'Not on payment pages'],
      ['authorised', 'host', 'authorised', 'Versioned by the vendor'],
      ['authorised', 'hash', 'pending', 'Tag manager of marketing'],
    ]);
    expect(detail.history[0]?.actor).toMatchObject({ id: a.userId });
  });
});

describe('page scans', () => {
  it('lists a page scans with their diff counts and shows one with its changes and findings', async () => {
    const response = await get(a, `/api/script-scans?page_id=${page.pageId}`);
    expect(response.statusCode, response.body).toBe(200);
    const scans = answerOf('listScriptScans', response);
    expect(scans.data.map((s) => [s.new_scripts, s.removed_scripts])).toEqual([
      [1, 1],
      [3, 0],
    ]);
    expect(scans.pending).toBeNull();
    const detail = answerOf('getScriptScan', await get(a, `/api/script-scans/${secondScanId}`)).data;
    expect(detail.changes.map((c) => c.change).sort()).toEqual(['changed', 'new', 'new_destination', 'removed']);
    expect(detail.findings.map((f) => f.kind).sort()).toEqual(['new_destination', 'unauthorised_script']);
    expect((await get(b, `/api/script-scans/${secondScanId}`)).statusCode).toBe(404);
    expect((await get(b, `/api/script-scans?page_id=${page.pageId}`)).statusCode).toBe(404);
    expect((await get(b, `/api/script-scans?store_id=${page.storeId}`)).statusCode).toBe(404);
  });

  it('queues one scan of a page at a time, of the session company pages only', async () => {
    const start = (who: Tenant, pageId: number) =>
      who.browser.post('/api/script-scans', { page_id: pageId }, { token: who.token });
    const queued = await start(a, page.pageId);
    expect(queued.statusCode, queued.body).toBe(202);
    const jobId = answerOf('startScriptScan', queued).data.job_id;
    expect((await start(a, page.pageId)).statusCode).toBe(409);
    const pending = answerOf('listScriptScans', await get(a, `/api/script-scans?page_id=${page.pageId}`)).pending;
    expect(pending).toEqual({ job_id: jobId, status: 'queued' });
    expect((await start(b, page.pageId)).statusCode).toBe(404);
    await app.ctx.db.updateTable('jobs').set({ status: 'cancelled' }).where('id', '=', jobId).execute();
    await app.ctx.db.updateTable('store_pages').set({ enabled: false }).where('id', '=', page.pageId).execute();
    expect((await start(a, page.pageId)).statusCode).toBe(422);
  });
});
