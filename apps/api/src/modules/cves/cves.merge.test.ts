// Issue 31, sources merge and never regress: KEV's vendor/product reaches watch lists whatever came
// first, an older feed file (KEV release, NVD lastModified, EPSS score date) changes nothing and says
// so, the same file twice is a no-op, and a CVE NVD has not published or scored keeps no date or severity.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { epssCsv, kevCatalogue, nvdPage } from './cves.fixtures.js';

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');

let database: TestDatabase;
let app: VigilApp;
let team: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  team = await newTenant(app, 'merge');
  for (const vendor of ['roundcube', 'ivanti', 'accellion']) {
    const r = await team.browser.post('/api/cves/watch-list', { vendor, product: null }, { token: team.token });
    expect(r.statusCode, r.body).toBe(201);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const row = (id: string) => app.ctx.db.selectFrom('cves').selectAll().where('cve_id', '=', id).executeTakeFirst();
const products = async (id: string) =>
  (
    await app.ctx.db
      .selectFrom('cve_products')
      .select(['vendor', 'product', 'source'])
      .where('cve_id', '=', id)
      .orderBy('vendor')
      .orderBy('product')
      .execute()
  ).map((p) => `${p.source} ${p.vendor}:${p.product}`);
const findingOf = (id: string) =>
  app.ctx.db
    .selectFrom('cve_findings as cf')
    .innerJoin('findings as f', 'f.id', 'cf.finding_id')
    .select(['f.severity', 'cf.company_id'])
    .where('cf.cve_id', '=', id)
    .where('cf.company_id', '=', team.companyId)
    .executeTakeFirst();
const changesOf = async (id: string) =>
  (await app.ctx.db.selectFrom('cve_changes').select('field').where('cve_id', '=', id).execute()).length;

const roundcube = {
  cveID: 'CVE-2026-61001',
  vendorProject: 'Roundcube',
  product: 'Webmail',
  dateAdded: '2026-11-18',
  dueDate: '2026-12-09',
};

describe('KEV releases (before any 2026 file)', () => {
  it('KEV: a newer release then an older one (real 2023 files) leaves the newer values; the same twice is a no-op', async () => {
    const operator = await platformOperator(app);
    const newer = real('kev-2023.11.06-ransomware-field.json');
    const entries = newer.split('\n').filter((l) => l.includes('"cveID"')).length;
    const first = await importFile(app, operator, 'kev', 'kev-2023.11.06.json', newer);
    expect(first).toMatchObject({ status: 'succeeded', counts: { read: entries, rejected: 0 } });
    const known = await app.ctx.db
      .selectFrom('cves')
      .select(['cve_id', 'kev_ransomware'])
      .where('kev_ransomware', '=', 'Known')
      .execute();
    expect(known.length).toBeGreaterThan(0);
    const older = real('kev-2023.04.13-no-ransomware-field.json');
    const olderEntries = older.split('\n').filter((l) => l.includes('"cveID"')).length;
    const second = await importFile(app, operator, 'kev', 'kev-2023.04.13.json', older);
    expect(second).toMatchObject({
      status: 'failed',
      counts: { read: olderEntries, added: 0, updated: 0, rejected: 0 },
    });
    expect(second.log.map((l) => l.message)).toContain(
      "This KEV catalogue 2023.04.13 (released 2023-04-13) is older than the catalogue's 2023.11.06 (released 2023-11-06): its entries changed nothing.",
    );
    for (const k of known) expect((await row(k.cve_id))?.kev_ransomware).toBe('Known');
    const changes = await app.ctx.db.selectFrom('cve_changes').select('id').execute();
    const third = await importFile(app, operator, 'kev', 'kev-2023.11.06-again.json', newer);
    expect(third).toMatchObject({ status: 'succeeded', counts: { read: entries, added: 0, updated: 0 } });
    expect(await app.ctx.db.selectFrom('cve_changes').select('id').execute()).toHaveLength(changes.length);
    // Accellion's entries reached the watch list through KEV's vendor (no NVD record of them here).
    expect(await findingOf('CVE-2021-27104')).toMatchObject({ severity: 'high' });
  });
});

describe('KEV and NVD, whatever came first', () => {
  it('NVD without configurations first: KEV then adds its vendor/product, and the watch list matches', async () => {
    const operator = await platformOperator(app);
    const id = 'CVE-2026-61002';
    const nvd = nvdPage([{ id, published: '2026-11-10T00:00:00.000', description: 'Ivanti EPMM flaw', cpes: [] }]);
    expect((await importFile(app, operator, 'nvd', 'nvd.json', nvd)).status).toBe('succeeded');
    // NVD has not scored it: unknown, not 'info'.
    expect(await row(id)).toMatchObject({ severity: null, severity_source: null, description_source: 'nvd' });
    const kev = kevCatalogue([{ ...roundcube, cveID: id, vendorProject: 'Ivanti', product: 'EPMM' }]);
    const job = await importFile(app, operator, 'kev', 'kev.json', kev);
    expect(job.counts).toEqual({ read: 1, added: 0, updated: 1, rejected: 0 });
    expect(await products(id)).toEqual(['kev ivanti:epmm']);
    expect(await findingOf(id)).toMatchObject({ severity: 'high' });
  });

  it('KEV first: no invented date or severity; NVD later brings its date, scores and products beside KEV’s', async () => {
    const operator = await platformOperator(app);
    const id = roundcube.cveID;
    const job = await importFile(app, operator, 'kev', 'kev.json', kevCatalogue([roundcube], '2026-11-21T17:00:00Z'));
    expect(job.counts).toEqual({ read: 1, added: 1, updated: 0, rejected: 0 });
    expect(await row(id)).toMatchObject({
      published_at: null,
      severity: null,
      description_source: 'kev',
      kev_date_added: expect.anything(),
      kev_vendor: 'roundcube',
      kev_catalog_version: '2026.11.21',
      kev_cwes: ['CWE-78'],
    });
    expect(await products(id)).toEqual(['kev roundcube:webmail']);
    // A known-exploited CVE's finding is high, as it always was; the catalogue says "unknown".
    expect(await findingOf(id)).toMatchObject({ severity: 'high' });
    const nvd = nvdPage([
      {
        id,
        published: '2026-11-15T00:00:00.000',
        lastModified: '2026-11-22T00:00:00.000',
        description: 'Roundcube Webmail XSS',
        cvss31: 6.1,
        cpes: ['cpe:2.3:a:roundcube:webmail:1.6.0:*:*:*:*:*:*:*', 'cpe:2.3:a:debian:debian_linux:12.0:*:*:*:*:*:*:*'],
      },
    ]);
    expect((await importFile(app, operator, 'nvd', 'nvd.json', nvd)).counts).toMatchObject({ added: 0, updated: 1 });
    expect(await row(id)).toMatchObject({
      severity: 'medium',
      severity_source: '3.1',
      description: 'Roundcube Webmail XSS',
      description_source: 'nvd',
      kev_vendor: 'roundcube',
    });
    expect((await row(id))?.published_at?.toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(await products(id)).toEqual(['nvd debian:debian_linux', 'kev roundcube:webmail']);
  });
});

describe('an older file changes nothing; the same file twice is a no-op', () => {
  it('NVD: an older record leaves the newer; the same one again changes nothing', async () => {
    const operator = await platformOperator(app);
    const id = roundcube.cveID;
    const older = nvdPage([
      {
        id,
        published: '2026-11-15T00:00:00.000',
        lastModified: '2026-11-16T00:00:00.000',
        description: 'Old text',
        cvss31: 9.8,
        cpes: [],
      },
    ]);
    const job = await importFile(app, operator, 'nvd', 'old.json', older);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'Nothing was kept: all 1 records read were NVD records older than the catalogue holds, or repeated (the last one kept).',
    );
    expect(job.log.map((l) => l.message)).toContain(
      `NVD records older than the catalogue's (an earlier lastModified) left the newer in place: ${id}.`,
    );
    expect(await row(id)).toMatchObject({ severity: 'medium', description: 'Roundcube Webmail XSS' });
    const changes = await changesOf(id);
    const same = nvdPage([
      {
        id,
        published: '2026-11-15T00:00:00.000',
        lastModified: '2026-11-22T00:00:00.000',
        description: 'Roundcube Webmail XSS',
        cvss31: 6.1,
        cpes: ['cpe:2.3:a:roundcube:webmail:1.6.0:*:*:*:*:*:*:*', 'cpe:2.3:a:debian:debian_linux:12.0:*:*:*:*:*:*:*'],
      },
    ]);
    const again = await importFile(app, operator, 'nvd', 'same.json', same);
    expect(again).toMatchObject({ status: 'succeeded', counts: { read: 1, added: 0, updated: 0, rejected: 0 } });
    expect(await changesOf(id)).toBe(changes);
  });

  it('EPSS: an older score date changes nothing and never blanks a value; the same file twice is a no-op', async () => {
    const operator = await platformOperator(app);
    const id = roundcube.cveID;
    const today = epssCsv([[id, 0.5, 0.9]], 'v2025.03.14', '2026-11-21');
    expect((await importFile(app, operator, 'epss', 'e1.csv', today)).counts).toMatchObject({ updated: 1 });
    const again = await importFile(app, operator, 'epss', 'e2.csv', today);
    expect(again).toMatchObject({ status: 'succeeded', counts: { read: 1, updated: 0 } });
    const older = await importFile(
      app,
      operator,
      'epss',
      'e0.csv',
      epssCsv([[id, 0.01, 0.1]], 'v2025.03.14', '2026-11-01'),
    );
    expect(older.status).toBe('failed');
    expect(await row(id)).toMatchObject({ epss: 0.5, epss_percentile: 0.9 });
  });
});
