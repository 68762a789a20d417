// The supplier portfolio and the probes' scope: create, change and remove suppliers (with their
// rating and trend from the daily snapshots, open findings, assets and scope domains), declare and
// remove scope entries; and another company's member neither reads nor writes any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, apiOf, ok } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { importFile, newTenant, settleJobs, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let analyst: Tenant;
let intruder: Tenant;

const body = {
  name: 'Northwind Logistics',
  tier: 'high',
  website: 'https://northwind.example',
  contact_name: 'Dana',
  contact_email: 'dana@northwind.example',
  contract_start: '2026-01-01',
  contract_end: '2027-01-01',
  notes: 'Ships our orders.',
  questionnaire_status: 'sent',
};

async function create(who: Tenant, input: Record<string, unknown>) {
  return who.browser.post('/api/suppliers', input, { token: who.token });
}
async function suppliers(who: Tenant, query = '') {
  const response = await who.browser.get(`/api/suppliers?${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listSuppliers', response).data;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  admin = await newTenant(app, 'suppliers', { role: 'administrator' });
  analyst = await newTenant(app, 'suppliers', { join: admin, role: 'analyst' });
  intruder = await newTenant(app, 'suppliersother', { role: 'administrator' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('suppliers', () => {
  let id = 0;

  it('creates, lists, changes and refuses duplicates and wrong dates', async () => {
    const created = await create(analyst, body);
    expect(created.statusCode, created.body).toBe(201);
    id = answerOf('createSupplier', created).data.id;
    expect(answerOf('createSupplier', created).data).toMatchObject({
      ...body,
      rating: null,
      open_findings: 0,
      asset_count: 0,
      domains: [],
    });
    const again = await create(analyst, { name: 'Northwind Logistics', tier: 'low' });
    expect(again.statusCode).toBe(422);
    expect(JSON.parse(again.body).errors).toEqual({ name: ['A supplier of this name already exists.'] });
    const dates = await create(analyst, {
      name: 'X',
      tier: 'low',
      contract_start: '2027-01-01',
      contract_end: '2026-01-01',
    });
    expect(json(dates)).toMatchObject({
      errors: { contract_end: ['The contract end must be on or after its start.'] },
    });
    expect((await create(analyst, { name: 'Y', tier: 'unknown' })).statusCode).toBe(422);
    await create(analyst, { name: 'Contoso Payments', tier: 'critical' });
    expect((await suppliers(admin, 'sort=tier')).map((s) => s.name)).toEqual([
      'Contoso Payments',
      'Northwind Logistics',
    ]);
    expect((await suppliers(admin, 'q=north')).map((s) => s.name)).toEqual(['Northwind Logistics']);
    expect((await suppliers(admin, 'tier=critical')).map((s) => s.name)).toEqual(['Contoso Payments']);
    const put = await analyst.browser.call('PUT', `/api/suppliers/${id}`, {
      token: analyst.token,
      body: { ...body, tier: 'critical', contract_end: null },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(answerOf('updateSupplier', put).data).toMatchObject({ tier: 'critical', contract_end: null });
  });

  it('carries its latest rating, the change over 30 days, open findings, assets and scope domains', async () => {
    const snapshot = (day: string, score: number, grade: 'A' | 'B' | 'C' | 'D' | 'F') =>
      app.ctx.db
        .insertInto('risk_snapshots')
        .values({
          company_id: admin.companyId,
          supplier_id: id,
          day,
          score,
          grade,
          factors: '{}',
          computed_at: new Date(),
        })
        .execute();
    await importFile(
      app,
      admin,
      'hosts',
      's.txt',
      'www.northwind.example\nold.northwind.example\n',
      `&supplier_id=${id}`,
    );
    await app.ctx.db
      .updateTable('assets')
      .set({ gone_at: new Date() })
      .where('value', '=', 'old.northwind.example')
      .execute();
    const now = new Date();
    const finding = (fingerprint: string, status: 'new' | 'resolved') =>
      app.ctx.db
        .insertInto('findings')
        .values({
          company_id: admin.companyId,
          supplier_id: id,
          module: 'assets',
          fingerprint,
          title: fingerprint,
          severity: 'high',
          status,
          first_seen_at: now,
          last_seen_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await finding('tls:www.northwind.example|expired', 'new');
    await finding('dns:northwind.example|dmarc', 'resolved');
    const scope = await admin.browser.post(
      '/api/asset-scopes',
      { kind: 'domain', value: 'NorthWind.example', supplier_id: id },
      { token: admin.token },
    );
    expect(scope.statusCode, scope.body).toBe(201);
    // The import's rating refresh took today's snapshot (risk.queue.ts): once it has run, the
    // history is set by hand, so the figures do not depend on the day the suite runs.
    await settleJobs(app);
    await app.ctx.db.deleteFrom('risk_snapshots').where('supplier_id', '=', id).execute();
    await snapshot('2026-10-01', 70, 'C');
    await snapshot('2026-10-20', 75.5, 'C');
    await snapshot('2026-11-20', 82.5, 'B');
    const [row] = await suppliers(admin, 'q=northwind');
    // Latest 82.5 (20 Nov); the snapshot on or before 21 Oct is 20 Oct's 75.5.
    expect(row).toMatchObject({
      rating: { score: 82.5, grade: 'B', day: '2026-11-20', change_30d: 7 },
      open_findings: 1,
      asset_count: 2,
      domains: ['northwind.example'],
    });
    const one = await ok(apiOf(admin.browser, admin.token).GET('/suppliers/{id}', { params: { path: { id } } }));
    expect(one.data).toEqual(row);
    expect((await suppliers(admin, 'sort=-score')).map((s) => s.name)).toEqual([
      'Northwind Logistics',
      'Contoso Payments',
    ]);
  });

  it('is rated now, by the same formula, until its first daily snapshot', async () => {
    const [contoso] = await suppliers(admin, 'q=contoso');
    expect(contoso?.rating).toBeNull();
    const now = new Date();
    await app.ctx.db
      .insertInto('findings')
      .values({
        company_id: admin.companyId,
        supplier_id: contoso?.id ?? 0,
        module: 'assets',
        fingerprint: 'tls:pay.contoso.example|expired',
        title: 'Expired certificate',
        severity: 'critical',
        first_seen_at: now,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const [rated] = await suppliers(admin, 'q=contoso');
    expect(rated?.rating).toMatchObject({ day: now.toISOString().slice(0, 10), change_30d: null });
    expect(rated?.rating?.score).toBeLessThan(100);
    const risk = await admin.browser.get(`/api/risk/rating?supplier_id=${contoso?.id}`, { token: admin.token });
    expect(risk.statusCode, risk.body).toBe(200);
    expect(answerOf('getRiskRating', risk)).toMatchObject({
      score: rated?.rating?.score,
      grade: rated?.rating?.grade,
    });
  });

  it('is neither read nor changed by another company', async () => {
    expect(await suppliers(intruder)).toEqual([]);
    const url = `/api/suppliers/${id}`;
    expect((await intruder.browser.get(url, { token: intruder.token })).statusCode).toBe(404);
    const put = await intruder.browser.call('PUT', url, {
      token: intruder.token,
      body: { name: 'Taken', tier: 'low' },
    });
    expect(put.statusCode).toBe(404);
    expect((await intruder.browser.call('DELETE', url, { token: intruder.token })).statusCode).toBe(404);
    const scopes = await intruder.browser.get(`/api/asset-scopes?supplier_id=${id}`, { token: intruder.token });
    expect(scopes.statusCode).toBe(404);
    const planted = await intruder.browser.post(
      '/api/asset-scopes',
      { kind: 'domain', value: 'planted.example', supplier_id: id },
      { token: intruder.token },
    );
    expect(planted.statusCode).toBe(422);
    expect((await suppliers(admin, 'q=northwind'))[0]?.name).toBe('Northwind Logistics');
  });

  it('is removed with its assets, scope and findings by an administrator', async () => {
    expect((await analyst.browser.call('DELETE', `/api/suppliers/${id}`, { token: analyst.token })).statusCode).toBe(
      403,
    );
    const removed = await admin.browser.call('DELETE', `/api/suppliers/${id}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await app.ctx.db
      .selectFrom('assets')
      .select('id')
      .where('supplier_id', '=', id)
      .union(app.ctx.db.selectFrom('findings').select('id').where('supplier_id', '=', id))
      .execute();
    expect(left).toEqual([]);
    expect((await admin.browser.get(`/api/suppliers/${id}`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('the scope', () => {
  it('lists the company’s domains and what administrators declare; analysts only read it', async () => {
    const add = (who: Tenant, input: Record<string, unknown>) =>
      who.browser.post('/api/asset-scopes', input, { token: who.token });
    expect((await add(analyst, { kind: 'domain', value: 'shop.example' })).statusCode).toBe(403);
    const netblock = await add(admin, { kind: 'netblock', value: '198.51.100.77/24' });
    expect(answerOf('createAssetScope', netblock).data.value).toBe('198.51.100.0/24');
    expect((await add(admin, { kind: 'netblock', value: '198.51.100.0/24' })).statusCode).toBe(422);
    expect((await add(admin, { kind: 'domain', value: 'not a domain' })).statusCode).toBe(422);
    const listed = answerOf(
      'listAssetScopes',
      await analyst.browser.get('/api/asset-scopes', { token: analyst.token }),
    );
    expect(listed.data.map((s) => `${s.kind} ${s.value}`)).toEqual(['netblock 198.51.100.0/24']);
    expect(listed.company_domains).toEqual([admin.domain]);
    const entry = listed.data[0]?.id ?? 0;
    expect(
      (await intruder.browser.call('DELETE', `/api/asset-scopes/${entry}`, { token: intruder.token })).statusCode,
    ).toBe(404);
    expect((await admin.browser.call('DELETE', `/api/asset-scopes/${entry}`, { token: admin.token })).statusCode).toBe(
      200,
    );
    const after = answerOf('listAssetScopes', await analyst.browser.get('/api/asset-scopes', { token: analyst.token }));
    expect(after.data).toEqual([]);
  });
});
