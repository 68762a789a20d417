// TAXII 2.1 at /taxii2/ against two companies' data: discovery, the API root, collections (another
// company's is not found), objects paged through `next` (each exactly once, as many as SQL counts),
// added_after, match[...], stable ids, the refusals (401, 406, 400, 403, 404), and every object valid
// against the official STIX 2.1 JSON schemas. No TAXII client library is on the registry: the
// in-test client follows `next` until `more` is false, as the spec's examples do.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { newTenant, type Tenant } from '../../testing/monitoring.js';
import { day, seedCves, seedStixRows } from '../../testing/stix-rows.js';
import { stixErrors } from '../../testing/stix-validator.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { patternLiteral } from './stix.objects.js';

const TAXII = 'application/taxii+json;version=2.1';
let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;

interface Stix {
  type: string;
  id: string;
  modified?: string;
  [k: string]: unknown;
}
interface Envelope {
  more: boolean;
  next?: string;
  objects?: Stix[];
}
interface Collection {
  id: string;
  alias: string;
  can_read: boolean;
  can_write: boolean;
}

function call(
  path: string,
  { token, accept = TAXII, method = 'GET' }: { token?: string; accept?: string; method?: 'GET' | 'POST' } = {},
) {
  return app.inject({
    method,
    url: `/taxii2${path}`,
    headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function get<T>(who: Tenant, path: string): Promise<T> {
  const response = await call(path, { token: who.token });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  expect(response.headers['content-type']).toBe(TAXII);
  return json<T>(response);
}

async function collectionsOf(who: Tenant): Promise<Map<string, Collection>> {
  const body = await get<{ collections: Collection[] }>(who, '/api/collections/');
  return new Map(body.collections.map((c) => [c.alias, c]));
}

async function collection(who: Tenant, alias: string): Promise<string> {
  const found = (await collectionsOf(who)).get(alias);
  if (!found) throw new Error(`No collection ${alias}`);
  return found.id;
}

/** A TAXII client: every page of a collection's objects, following `next` until `more` is false. */
async function everyObject(
  who: Tenant,
  id: string,
  query = '',
  limit = 2,
): Promise<{ objects: Stix[]; pages: number }> {
  const objects: Stix[] = [];
  let next: string | undefined;
  for (let pages = 1; pages < 500; pages++) {
    const cursor = next ? `&next=${encodeURIComponent(next)}` : '';
    const page = await get<Envelope>(who, `/api/collections/${id}/objects/?limit=${limit}${query}${cursor}`);
    expect((page.objects ?? []).length).toBeLessThanOrEqual(limit);
    objects.push(...(page.objects ?? []));
    if (!page.more) return { objects, pages };
    expect(page.next).toBeTruthy();
    next = page.next;
  }
  throw new Error('The pages never ended.');
}

async function count(query: ReturnType<typeof sql<{ n: string | number }>>): Promise<number> {
  const { rows } = await query.execute(app.ctx.db);
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'taxiia');
  b = await newTenant(app, 'taxiib');
  await seedCves(app);
  await seedStixRows(app, a, 7);
  await seedStixRows(app, b, 1);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('TAXII discovery and the API root', () => {
  it('answers discovery with the API root', async () => {
    const body = await get<{ title: string; default: string; api_roots: string[] }>(a, '/');
    expect(body.title).toBeTruthy();
    expect(body.api_roots).toHaveLength(1);
    expect(body.default).toBe(body.api_roots[0]);
    expect(new URL(body.default).pathname).toBe('/taxii2/api/');
  });

  it('answers the API root with TAXII 2.1', async () => {
    const body = await get<{ versions: string[]; max_content_length: number }>(a, '/api/');
    expect(body.versions).toEqual([TAXII]);
    expect(body.max_content_length).toBeGreaterThan(0);
  });

  it('refuses without credentials with a TAXII error message (401)', async () => {
    const response = await call('/');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toBe(TAXII);
    expect(json(response)).toMatchObject({ http_status: '401', title: expect.any(String) });
  });

  it('takes an API token with read (as a TAXII client would), refuses one without read (403) or revoked (401)', async () => {
    const token = async (scopes: string[]) => {
      const created = await a.browser.post('/api/api-tokens', { name: `taxii ${scopes}`, scopes }, { token: a.token });
      expect(created.statusCode, created.body).toBe(201);
      return answerOf('createApiToken', created);
    };
    const reader = await token(['read']);
    const listed = await call('/api/collections/', { token: reader.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json<{ collections: Collection[] }>(listed).collections.map((c) => c.id)).toEqual(
      [...(await collectionsOf(a)).values()].map((c) => c.id),
    );
    const importer = await token(['import']);
    const refused = await call('/api/collections/', { token: importer.token });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      http_status: '403',
      description: 'This API token does not have the read scope.',
    });
    await a.browser.call('DELETE', `/api/api-tokens/${reader.data.id}`, { token: a.token });
    expect((await call('/api/collections/', { token: reader.token })).statusCode).toBe(401);
  });

  it.each(['text/html', 'application/json', 'application/taxii+json;version=2.0'])(
    'answers 406 to Accept %s',
    async (accept) => {
      const response = await call('/api/', { token: a.token, accept });
      expect(response.statusCode).toBe(406);
      expect(json(response)).toMatchObject({ http_status: '406' });
    },
  );

  it('counts its requests under the operation taxii in the metrics', async () => {
    await call('/', { token: a.token });
    const metrics = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/vigil_http_requests_total\{operation="taxii",method="GET",status="200"\} \d+/);
  });

  it('takes Accept application/taxii+json without a version, and */*', async () => {
    for (const accept of ['application/taxii+json', '*/*']) {
      expect((await call('/api/', { token: a.token, accept })).statusCode).toBe(200);
    }
  });
});

describe('collections', () => {
  it('lists the company collections and the CVE landscape, read-only', async () => {
    const mine = await collectionsOf(a);
    expect([...mine.keys()].sort()).toEqual([
      'cve-landscape',
      'leaked-credentials',
      'script-destinations',
      'store-clones',
      'vulnerable-assets',
    ]);
    for (const c of mine.values()) expect(c).toMatchObject({ can_read: true, can_write: false });
    const one = await get<Collection>(a, `/api/collections/${mine.get('store-clones')?.id}/`);
    expect(one.alias).toBe('store-clones');
  });

  it("gives each company its own collection ids, and another company's is not found (404)", async () => {
    const mine = await collectionsOf(a);
    const theirs = await collectionsOf(b);
    expect(mine.get('leaked-credentials')?.id).not.toBe(theirs.get('leaked-credentials')?.id);
    expect(mine.get('cve-landscape')?.id).toBe(theirs.get('cve-landscape')?.id);
    const other = theirs.get('leaked-credentials')?.id;
    for (const path of [
      `/api/collections/${other}/`,
      `/api/collections/${other}/objects/`,
      `/api/collections/${other}/manifest/`,
    ]) {
      const response = await call(path, { token: a.token });
      expect(response.statusCode, path).toBe(404);
      expect(json(response)).toMatchObject({ http_status: '404' });
    }
  });

  it('refuses to add objects (403: can_write is false)', async () => {
    const id = await collection(a, 'leaked-credentials');
    const response = await call(`/api/collections/${id}/objects/`, { token: a.token, method: 'POST' });
    expect(response.statusCode).toBe(403);
  });
});

describe('objects', () => {
  const expected: Record<string, () => Promise<number>> = {
    // indicator + sighting per credential, url + observed-data when a stealer log gave its URL, the company.
    'leaked-credentials': async () =>
      await count(
        sql`select count(*) * 2 + count(cf.url) * 2 + 1 as n from credential_findings cf where cf.company_id = ${a.companyId}`,
      ),
    'vulnerable-assets': async () =>
      await count(
        sql`select count(*) * 2 + count(*) filter (where c.cve_id is null) + 1 as n
            from vulnerability_findings vf left join cves c on c.cve_id = vf.cve_id where vf.company_id = ${a.companyId}`,
      ),
    'store-clones': async () =>
      await count(sql`select count(*) * 3 + 1 as n from clone_candidates where company_id = ${a.companyId}`),
    'script-destinations': async () =>
      await count(sql`select count(*) * 2 + 1 as n from script_findings where company_id = ${a.companyId}`),
    'cve-landscape': async () => await count(sql`select count(*) as n from cves`),
  };

  it.each(Object.keys(expected))(
    'pages %s through next: every object once, as many as SQL counts, all schema-valid',
    async (alias) => {
      const id = await collection(a, alias);
      const { objects, pages } = await everyObject(a, id);
      const want = await (expected[alias] ?? (async () => -1))();
      expect(objects).toHaveLength(want);
      expect(pages).toBeGreaterThan(1);
      expect(new Set(objects.map((o) => o.id)).size).toBe(objects.length);
      for (const object of objects) expect(stixErrors(object), JSON.stringify(object)).toEqual([]);
      // One big page holds the same objects in the same order.
      const whole = await get<Envelope>(a, `/api/collections/${id}/objects/?limit=1000`);
      expect(whole.more).toBe(false);
      expect(whole.objects?.map((o) => o.id)).toEqual(objects.map((o) => o.id));
    },
  );

  it('pages the same when the company identity sorts between rows, at any limit', async () => {
    const id = await collection(a, 'leaked-credentials');
    const before = await app.ctx.db
      .selectFrom('companies')
      .where('id', '=', a.companyId)
      .select('created_at')
      .executeTakeFirstOrThrow();
    // The identity's date added is the company's creation: put it among the rows' dates (a tie included).
    await app.ctx.db
      .updateTable('companies')
      .set({ created_at: day(4) })
      .where('id', '=', a.companyId)
      .execute();
    try {
      const whole = await get<Envelope>(a, `/api/collections/${id}/objects/?limit=1000`);
      const ids = whole.objects?.map((o) => o.id) ?? [];
      expect(ids.indexOf(ids.find((i) => i.startsWith('identity--')) ?? '')).toBeGreaterThan(0);
      expect(ids.at(-1)?.startsWith('identity--')).toBe(false);
      for (const limit of [1, 3, 5]) {
        const { objects } = await everyObject(a, id, '', limit);
        expect(objects.map((o) => o.id)).toEqual(ids);
      }
    } finally {
      await app.ctx.db
        .updateTable('companies')
        .set({ created_at: before.created_at })
        .where('id', '=', a.companyId)
        .execute();
    }
  });

  it('gives the same ids on every call', async () => {
    const id = await collection(a, 'leaked-credentials');
    const first = await get<Envelope>(a, `/api/collections/${id}/objects/`);
    const second = await get<Envelope>(a, `/api/collections/${id}/objects/`);
    expect(second.objects?.map((o) => o.id)).toEqual(first.objects?.map((o) => o.id));
    expect(first.objects?.length).toBeGreaterThan(0);
  });

  it('never lets out a password, its hash or the e-mail address', async () => {
    const id = await collection(a, 'leaked-credentials');
    const response = await call(`/api/collections/${id}/objects/`, { token: a.token });
    expect(response.body).not.toContain('Se****');
    expect(response.body).not.toContain('deadbeef');
    expect(response.body).not.toContain(`u1@${a.domain}`);
  });

  it('escapes quotes and backslashes in a pattern literal', () => {
    expect(patternLiteral("it's a \\ path")).toBe("'it\\'s a \\\\ path'");
  });

  it('writes URLs as URIs and domains in STIX patterns', async () => {
    const id = await collection(a, 'leaked-credentials');
    const body = await get<Envelope>(a, `/api/collections/${id}/objects/?match[type]=indicator&limit=1000`);
    const patterns = (body.objects ?? []).map((o) => o.pattern);
    expect(patterns).toContain(`[url:value = 'https://vpn.${a.domain}/login?x=%27q%27%5C0']`);
    expect(patterns).toContain(`[domain-name:value = '${a.domain}']`);
  });

  it('filters by added_after and says the dates added in the headers', async () => {
    const id = await collection(a, 'leaked-credentials');
    const all = await get<{ objects: { id: string; date_added: string }[] }>(
      a,
      `/api/collections/${id}/manifest/?limit=1000`,
    );
    const after = day(4).toISOString();
    const later = all.objects.filter((o) => o.date_added > after);
    expect(later.length).toBeGreaterThan(0);
    expect(later.length).toBeLessThan(all.objects.length);
    const { objects } = await everyObject(a, id, `&added_after=${after}`);
    expect(objects.map((o) => o.id)).toEqual(later.map((o) => o.id));
    const response = await call(`/api/collections/${id}/objects/?added_after=${after}`, { token: a.token });
    expect(Date.parse(String(response.headers['x-taxii-date-added-first']))).toBeGreaterThan(Date.parse(after));
    expect(response.headers['x-taxii-date-added-last']).toBe(later.at(-1)?.date_added);
  });

  it('filters by match[type] across pages', async () => {
    const id = await collection(a, 'leaked-credentials');
    const { objects } = await everyObject(a, id, '&match[type]=sighting');
    const sightings = await count(sql`select count(*) as n from credential_findings where company_id = ${a.companyId}`);
    expect(objects).toHaveLength(sightings);
    expect(objects.every((o) => o.type === 'sighting')).toBe(true);
    const none = await get<Envelope>(a, `/api/collections/${id}/objects/?match[type]=malware`);
    expect(none).toEqual({ more: false, objects: [] });
  });

  it('answers one object, its versions and 404 for an id it does not hold', async () => {
    const id = await collection(a, 'store-clones');
    const body = await get<Envelope>(a, `/api/collections/${id}/objects/?match[type]=infrastructure`);
    const object = body.objects?.[0];
    if (!object) throw new Error('no infrastructure');
    const one = await get<Envelope>(a, `/api/collections/${id}/objects/${object.id}/`);
    expect(one.objects).toEqual([object]);
    const versions = await get<{ versions: string[] }>(a, `/api/collections/${id}/objects/${object.id}/versions/`);
    expect(versions.versions).toEqual([object.modified]);
    const missing = await call(`/api/collections/${id}/objects/indicator--00000000-0000-4000-8000-000000000000/`, {
      token: a.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    'added_after=yesterday',
    'added_after=2026-13-01T00:00:00Z',
    'limit=0',
    'limit=abc',
    'limit=-1',
    'next=garbage',
    'match[type]=Bad Type',
    'match[version]=sometime',
  ])('answers 400 to %s, never 5xx', async (query) => {
    const id = await collection(a, 'leaked-credentials');
    const response = await call(`/api/collections/${id}/objects/?${query}`, { token: a.token });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ http_status: '400' });
  });
});
