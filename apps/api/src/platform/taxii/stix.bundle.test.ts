// The STIX 2.1 bundle export of a filtered findings list: a schema-valid bundle (fresh bundle--uuid4
// id), the same object ids as the TAXII collections, the list's filters, the company's rows only, and
// no password, hash or e-mail address in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../testing/flows.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { seedCves, seedStixRows } from '../../testing/stix-rows.js';
import { stixErrors } from '../../testing/stix-validator.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;

interface Bundle {
  type: string;
  id: string;
  objects: { type: string; id: string; [k: string]: unknown }[];
}

async function exportOf(who: Tenant, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/findings/export.stix${query}`,
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/stix+json;version=2.1');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="findings-.*\.stix\.json"$/);
  return { bundle: json<Bundle>(response), body: response.body };
}

async function taxiiIds(who: Tenant): Promise<Set<string>> {
  const headers = { authorization: `Bearer ${who.token}`, accept: 'application/taxii+json;version=2.1' };
  const list = json<{ collections: { id: string; alias: string }[] }>(
    await app.inject({ method: 'GET', url: '/taxii2/api/collections/', headers }),
  );
  const ids = new Set<string>();
  for (const c of list.collections.filter((c) => c.alias !== 'cve-landscape')) {
    const url = `/taxii2/api/collections/${c.id}/objects/?limit=1000`;
    const page = json<{ objects?: { id: string }[] }>(await app.inject({ method: 'GET', url, headers }));
    for (const o of page.objects ?? []) ids.add(o.id);
  }
  return ids;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'stixa');
  b = await newTenant(app, 'stixb');
  await seedCves(app);
  await seedStixRows(app, a, 4);
  await seedStixRows(app, b, 2);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the STIX bundle export', () => {
  it('is a schema-valid bundle whose objects carry the TAXII collections ids', async () => {
    const { bundle, body } = await exportOf(a);
    expect(bundle.type).toBe('bundle');
    expect(bundle.id).toMatch(/^bundle--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stixErrors(bundle)).toEqual([]);
    for (const object of bundle.objects) expect(stixErrors(object), JSON.stringify(object)).toEqual([]);
    const types = new Set(bundle.objects.map((o) => o.type));
    for (const type of [
      'identity',
      'indicator',
      'sighting',
      'observed-data',
      'url',
      'infrastructure',
      'relationship',
      'report',
    ]) {
      expect(types, type).toContain(type);
    }
    const fromTaxii = await taxiiIds(a);
    const mapped = bundle.objects.filter((o) => o.type !== 'report');
    expect(mapped.every((o) => fromTaxii.has(o.id))).toBe(true);
    const report = bundle.objects.find((o) => o.type === 'report');
    expect(report?.object_refs).toEqual(mapped.map((o) => o.id));
    expect(body).not.toContain('Se****');
    expect(body).not.toContain('deadbeef');
    expect(body).not.toContain(`u1@${a.domain}`);
  });

  it('gives the same ids on a second export, under a new bundle id', async () => {
    const first = await exportOf(a);
    const second = await exportOf(a);
    expect(second.bundle.id).not.toBe(first.bundle.id);
    const ids = (x: Bundle) => x.objects.filter((o) => o.type !== 'report').map((o) => o.id);
    expect(ids(second.bundle)).toEqual(ids(first.bundle));
  });

  it("follows the list's filters and holds the company's rows only", async () => {
    const { bundle } = await exportOf(a, '?module=credentials');
    const types = new Set(bundle.objects.map((o) => o.type));
    expect([...types].sort()).toEqual(['identity', 'indicator', 'observed-data', 'report', 'sighting', 'url']);
    const theirs = await taxiiIds(b);
    expect(bundle.objects.some((o) => theirs.has(o.id))).toBe(false);
  });

  it('refuses without credentials', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/findings/export.stix' });
    expect(response.statusCode).toBe(401);
  });
});
