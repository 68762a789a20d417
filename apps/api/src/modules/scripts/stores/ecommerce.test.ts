// The E-commerce view and the evidence export over scans, scripts and findings written the way
// the scan writer leaves them: each page's 6.4.3 / 11.6.1 status with reasons, the store's and the
// totals, detections per day, and the CSV and PDF evidence an assessor reads.
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../../testing/api.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import type { ScriptFindingKind } from '../scripts/scripts.table.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let other: Tenant;
let now: Date;
const ids = { store: 0, healthy: 0, troubled: 0, resolvedFinding: 0, approver: '' };
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const sha = (c: string) => c.repeat(64);

const call = (who: Tenant, url: string) => who.browser.get(`/api${url}`, { token: who.token });

async function addPage(who: Tenant, storeId: number, path: string) {
  const response = await who.browser.post(
    `/api/stores/${storeId}/pages`,
    { url: `https://shop.acme-store.test${path}`, page_type: 'payment' },
    { token: who.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return answerOf('createStorePage', response).data.id;
}

async function scan(who: Tenant, pageId: number, status: 'done' | 'failed', finishedHoursAgo: number) {
  const row = await app.ctx.db
    .insertInto('script_scans')
    .values({
      company_id: who.companyId,
      page_id: pageId,
      status,
      final_url: 'https://shop.acme-store.test/pay',
      scripts: 2,
      new_scripts: 1,
      error: status === 'failed' ? 'Navigation timeout' : null,
      started_at: hoursAgo(finishedHoursAgo + 0.01),
      finished_at: hoursAgo(finishedHoursAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function script(who: Tenant, pageId: number, key: string, fields: Record<string, unknown>) {
  const row = await app.ctx.db
    .insertInto('page_scripts')
    .values({
      company_id: who.companyId,
      page_id: pageId,
      script_key: key,
      kind: 'external',
      url: key,
      host: new URL(key).hostname,
      party: 'third',
      sha256: sha('a'),
      first_seen_at: hoursAgo(100),
      last_seen_at: hoursAgo(2),
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function finding(who: Tenant, pageId: number, kind: ScriptFindingKind, status: string, seenHoursAgo: number) {
  const row = await app.ctx.db
    .insertInto('findings')
    .values({
      company_id: who.companyId,
      module: 'scripts',
      fingerprint: `${kind}:${pageId}:${seenHoursAgo}`,
      title: `${kind} on page ${pageId}`,
      severity: 'high',
      status: status as 'new',
      first_seen_at: hoursAgo(seenHoursAgo),
      last_seen_at: hoursAgo(seenHoursAgo),
      created_at: hoursAgo(seenHoursAgo),
      updated_at: hoursAgo(seenHoursAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.ctx.db
    .insertInto('script_findings')
    .values({ finding_id: row.id, company_id: who.companyId, page_id: pageId, kind })
    .execute();
  return row.id;
}

async function storeWithPages(who: Tenant) {
  const created = await who.browser.post(
    '/api/stores',
    { name: 'Acme online', platform: 'vtex', domains: ['shop.acme-store.test'] },
    { token: who.token },
  );
  expect(created.statusCode, created.body).toBe(201);
  return answerOf('createStore', created).data.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  // An API-only process: the first scans a new page queues stay queued (no browser in these tests).
  ({ app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
  now = app.ctx.clock.now();
  admin = await newTenant(app, 'ecommerce', { role: 'administrator' });
  other = await newTenant(app, 'ecommerceother', { role: 'administrator' });
  ids.store = await storeWithPages(admin);
  ids.healthy = await addPage(admin, ids.store, '/ok');
  ids.troubled = await addPage(admin, ids.store, '/pay');
  await scan(admin, ids.healthy, 'done', 2);
  await script(admin, ids.healthy, 'https://cdn.pay.example/sdk.js', {
    authorisation: 'authorised',
    authorised_sha256: sha('a'),
    justification: 'Payment provider SDK',
    approved_by: admin.userId,
    approved_at: hoursAgo(50),
  });
  await scan(admin, ids.troubled, 'done', 30);
  await scan(admin, ids.troubled, 'failed', 1);
  await script(admin, ids.troubled, 'https://cdn.pay.example/sdk.js', {
    sri: true,
    authorisation: 'authorised',
    authorised_sha256: sha('b'),
    justification: 'Pinned by hash',
    approved_by: admin.userId,
    approved_at: hoursAgo(60),
  });
  const pending = await script(admin, ids.troubled, 'https://collect.evil.test/c.js', { sri: true });
  await app.ctx.db
    .insertInto('script_changes')
    .values({
      company_id: admin.companyId,
      page_id: ids.troubled,
      page_script_id: pending,
      change: 'new',
      to_value: sha('a'),
      at: hoursAgo(30),
    })
    .execute();
  await finding(admin, ids.troubled, 'unauthorised_script', 'new', 48);
  await finding(admin, ids.troubled, 'blacklist_hit', 'new', 2);
  ids.resolvedFinding = await finding(admin, ids.troubled, 'hash_changed', 'resolved', 48);
  await app.ctx.db
    .insertInto('finding_changes')
    .values({
      company_id: admin.companyId,
      finding_id: ids.resolvedFinding,
      field: 'status',
      from_value: 'new',
      to_value: 'resolved',
      actor_user_id: admin.userId,
      at: hoursAgo(40),
    })
    .execute();
  await app.ctx.db
    .insertInto('finding_comments')
    .values({
      company_id: admin.companyId,
      finding_id: ids.resolvedFinding,
      author_id: admin.userId,
      body: 'Rolled back the tag manager release',
      created_at: hoursAgo(41),
    })
    .execute();
  // Another company's page and finding, which no answer of the first company may show.
  const otherPage = await addPage(other, await storeWithPages(other), '/other-secret');
  await finding(other, otherPage, 'pattern_hit', 'new', 48);
  const user = await app.ctx.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', admin.userId)
    .executeTakeFirstOrThrow();
  ids.approver = user.name;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('E-commerce compliance', () => {
  it("gives each page's 6.4.3 and 11.6.1 status with reasons, the store's and the totals", async () => {
    const response = await call(admin, '/ecommerce/compliance');
    expect(response.statusCode, response.body).toBe(200);
    const view = answerOf('getEcommerceCompliance', response).data;
    expect(view.stores).toHaveLength(1);
    const [store] = view.stores;
    expect(store).toMatchObject({ id: ids.store, pci_6_4_3: 'fail', pci_11_6_1: 'fail' });
    const healthy = store?.pages.find((p) => p.id === ids.healthy);
    expect(healthy?.pci_6_4_3).toMatchObject({ status: 'pass', reasons: [] });
    expect(healthy?.pci_11_6_1).toMatchObject({ status: 'pass', reasons: [] });
    const troubled = store?.pages.find((p) => p.id === ids.troubled);
    expect(troubled).toMatchObject({
      last_scan: { status: 'failed', error: 'Navigation timeout' },
      active_scripts: 2,
      open_findings: 2,
    });
    expect(troubled?.pci_6_4_3).toEqual({
      status: 'fail',
      inventory_complete: false,
      all_authorised: false,
      integrity_assured: false,
      reasons: [
        { code: 'last_scan_failed', count: null },
        { code: 'scan_overdue', count: null },
        { code: 'pending_scripts', count: 1 },
        { code: 'hash_mismatch', count: 1 },
      ],
    });
    expect(troubled?.pci_11_6_1).toEqual({
      status: 'fail',
      scans_on_schedule: false,
      no_unhandled_alerts: false,
      reasons: [
        { code: 'scan_overdue', count: null },
        { code: 'unhandled_alerts', count: 1 },
      ],
    });
    expect(view.pci_6_4_3).toEqual({ pass: 1, fail: 1, unknown: 0 });
    expect(view.pci_11_6_1).toEqual({ pass: 1, fail: 1, unknown: 0 });
    const filtered = answerOf(
      'getEcommerceCompliance',
      await call(admin, `/ecommerce/compliance?store_id=${ids.store}`),
    );
    expect(filtered.data.stores.map((s) => s.id)).toEqual([ids.store]);
  });

  it('counts script findings first seen per day, by kind, over 30 or 90 days', async () => {
    const response = await call(admin, '/ecommerce/detections');
    expect(response.statusCode, response.body).toBe(200);
    const { days, series } = answerOf('getEcommerceDetections', response).data;
    expect(days).toBe(30);
    expect(series).toHaveLength(30);
    expect(series.at(-1)?.day).toBe(now.toISOString().slice(0, 10));
    const total = (key: Exclude<keyof (typeof series)[number], 'day'>) => series.reduce((sum, d) => sum + d[key], 0);
    expect(total('total')).toBe(3);
    expect(total('unauthorised_script')).toBe(1);
    expect(total('hash_changed')).toBe(1);
    expect(total('blacklist_hit')).toBe(1);
    expect(total('pattern_hit')).toBe(0);
    const twoDaysAgo = hoursAgo(48).toISOString().slice(0, 10);
    expect(series.find((d) => d.day === twoDaysAgo)).toMatchObject({ unauthorised_script: 1, hash_changed: 1 });
    const long = answerOf(
      'getEcommerceDetections',
      await call(admin, `/ecommerce/detections?days=90&store_id=${ids.store}`),
    );
    expect(long.data.series).toHaveLength(90);
    expect((await call(admin, '/ecommerce/detections?days=45')).statusCode).toBe(422);
  });
});

describe('evidence export', () => {
  it('writes the inventory, authorisations, history, scans, alerts and their handling as CSV', async () => {
    const response = await call(admin, `/store-pages/${ids.troubled}/evidence/csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="evidence-page-\d+-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('section,id,at,subject,type,status,actor,from,to,justification,sha256,detail');
    const sections = lines.slice(1).map((line) => line.split(',')[0]);
    expect(sections.filter((s) => s === 'page')).toHaveLength(1);
    expect(sections.filter((s) => s === 'script')).toHaveLength(2);
    expect(sections.filter((s) => s === 'scan')).toHaveLength(2);
    expect(sections.filter((s) => s === 'finding')).toHaveLength(3);
    expect(sections).toContain('change');
    const body = response.body;
    expect(body).toContain('6.4.3 fail; 11.6.1 fail');
    expect(body).toContain(`authorised,${ids.approver},${sha('b')},,Pinned by hash,${sha('a')}`);
    expect(body).toContain(`finding_change,${ids.resolvedFinding},`);
    expect(body).toContain(`status,,${ids.approver},new,resolved`);
    expect(body).toContain(`finding_comment,${ids.resolvedFinding},`);
    expect(body).toContain('Rolled back the tag manager release');
    expect(body).toContain('Navigation timeout');
    expect(body).not.toContain('other-secret');
    expect(body).not.toContain('pattern_hit');
  });

  it('lays the same records out as a PDF report', async () => {
    const response = await call(admin, `/store-pages/${ids.troubled}/evidence/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const text = pdfText(bytes);
    for (const needle of [
      'Script inventory and authorisations (2)',
      'Justification: Pinned by hash',
      `By: ${ids.approver}`,
      'Scan history (2)',
      'Alerts (script findings) (3)',
      'How the alerts were handled (status history) (1)',
      'Comments on the alerts (1)',
      'Rolled back the tag manager release',
      'https://collect.evil.test/c.js',
    ]) {
      expect(text, needle).toContain(needle);
    }
  });

  it("is another company's 404 and removes the page's findings with the page", async () => {
    expect((await call(other, `/store-pages/${ids.troubled}/evidence/pdf`)).statusCode).toBe(404);
    const del = await admin.browser.call('DELETE', `/api/store-pages/${ids.troubled}`, { token: admin.token });
    expect(del.statusCode).toBe(200);
    const left = await app.ctx.db
      .selectFrom('findings')
      .select('id')
      .where('company_id', '=', admin.companyId)
      .execute();
    expect(left).toEqual([]);
    const kept = await app.ctx.db
      .selectFrom('findings')
      .select('id')
      .where('company_id', '=', other.companyId)
      .execute();
    expect(kept).toHaveLength(1);
  });
});

/** The text a PDF draws: its content streams inflated, each hex string of a Tj operator decoded. */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const tj of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      out.push(Buffer.from(tj[1] ?? '', 'hex').toString('latin1'));
  }
  return out.join('\n');
}
