// GET /cve-catalogue and /cve-catalogue/{cve_id} (issue 31): the whole catalogue for every member,
// filtered and paged; one CVE with every source's fields and only the current company's watch match;
// a CVE not in the catalogue named with the catalogue's freshness; bounds refused by the contract.
import { readFileSync } from 'node:fs';
import type { components } from '@vigil/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller } from '../../platform/advisor/advisor.api-caller.js';
import { createIntentEngine } from '../../platform/advisor/advisor.intents.js';
import { advisorTools } from '../../platform/advisor/advisor.tool-list.js';
import { createToolBox } from '../../platform/advisor/advisor.toolbox.js';
import type { CveExposureData } from '../../platform/advisor/advisor.tools.js';
import { answerOf, errorOf } from '../../testing/api.js';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { epssCsv, kevCatalogue, nvdPage } from './cves.fixtures.js';

type List = components['schemas']['CatalogueList'];

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'cata');
  b = await newTenant(app, 'catb');
  const watch = async (who: Tenant, vendor: string, product: string | null) => {
    const r = await who.browser.post('/api/cves/watch-list', { vendor, product }, { token: who.token });
    expect(r.statusCode, r.body).toBe(201);
  };
  await watch(a, 'apache', 'log4j');
  await watch(a, 'google', null);
  await watch(b, 'apache', null);
  const operator = await platformOperator(app);
  const nvd = nvdPage([
    {
      id: 'CVE-2021-44228',
      published: '2021-12-10T10:15:09.143',
      description: 'Apache Log4j2 JNDI features do not protect against attacker controlled LDAP endpoints.',
      cvss31: 10,
      cpes: ['cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*'],
    },
    {
      id: 'CVE-2024-3094',
      published: '2024-03-29T17:15:21.150',
      description: 'Malicious code was discovered in the upstream tarballs of xz.',
      cvss31: 10,
      cpes: ['cpe:2.3:a:tukaani:xz:5.6.0:*:*:*:*:*:*:*'],
    },
    {
      id: 'CVE-2023-0001',
      published: '2023-01-05T10:00:00.000',
      description: 'A medium issue in the Apache HTTP Server mod_proxy.',
      cvss31: 5.3,
      cpes: ['cpe:2.3:a:apache:http_server:2.4.0:*:*:*:*:*:*:*'],
    },
  ]);
  const first = await importFile(app, operator, 'nvd', 'nvd.json', nvd);
  expect(first.status, JSON.stringify(first)).toBe('succeeded');
  // A real NVD page: CVSS 2.0 to 4.0, weaknesses and references as NVD wrote them.
  const fkie = await importFile(app, operator, 'nvd', 'fkie.json', real('nvd-api-2.0-fkie-cad-cvss-2-to-4.json'));
  expect(fkie.status).toBe('succeeded');
  const kev = kevCatalogue([
    {
      cveID: 'CVE-2021-44228',
      vendorProject: 'Apache',
      product: 'Log4j2',
      dateAdded: '2021-12-10',
      dueDate: '2021-12-24',
      ransomware: 'Known',
    },
  ]);
  expect((await importFile(app, operator, 'kev', 'kev.json', kev)).status).toBe('succeeded');
  const epss = epssCsv([
    ['CVE-2021-44228', 0.94358, 0.99957],
    ['CVE-2024-3094', 0.8, 0.98],
    ['CVE-2023-0001', 0.001, 0.2],
  ]);
  expect((await importFile(app, operator, 'epss', 'epss.csv', epss)).status).toBe('succeeded');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function list(who: Tenant, query = ''): Promise<List> {
  const r = await who.browser.get(`/api/cve-catalogue${query}`, { token: who.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('listCveCatalogue', r);
}
const ids = (body: List) => body.data.map((c) => c.cve_id);

describe('the CVE catalogue list', () => {
  it('lists the whole catalogue whatever the watch list, newest first, saying which rows the company watches', async () => {
    const all = await list(a);
    expect(ids(all).slice(0, 3)).toEqual(['CVE-2025-0200', 'CVE-2024-7000', 'CVE-2024-3400']);
    expect(all.meta.total).toBe(7);
    expect(
      all.data
        .filter((c) => c.watched)
        .map((c) => c.cve_id)
        .sort(),
    ).toEqual(['CVE-2021-44228', 'CVE-2024-7000']);
    const xz = all.data.find((c) => c.cve_id === 'CVE-2024-3094');
    expect(xz).toMatchObject({ watched: false, cvss_score: 10, cvss_version: '3.1', epss: 0.8, kev: false });
    // B watches all of apache: its own matches, never A's.
    const theirs = (await list(b)).data
      .filter((c) => c.watched)
      .map((c) => c.cve_id)
      .sort();
    expect(theirs).toEqual(['CVE-2021-44228', 'CVE-2023-0001']);
  });

  it('filters by id prefix, words, vendor, product, CWE, KEV, EPSS and CVSS ranges and publication', async () => {
    expect(ids(await list(a, '?q=cve-2021-44'))).toEqual(['CVE-2021-44228']);
    expect(ids(await list(a, '?q=CVE-2024&sort=cve_id'))).toEqual(['CVE-2024-3094', 'CVE-2024-3400', 'CVE-2024-7000']);
    expect(ids(await list(a, '?q=tarballs'))).toEqual(['CVE-2024-3094']);
    expect(ids(await list(a, '?q=nothing-like-this'))).toEqual([]);
    expect(ids(await list(a, '?vendor=apache&sort=cve_id'))).toEqual(['CVE-2021-44228', 'CVE-2023-0001']);
    expect(ids(await list(a, '?product=log4j'))).toEqual(['CVE-2021-44228']);
    expect(ids(await list(a, '?vendor=Google&product=chrome'))).toEqual(['CVE-2024-7000']);
    expect(ids(await list(a, '?cwe=CWE-78'))).toEqual(['CVE-2021-44228']);
    expect(ids(await list(a, '?cwe=CWE-416'))).toEqual(['CVE-2024-7000']);
    expect(ids(await list(a, '?kev=true'))).toEqual(['CVE-2021-44228']);
    expect((await list(a, '?kev=false')).meta.total).toBe(6);
    expect(ids(await list(a, '?min_epss=0.5&max_epss=0.9'))).toEqual(['CVE-2024-3094']);
    const mid = (await list(a, '?min_cvss=5&max_cvss=6')).data;
    expect(mid.map((c) => c.cve_id)).toContain('CVE-2023-0001');
    expect(mid.every((c) => c.cvss_score !== null && c.cvss_score >= 5 && c.cvss_score <= 6)).toBe(true);
    expect(mid.map((c) => c.cve_id)).not.toContain('CVE-2021-44228');
    expect(ids(await list(a, '?published_from=2021-01-01T00:00:00Z&published_to=2024-01-01T00:00:00Z'))).toEqual([
      'CVE-2023-0001',
      'CVE-2021-44228',
    ]);
  });

  it('pages and sorts, unscored and unrated last', async () => {
    const first = await list(a, '?page_size=2&sort=-epss');
    expect(ids(first)).toEqual(['CVE-2021-44228', 'CVE-2024-3094']);
    expect(first.meta).toMatchObject({ page: 1, page_size: 2, total: 7, has_more: true });
    const second = await list(a, '?page=2&page_size=2&sort=-epss');
    expect(ids(second)[0]).toBe('CVE-2023-0001');
    const byCvss = await list(a, '?sort=cvss');
    expect(byCvss.data[0]?.cvss_score).toBe(5);
    expect(byCvss.data.map((c) => c.cvss_score).filter((s) => s !== null)).toEqual(
      [...byCvss.data.map((c) => c.cvss_score).filter((s): s is number => s !== null)].sort((x, y) => x - y),
    );
  });

  it('refuses what the contract bounds (422)', async () => {
    for (const query of [
      '?page_size=101',
      '?page=0',
      '?min_epss=1.5',
      '?max_cvss=11',
      '?cwe=CWE-abc',
      '?vendor=a:b',
      `?q=${'x'.repeat(201)}`,
      '?sort=description',
      '?published_from=yesterday',
    ]) {
      const r = await a.browser.get(`/api/cve-catalogue${query}`, { token: a.token });
      expect(r.statusCode, query).toBe(422);
    }
  });
});

describe('one CVE of the catalogue', () => {
  async function detail(who: Tenant, id: string) {
    const r = await who.browser.get(`/api/cve-catalogue/${id}`, { token: who.token });
    expect(r.statusCode, r.body).toBe(200);
    return answerOf('getCatalogueCve', r);
  }

  it('shows every source: CVSS versions with vectors, CWE, references, KEV, EPSS with its date, products', async () => {
    const log4shell = (await detail(a, 'cve-2021-44228')).data;
    expect(log4shell).toMatchObject({
      cve_id: 'CVE-2021-44228',
      published_at: '2021-12-10T10:15:09.143Z',
      severity: 'critical',
      severity_source: '3.1',
      cvss: [{ version: '3.1', score: 10, source: true }],
      kev: { date_added: '2021-12-10', due_date: '2021-12-24', ransomware: 'Known' },
      epss: { score: 0.94358, percentile: 0.99957, model: 'v2025.03.14', date: '2026-11-21' },
    });
    expect(log4shell.cvss[0]?.vector).toMatch(/^CVSS:3\.1\//);
    expect(log4shell.kev?.required_action).toMatch(/Apply mitigations/);
    expect(log4shell.cwes).toContain('CWE-78');
    // NVD's configurations name it, so KEV's vendor/product is not needed for a watch list to match.
    expect(log4shell.products).toContainEqual({ vendor: 'apache', product: 'log4j', source: 'nvd' });

    const scored = (await detail(a, 'CVE-2025-0200')).data;
    expect(scored.cvss.map((c) => c.version)).toEqual(['4.0', '3.1', '2.0']);
    expect(scored.cvss.find((c) => c.source)?.version).toBe(scored.severity_source);
    expect(scored.cvss.every((c) => typeof c.vector === 'string')).toBe(true);
    // NVD's weaknesses and references, counted from the raw record here.
    const raw = JSON.parse(real('nvd-api-2.0-fkie-cad-cvss-2-to-4.json')).vulnerabilities.find(
      (v: { cve: { id: string } }) => v.cve.id === 'CVE-2025-0200',
    ).cve;
    const rawCwes = raw.weaknesses.flatMap((w: { description: { value: string }[] }) =>
      w.description.map((d) => d.value),
    );
    expect(scored.cwes).toEqual([...new Set(rawCwes)]);
    expect(scored.references.map((r) => r.url)).toEqual(raw.references.map((r: { url: string }) => r.url));
    expect(scored.kev).toBeNull();
  });

  it("says whether the current company's watch list matches it and why, never another company's", async () => {
    const mine = (await detail(a, 'CVE-2021-44228')).data.watch;
    expect(mine.matched).toBe(true);
    expect(mine.items).toEqual([
      { id: expect.any(Number), vendor: 'apache', product: 'log4j', matched: ['apache:log4j'] },
    ]);
    expect(mine.finding_id).toEqual(expect.any(Number));
    const theirs = (await detail(b, 'CVE-2021-44228')).data.watch;
    expect(theirs.items.map((w) => [w.vendor, w.product])).toEqual([['apache', null]]);
    expect(theirs.finding_id).not.toBe(mine.finding_id);
    const none = (await detail(a, 'CVE-2023-0001')).data.watch;
    expect(none).toEqual({ matched: false, items: [], finding_id: null });
  });

  it('is read by every role of a company', async () => {
    for (const role of ['administrator', 'analyst', 'viewer'] as const) {
      const member = await newTenant(app, `cat${role}`, { join: a, role });
      expect((await detail(member, 'CVE-2024-3094')).data.cve_id).toBe('CVE-2024-3094');
      expect((await list(member, '?q=CVE-2024-3094')).data).toHaveLength(1);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/cve-catalogue/CVE-2024-3094' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 naming a CVE not in the catalogue and the catalogue's freshness; 422 for what is no CVE id", async () => {
    const missing = await a.browser.get('/api/cve-catalogue/CVE-1999-9999', { token: a.token });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toMatch(
      /^CVE-1999-9999 is not in the catalogue, never synced with NVD here; it holds NVD records published up to \d{4}-\d\d-\d\d( and KEV release [\d.]+)?; last catalogue upload \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    await app.ctx.db
      .insertInto('catalogue_feeds')
      .values({ feed: 'nvd', last_success_at: new Date('2026-12-05T08:15:00Z') })
      .execute();
    const synced = await a.browser.get('/api/cve-catalogue/CVE-1999-9999', { token: a.token });
    expect(errorOf(synced).message).toBe('CVE-1999-9999 is not in the catalogue, last NVD sync 2026-12-05 08:15 UTC.');
    for (const bad of ['log4shell', 'CVE-21-1', `CVE-2021-${'1'.repeat(30)}`]) {
      const r = await a.browser.get(`/api/cve-catalogue/${bad}`, { token: a.token });
      expect(r.statusCode, bad).toBe(422);
    }
  });
});

describe('search and the advisor read the same catalogue', () => {
  async function cveHits(who: Tenant, q: string) {
    const r = await who.browser.get(`/api/search?q=${encodeURIComponent(q)}&kinds=cves`, { token: who.token });
    expect(r.statusCode, r.body).toBe(200);
    const body = answerOf('search', r);
    return body.groups.find((g) => g.kind === 'cves')?.hits ?? [];
  }

  it('finds a catalogue CVE by its id for a member whose watch list does not match it, opening its catalogue detail', async () => {
    const viewer = await newTenant(app, 'catsearch', { join: a, role: 'viewer' });
    const [hit] = await cveHits(viewer, 'cve-2024-3094');
    expect(hit).toMatchObject({
      title: 'CVE-2024-3094',
      company: null,
      link: '/cvemonitor?tab=catalogue&cve=CVE-2024-3094',
    });
    expect(await cveHits(viewer, 'CVE-1999-9998')).toEqual([]);
  });

  async function ask(who: Tenant, question: string) {
    const tools = createToolBox(
      advisorTools,
      { api: createApiCaller(app, who.token), language: 'en', now: new Date() },
      8,
    );
    const result = await createIntentEngine().answer({
      question,
      history: [],
      language: 'en',
      tools,
      onText: () => undefined,
      signal: new AbortController().signal,
      now: new Date(),
    });
    const exposure = tools.calls.find((c) => c.name === 'cve_exposure');
    expect(exposure).toBeDefined();
    return {
      content: result.content,
      data: (await tools.call('cve_exposure', { cve: question.match(/CVE-[\d-]+/)?.[0] })).data as CveExposureData,
    };
  }

  it('says first whether a CVE is known: unknown with the last NVD sync, else what it is and whether the company is affected', async () => {
    const unknown = await ask(a, 'Are we affected by CVE-1999-9999?');
    expect(unknown.data.not_in_catalogue).toEqual({
      last_nvd_sync_at: '2026-12-05T08:15:00.000Z',
      last_upload_at: expect.any(String),
      nvd_newest_published_at: expect.any(String),
      kev_catalog_version: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(unknown.content).toMatch(/^CVE-1999-9999 is not in the catalogue \(last NVD sync [^)]*2026[^)]*\)/);
    expect(unknown.content).not.toContain('No record shows you affected');

    const xz = await ask(a, 'Are we affected by CVE-2024-3094?');
    expect(xz.data).toMatchObject({ not_in_catalogue: null, affected: false, catalogue: { ref: 'CVE-2024-3094' } });
    expect(xz.content).toContain('[CVE-2024-3094]: In the CVE catalogue, ');
    expect(xz.content).toContain('No record shows you affected by CVE-2024-3094');

    const log4shell = await ask(a, 'Are we affected by CVE-2021-44228?');
    expect(log4shell.data).toMatchObject({ not_in_catalogue: null, affected: true });
    expect(log4shell.content).toContain('Yes: CVE-2021-44228');
  });
});
