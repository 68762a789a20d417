// The public CVE landscape's figures: weeks cut on Monday 00:00 UTC, severities, KEV additions by
// the week they were added, EPSS buckets at their bounds, top vendors, freshness; public (no
// session), validated, and computed at most once per five minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE, SECOND } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import { importFile, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { recordingDb } from '../../testing/sql-recorder.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { epssCsv, kevCatalogue, type NvdFixture, nvdPage } from './cves.fixtures.js';
import { landscapeCache } from './cves.landscape.js';

// A Saturday: the current week began on Monday 2026-11-16.
const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
const cpe = (vendor: string, product: string) => `cpe:2.3:a:${vendor}:${product}:1.0:*:*:*:*:*:*:*`;
const apache = cpe('apache', 'http_server');
const openssl = cpe('openssl', 'openssl');

const catalogue: NvdFixture[] = [
  { id: 'CVE-2026-1001', published: '2026-11-16T00:00:00.000', description: 'a', cvss31: 9.8, cpes: [apache] },
  { id: 'CVE-2026-1002', published: '2026-11-15T23:59:59.000', description: 'b', cvss31: 7.5, cpes: [apache] },
  { id: 'CVE-2026-1003', published: '2026-11-03T10:00:00.000', description: 'c', cvss31: 5.3, cpes: [openssl] },
  {
    id: 'CVE-2026-1004',
    published: '2026-10-26T00:00:00.000',
    description: 'd',
    cvss31: 3.1,
    cpes: [cpe('f5', 'nginx')],
  },
  // The day before the four weeks: in the totals only.
  { id: 'CVE-2026-1005', published: '2026-10-25T23:59:59.000', description: 'e', cvss31: 9.1, cpes: [apache] },
  { id: 'CVE-2026-1006', published: '2026-11-20T10:00:00.000', description: 'f', cpes: [cpe('gitlab', 'gitlab')] },
  { id: 'CVE-2026-1007', published: '2026-11-21T11:00:00.000', description: 'g', cvss31: 8.8, cpes: [apache, openssl] },
];
const kev = (cveID: string, dateAdded: string) => ({
  cveID,
  vendorProject: 'v',
  product: 'p',
  dateAdded,
  dueDate: dateAdded,
});

let database: TestDatabase;
let app: VigilApp;
let operator: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database, { clock }));
  operator = await platformOperator(app);
  const files: [string, string, string][] = [
    ['nvd', 'nvd.json', nvdPage(catalogue)],
    [
      'kev',
      'kev.json',
      kevCatalogue([
        kev('CVE-2026-1005', '2026-11-17'),
        kev('CVE-2026-1002', '2026-11-09'),
        kev('CVE-2026-1004', '2026-10-25'),
      ]),
    ],
    [
      'epss',
      'epss.csv',
      epssCsv([
        ['CVE-2026-1001', 0.97, 0.99],
        ['CVE-2026-1002', 0.5, 0.9],
        ['CVE-2026-1003', 0.0009, 0.1],
        ['CVE-2026-1004', 0.001, 0.2],
        ['CVE-2026-1005', 1, 1],
        ['CVE-2026-1007', 0.05, 0.7],
      ]),
    ],
  ];
  for (const [kind, name, content] of files) {
    expect((await importFile(app, operator, kind, name, content)).status).toBe('succeeded');
  }
  await app.ctx.db
    .insertInto('catalogue_feeds')
    .values({ feed: 'nvd', cursor: null, last_success_at: new Date('2026-11-21T06:00:00Z') })
    .execute();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Signed out: no token, no cookie, no anti-forgery header. */
async function landscape(query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/analytics/cve-landscape${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { body: answerOf('getCveLandscape', response), text: response.body, headers: response.headers };
}

const none = { critical: 0, high: 0, medium: 0, low: 0, info: 0, kev_added: 0 };

describe('the CVE landscape', () => {
  it('counts each week from Monday 00:00 UTC, by severity, with the KEV additions of the week', async () => {
    const { body } = await landscape('?weeks=4');
    expect(body.period).toEqual({ from: '2026-10-26', to: '2026-11-22', weeks: 4 });
    expect(body.weeks).toEqual([
      { ...none, week: '2026-10-26', low: 1 },
      { ...none, week: '2026-11-02', medium: 1 },
      { ...none, week: '2026-11-09', high: 1, kev_added: 1 },
      // A CVE without a score counts as info; a KEV addition counts in its own week, whenever published.
      { ...none, week: '2026-11-16', critical: 1, high: 1, info: 1, kev_added: 1 },
    ]);
    expect(body.totals).toEqual({ cves: 7, kev: 3, with_epss: 6, published_in_period: 6, kev_added_in_period: 2 });
  });

  it('buckets EPSS scores with the lower bound inclusive and 1 in the top bucket', async () => {
    const { body } = await landscape('?weeks=4');
    expect(body.epss).toEqual([
      { from: 0, to: 0.001, cves: 1 },
      { from: 0.001, to: 0.01, cves: 1 },
      { from: 0.01, to: 0.1, cves: 1 },
      { from: 0.1, to: 0.5, cves: 0 },
      { from: 0.5, to: 1, cves: 3 },
    ]);
  });

  it('ranks vendors by CVEs of the period (a CVE once per vendor), ties by name', async () => {
    const { body } = await landscape('?weeks=4');
    expect(body.top_vendors).toEqual([
      { vendor: 'apache', cves: 3 },
      { vendor: 'openssl', cves: 2 },
      { vendor: 'f5', cves: 1 },
      { vendor: 'gitlab', cves: 1 },
    ]);
  });

  it('says how fresh the catalogue is: its last change and each feed’s last sync', async () => {
    const { body } = await landscape('?weeks=4');
    const latest = await app.ctx.db
      .selectFrom('cves')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    expect(body.freshness).toEqual({
      last_updated_at: new Date(latest?.at as Date).toISOString(),
      feeds: [
        { feed: 'nvd', last_success_at: '2026-11-21T06:00:00.000Z' },
        { feed: 'kev', last_success_at: null },
        { feed: 'epss', last_success_at: null },
      ],
    });
  });

  it('covers 26 weeks by default, the last one the current week', async () => {
    const { body } = await landscape();
    expect(body.weeks).toHaveLength(26);
    expect(body.period).toEqual({ from: '2026-05-25', to: '2026-11-22', weeks: 26 });
    expect(body.weeks.at(-1)?.week).toBe('2026-11-16');
    expect(body.totals.published_in_period).toBe(7);
  });

  it('answers anyone, signed out, and lets the browser keep the answer five minutes', async () => {
    const { headers } = await landscape();
    expect(headers['cache-control']).toBe('private, max-age=300');
  });

  it.each(['3', '53', '0', '-1', 'x', '2.5', '99999999999'])('refuses weeks=%s with 422', async (weeks) => {
    const response = await app.inject({ method: 'GET', url: `/api/analytics/cve-landscape?weeks=${weeks}` });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.body).toContain('weeks');
  });
});

describe('the cache of the public call', () => {
  it('computes again only after five minutes, or when the catalogue changes; callers at once share one', async () => {
    const { db, statements } = recordingDb(app.ctx.db);
    const cached = landscapeCache(db, clock);
    // One computation reads the top vendors once (grouped; the period's end also looks at cve_products).
    const computations = () => statements.filter((s) => s.includes('cve_products') && s.includes('group by')).length;
    await Promise.all([cached(4), cached(4)]);
    await cached(4);
    expect(computations()).toBe(1);
    clock.advance(4 * MINUTE);
    await cached(4);
    expect(computations()).toBe(1);
    await cached(5);
    expect(computations()).toBe(2);
    clock.advance(MINUTE + SECOND);
    await cached(4);
    expect(computations()).toBe(3);
  });

  it('shows a change of the catalogue at once', async () => {
    expect((await landscape('?weeks=4')).body.totals.cves).toBe(7);
    clock.advance(SECOND);
    const added: NvdFixture = {
      id: 'CVE-2026-1008',
      published: '2026-11-21T11:30:00.000',
      description: 'h',
      cvss31: 9.9,
      cpes: [apache],
    };
    expect((await importFile(app, operator, 'nvd', 'nvd-2.json', nvdPage([added]))).status).toBe('succeeded');
    const after = (await landscape('?weeks=4')).body;
    expect(after.totals.cves).toBe(8);
    expect(after.weeks.at(-1)?.critical).toBe(2);
  });
});
