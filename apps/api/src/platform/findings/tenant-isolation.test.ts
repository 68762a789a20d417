// Tenant scope on every monitoring endpoint: two companies with data of each kind; a user of one
// never reads, changes or exports a row of the other, and an id of the other answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nvdPage } from '../../modules/cves/cves.fixtures.js';
import { moduleRegistry } from '../../modules.js';
import { answerOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { tar } from '../imports/import-archive.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;
const ids = { credential: 0, device: 0, vulnerability: 0, cveFinding: 0, watchItem: 0, job: 0 };

async function seed(who: Tenant, cve: string, vendor: string) {
  await importFile(app, who, 'combolist', 'c.txt', `x1@${who.domain}:Secret-one-1\nx2@${who.domain}:Secret-two-2`);
  const stealer = tar([
    { path: 'PC1/System.txt', text: 'Malware: RedLine\nMachineName: PC1\nLog date: 01.11.2026 10:00:00' },
    {
      path: 'PC1/Passwords.txt',
      text: `URL: https://vpn.${who.domain}/\nUsername: y@${who.domain}\nPassword: Hunter-22\n`,
    },
  ]);
  await importFile(app, who, 'infostealer', 'logs.tar', stealer);
  const job = await importFile(
    app,
    who,
    'nuclei',
    'scan.jsonl',
    JSON.stringify({
      'template-id': 'open-redirect',
      info: { name: 'Open redirect', severity: 'medium' },
      host: `https://www.${who.domain}`,
      'matched-at': `https://www.${who.domain}/r`,
    }),
  );
  await importFile(app, who, 'hosts', 'hosts.txt', `${who.domain}\nwww.${who.domain}`);
  await importFile(app, who, 'js-blacklist', 'iocs.txt', `skim.${who.domain}\nhttps://cdn.${who.domain}/x.js`);
  const page = {
    queries: { request: [{ searchTerms: `ext:log site:${who.domain}` }] },
    items: [{ link: `https://www.${who.domain}/app.log` }],
  };
  await importFile(app, who, 'search-results', 'page.json', JSON.stringify(page));
  const leak = { RuleID: 'generic-password', Secret: `Pw-${who.domain}-9x`, File: 'a.env', StartLine: 1 };
  await importFile(app, who, 'gitleaks-json', 'leaks.json', JSON.stringify([leak]));
  await importFile(app, who, 'archive-urls', 'gau.txt', `https://www.${who.domain}/.env\nhttps://www.${who.domain}/a`);
  const keyword = { class: 'domain', term: who.domain };
  expect((await who.browser.post('/api/mentions/keywords', keyword, { token: who.token })).statusCode).toBe(201);
  const post = {
    source_type: 'forum',
    source_name: 'Dread',
    posted_at: '2026-11-01T10:00:00Z',
    url: 'https://d.example/1',
  };
  await importFile(
    app,
    who,
    'mentions-jsonl',
    'feed.jsonl',
    JSON.stringify({ ...post, text: `VPN of vpn.${who.domain}` }),
  );
  const supplier = { name: `Supplier of ${who.domain}`, tier: 'high' };
  expect((await who.browser.post('/api/suppliers', supplier, { token: who.token })).statusCode).toBe(201);
  // The scope is an administrator's to declare; these members are analysts.
  await app.ctx.db
    .insertInto('asset_scopes')
    .values({
      company_id: who.companyId,
      supplier_id: null,
      kind: 'domain',
      value: who.domain,
      created_by: null,
      created_at: new Date(),
    })
    .execute();
  const watch = await who.browser.post('/api/cves/watch-list', { vendor, product: null }, { token: who.token });
  expect(watch.statusCode).toBe(201);
  await importFile(
    app,
    await platformOperator(app),
    'nvd',
    'nvd.json',
    nvdPage([
      {
        id: cve,
        published: '2026-11-01T00:00:00.000',
        description: 'x',
        cvss31: 8.1,
        cpes: [`cpe:2.3:a:${vendor}:p:1:*:*:*:*:*:*:*`],
      },
    ]),
  );
  return { job: job.id, watch: answerOf('addCveWatchItem', watch).data.id };
}

/** Every list the registered modules serve (a new module's lists are checked without editing this file). */
const moduleLists = moduleRegistry.modules.flatMap((m) => m.lists);

const get = async (who: Tenant, url: string) => who.browser.get(url, { token: who.token });
const data = async <T = { id: number }>(who: Tenant, url: string) => {
  const response = await get(who, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return json<{ data: T[] }>(response).data;
};

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'tena');
  b = await newTenant(app, 'tenb');
  const seededA = await seed(a, 'CVE-2026-7001', 'vendora');
  await seed(b, 'CVE-2026-7002', 'vendorb');
  ids.job = seededA.job;
  ids.watchItem = seededA.watch;
  ids.credential = (await data(a, '/api/credentials?source_kind=combolist'))[0]?.id ?? 0;
  ids.device = (await data(a, '/api/credentials/devices'))[0]?.id ?? 0;
  ids.vulnerability = (await data(a, '/api/vulnerabilities'))[0]?.id ?? 0;
  ids.cveFinding = (await data(a, '/api/cves'))[0]?.id ?? 0;
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a user of company B', () => {
  it.each(['/api/findings', '/api/events', '/api/imports', ...moduleLists.map((l) => `/api${l.path}`)])(
    'lists only its own rows on %s',
    async (url) => {
      const rows = await data<{ id: number; finding_id?: number | null; import_id?: number | null }>(b, url);
      expect(rows.length).toBeGreaterThan(0);
      const mine = await data<{ id: number }>(a, url);
      const bIds = new Set(rows.map((r) => r.id));
      expect(mine.some((r) => bIds.has(r.id))).toBe(false);
    },
  );

  it.each(['/api/findings/export', ...moduleLists.flatMap((l) => (l.export ? [`/api${l.export}`] : []))])(
    'exports only its own rows on %s',
    async (url) => {
      const csv = (await get(b, url)).body;
      expect(csv.split('\r\n').length).toBeGreaterThan(2);
      for (const needle of [a.domain, 'CVE-2026-7001', 'vendora']) expect(csv).not.toContain(needle);
    },
  );

  it('gets 404 for every id of company A', async () => {
    for (const url of [`/api/findings/${ids.credential}`, `/api/imports/${ids.job}`]) {
      expect((await get(b, url)).statusCode, url).toBe(404);
    }
    // Every registered list with a detail: the detail of A's first row is A's alone.
    for (const list of moduleLists.filter((l) => l.detail)) {
      const [row] = await data<Record<string, unknown>>(a, `/api${list.path}`);
      expect(row, list.path).toBeDefined();
      const url = `/api${list.detail?.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row?.[field])))}`;
      expect((await get(a, url)).statusCode, url).toBe(200);
      expect((await get(b, url)).statusCode, url).toBe(404);
    }
    const patch = await b.browser.call('PATCH', `/api/findings/${ids.vulnerability}`, {
      token: b.token,
      body: { status: 'in_review' },
    });
    expect(patch.statusCode).toBe(404);
    const comment = await b.browser.post(`/api/findings/${ids.cveFinding}/comments`, { body: 'x' }, { token: b.token });
    expect(comment.statusCode).toBe(404);
    const remove = await b.browser.call('DELETE', `/api/cves/watch-list/${ids.watchItem}`, { token: b.token });
    expect(remove.statusCode).toBe(404);
  });

  it('cannot change A rows in bulk, nor see them through the timeline filter', async () => {
    const bulk = await b.browser.post(
      '/api/findings/bulk-status',
      { ids: [ids.credential, ids.device], status: 'in_review' },
      { token: b.token },
    );
    expect(answerOf('bulkUpdateFindingStatus', bulk)).toEqual({
      updated: [],
      refused: [
        { id: ids.credential, reason: 'Finding not found.' },
        { id: ids.device, reason: 'Finding not found.' },
      ],
    });
    expect(await data(b, `/api/events?finding_id=${ids.credential}`)).toEqual([]);
    const still = answerOf('getFinding', await get(a, `/api/findings/${ids.credential}`));
    expect(still.data.status).toBe('new');
    const watch = await data<{ id: number }>(a, '/api/cves/watch-list');
    expect(watch.map((w) => w.id)).toContain(ids.watchItem);
  });

  it('has its own watch list, SLA policy, assignees and dashboard', async () => {
    const watch = await data<{ vendor: string }>(b, '/api/cves/watch-list');
    expect(watch.map((w) => w.vendor)).toEqual(['vendorb']);
    const put = await b.browser.call('PUT', '/api/vulnerabilities/sla-policy', {
      token: b.token,
      body: { critical_days: 1, high_days: 2, medium_days: 3, low_days: 4 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(answerOf('getSlaPolicy', await get(a, '/api/vulnerabilities/sla-policy')).data.critical_days).toBe(7);
    expect(answerOf('getSlaPolicy', await get(b, '/api/vulnerabilities/sla-policy')).data.critical_days).toBe(1);
    expect((await data<{ id: number }>(b, '/api/findings/assignees')).map((m) => m.id)).toEqual([b.userId]);
    const dashboardB = answerOf('getDashboard', await get(b, '/api/dashboard'));
    const totalB = (await data(b, '/api/findings?page_size=100')).length;
    const sum = dashboardB.data.open_by_module.reduce((x, y) => x + y.count, 0);
    expect(sum).toBe(totalB);
  });

  it('imports into its own company only', async () => {
    const job = await importFile(
      app,
      b,
      'combolist',
      'mixed.txt',
      `z@${a.domain}:Cross-tenant-1\nz@${b.domain}:Own-tenant-1`,
    );
    expect(job.counts).toMatchObject({ read: 2, added: 1 });
    expect((await data<{ email: string }>(a, '/api/credentials')).map((c) => c.email)).not.toContain(`z@${a.domain}`);
  });
});
