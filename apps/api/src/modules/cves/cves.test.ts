// CVE monitor: NVD, KEV and EPSS imports into the global catalogue; the watch list turns matches
// into findings of every matching company; score changes become history and events.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { epssCsv, kevCatalogue, nvdPage } from './cves.fixtures.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;

const apache = 'cpe:2.3:a:apache:http_server:2.4.49:*:*:*:*:*:*:*';
const nginx = 'cpe:2.3:a:f5:nginx:1.25.0:*:*:*:*:*:*:*';
const openssl = 'cpe:2.3:a:openssl:openssl:3.0.0:*:*:*:*:*:*:*';

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'cvea');
  b = await newTenant(app, 'cveb');
  for (const [who, vendor, product] of [
    [a, 'apache', 'http_server'],
    [a, 'openssl', null],
    [b, 'f5', 'nginx'],
  ] as const) {
    const r = await who.browser.post('/api/cves/watch-list', { vendor, product }, { token: who.token });
    expect(r.statusCode, r.body).toBe(201);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function cves(who: Tenant, query = '') {
  const r = await who.browser.get(`/api/cves${query}`, { token: who.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('listCves', r).data;
}

describe('CVE imports and the watch list', () => {
  it('imports an NVD page and makes findings only for the companies whose watch list matches', async () => {
    const page = nvdPage([
      {
        id: 'CVE-2026-0001',
        published: '2026-11-01T10:00:00.000',
        description: 'Path traversal in Apache HTTP Server',
        cvss31: 7.5,
        cpes: [apache],
      },
      {
        id: 'CVE-2026-0002',
        published: '2026-11-02T10:00:00.000',
        description: 'nginx resolver overflow',
        cvss31: 9.8,
        cvss40: 9.3,
        cpes: [nginx],
      },
      {
        id: 'CVE-2026-0003',
        published: '2026-11-03T10:00:00.000',
        description: 'OpenSSL X.509 issue',
        cvss31: 5.3,
        cpes: [openssl],
      },
      {
        id: 'CVE-2026-0004',
        published: '2026-11-04T10:00:00.000',
        description: 'Unwatched product',
        cvss31: 4.0,
        cpes: ['cpe:2.3:a:acme:widget:1:*:*:*:*:*:*:*'],
      },
    ]);
    const broken = page.replace('"CVE-2026-0004"', '"not-a-cve"');
    const job = await importFile(app, await platformOperator(app), 'nvd', 'nvdcve-2.0-page-1.json', broken);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({ read: 4, added: 3, updated: 0, rejected: 1 });
    expect(job.rejects[0]).toMatchObject({ line: 4, reason: 'Bad CVE id "not-a-cve".' });
    expect((await cves(a)).map((c) => c.cve_id)).toEqual(['CVE-2026-0003', 'CVE-2026-0001']);
    const [nginxRow] = await cves(b);
    expect(nginxRow).toMatchObject({
      cve_id: 'CVE-2026-0002',
      severity: 'critical',
      cvss31_score: 9.8,
      cvss40_score: 9.3,
      products: ['f5:nginx'],
    });
    // A's upload created B's finding: the importer is the actor, B sees a finding.created event.
    const events = answerOf('listEvents', await b.browser.get('/api/events?module=cves', { token: b.token }));
    expect(events.data.map((e) => e.kind)).toEqual(['finding.created']);
  });

  it('adds KEV data (minimal rows for unknown CVEs), records the change and the event', async () => {
    const kev = kevCatalogue([
      {
        cveID: 'CVE-2026-0001',
        vendorProject: 'Apache',
        product: 'HTTP Server',
        dateAdded: '2026-11-10',
        dueDate: '2026-12-01',
        ransomware: 'Known',
      },
      {
        cveID: 'CVE-2026-0099',
        vendorProject: 'Apache',
        product: 'HTTP Server',
        dateAdded: '2026-11-11',
        dueDate: '2026-12-02',
      },
    ]);
    const job = await importFile(app, await platformOperator(app), 'kev', 'known_exploited_vulnerabilities.json', kev);
    expect(job.counts).toMatchObject({ read: 2, added: 1, updated: 1, rejected: 0 });
    const rows = await cves(a, '?kev=true');
    expect(rows.map((r) => r.cve_id).sort()).toEqual(['CVE-2026-0001', 'CVE-2026-0099']);
    expect(rows.find((r) => r.cve_id === 'CVE-2026-0001')).toMatchObject({
      kev_due_date: '2026-12-01',
      kev_ransomware: 'Known',
    });
    const detail = answerOf('getCve', await a.browser.get('/api/cves/CVE-2026-0001', { token: a.token }));
    expect(detail.changes).toEqual([expect.objectContaining({ field: 'kev', to: '2026-11-10' })]);
    const events = answerOf('listEvents', await a.browser.get('/api/events?kind=score.changed', { token: a.token }));
    expect(events.data).toEqual([expect.objectContaining({ finding_id: detail.data.finding_id })]);
  });

  it('reads the EPSS CSV (gzip too), keeps model and date, records big moves only', async () => {
    const first = epssCsv([
      ['CVE-2026-0001', 0.1, 0.5],
      ['CVE-2026-0003', 0.02, 0.3],
      ['CVE-2026-0002', 0.9, 0.99],
    ]);
    const job = await importFile(
      app,
      await platformOperator(app),
      'epss',
      'epss_scores-2026-11-20.csv.gz',
      gzipSync(`${first}\nbad-line,x,y`),
    );
    expect(job.counts).toMatchObject({ read: 4, updated: 3, rejected: 1 });
    const second = epssCsv(
      [
        ['CVE-2026-0001', 0.6, 0.97],
        ['CVE-2026-0003', 0.03, 0.31],
      ],
      'v2025.03.14',
      '2026-11-21',
    );
    await importFile(app, await platformOperator(app), 'epss', 'epss_scores-2026-11-21.csv', second);
    const row = (await cves(a)).find((r) => r.cve_id === 'CVE-2026-0001');
    expect(row).toMatchObject({ epss: 0.6, epss_percentile: 0.97 });
    const detail = answerOf('getCve', await a.browser.get('/api/cves/CVE-2026-0001', { token: a.token }));
    expect(detail.data.epss_date).toBe('2026-11-21');
    expect(detail.changes.map((c) => c.field)).toEqual(['epss', 'kev']);
    const small = answerOf('getCve', await a.browser.get('/api/cves/CVE-2026-0003', { token: a.token }));
    expect(small.changes).toEqual([]);
  });

  it('records CVSS changes across NVD imports and updates the finding severity (the system as actor, no import of the company)', async () => {
    const job = await importFile(
      app,
      await platformOperator(app),
      'nvd',
      'nvd-update.json',
      nvdPage([
        {
          id: 'CVE-2026-0003',
          published: '2026-11-03T10:00:00.000',
          lastModified: '2026-11-20T10:00:00.000',
          description: 'OpenSSL X.509 issue',
          cvss31: 9.1,
          cpes: [openssl],
        },
      ]),
    );
    expect(job.counts).toMatchObject({ added: 0, updated: 1 });
    const detail = answerOf('getCve', await a.browser.get('/api/cves/CVE-2026-0003', { token: a.token }));
    expect(detail.changes[0]).toMatchObject({ field: 'cvss31_score', from: '5.3', to: '9.1' });
    const finding = answerOf(
      'getFinding',
      await a.browser.get(`/api/findings/${detail.data.finding_id}`, { token: a.token }),
    );
    expect(finding.data.severity).toBe('critical');
    expect(finding.data.history[0]).toMatchObject({ field: 'severity', import_id: null });
    expect(job.id).toBeGreaterThan(0);
  });

  it('back-fills findings when a watch item is added; products and watch list read back', async () => {
    const widget = 'cpe:2.3:a:acme:widget:1:*:*:*:*:*:*:*';
    const page = nvdPage([
      {
        id: 'CVE-2026-0004',
        published: '2026-11-04T10:00:00.000',
        description: 'Widget bug',
        cvss31: 4.0,
        cpes: [widget],
      },
    ]);
    expect((await importFile(app, await platformOperator(app), 'nvd', 'nvd-widget.json', page)).counts.added).toBe(1);
    expect(await cves(b, '?q=CVE-2026-0004')).toEqual([]);
    const add = await b.browser.post('/api/cves/watch-list', { vendor: 'acme', product: 'widget' }, { token: b.token });
    expect(answerOf('addCveWatchItem', add).data.match_count).toBe(1);
    const dup = await b.browser.post('/api/cves/watch-list', { vendor: 'acme', product: 'widget' }, { token: b.token });
    expect(dup.statusCode).toBe(409);
    const list = answerOf('listCveWatchItems', await b.browser.get('/api/cves/watch-list', { token: b.token }));
    expect(list.data.map((w) => `${w.vendor}:${w.product}:${w.match_count}`)).toEqual(['acme:widget:1', 'f5:nginx:1']);
    const products = answerOf('listCveProducts', await b.browser.get('/api/cves/products?q=apa', { token: b.token }));
    expect(products.data).toEqual([{ vendor: 'apache', product: 'http_server', cve_count: 2 }]);
    expect((await cves(b, '?q=CVE-2026-0004')).map((r) => r.cve_id)).toEqual(['CVE-2026-0004']);
  });

  it('keeps a CVSS 3.1 score its vector does not give, as published, and names it in the job log', async () => {
    const page = nvdPage([
      {
        id: 'CVE-2026-0101',
        published: '2026-11-05T10:00:00.000',
        description: 'Agrees with its vector',
        cvss31: 6.1,
        cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
        cpes: [apache],
      },
      {
        id: 'CVE-2026-0102',
        published: '2026-11-05T10:00:00.000',
        description: 'Disagrees with its vector',
        cvss31: 4.3,
        cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        cpes: [apache],
      },
    ]);
    const job = await importFile(app, await platformOperator(app), 'nvd', 'nvd-vectors.json', page);
    expect(job.status).toBe('succeeded');
    const warnings = job.log.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toEqual([
      'CVSS 3.1 score disagrees with its vector, kept as published: CVE-2026-0102 4.3 (its vector gives 9.8).',
    ]);
    const rows = await cves(a, '?q=CVE-2026-010');
    expect(rows.map((r) => `${r.cve_id} ${r.cvss31_score} ${r.severity}`).sort()).toEqual([
      'CVE-2026-0101 6.1 medium',
      'CVE-2026-0102 4.3 medium',
    ]);
  });

  it('refuses a malformed file with its reason and changes nothing', async () => {
    const before = await cves(a);
    const job = await importFile(app, await platformOperator(app), 'nvd', 'broken.json', '{"vulnerabilities": [');
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^Not valid JSON/);
    expect(job.rejects[0]).toMatchObject({ line: 0 });
    expect(await cves(a)).toEqual(before);
  });
});
