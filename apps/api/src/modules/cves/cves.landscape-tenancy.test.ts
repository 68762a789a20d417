// The public CVE landscape holds no tenant data (ADR 0034). Two companies get every module's demo
// data plus rows with unique markers (a watched vendor, a scanned CVE id that is not in the
// catalogue, their names and domains); the answer stays byte for byte what it was and names none
// of them, while a change of the catalogue itself does show. And the landscape's queries name no
// table but the catalogue's.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../../shared/clock.js';
import {
  demoFilesOf,
  importFile,
  importFiles,
  newTenant,
  platformOperator,
  type Tenant,
  watchProducts,
} from '../../testing/monitoring.js';
import { recordingDb } from '../../testing/sql-recorder.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { cveFiles } from './cves.demo.js';
import { nvdPage } from './cves.fixtures.js';
import { landscapeCache, landscapeTables } from './cves.landscape.js';

const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
const URL = '/api/analytics/cve-landscape';

let database: TestDatabase;
let app: VigilApp;
let operator: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database, { clock }));
  operator = await platformOperator(app);
  for (const file of cveFiles(clock.now(), 40)) {
    expect((await importFile(app, operator, file.kind, file.fileName, file.content)).status).toBe('succeeded');
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Signed out, as the public page asks. */
async function publicAnswer(): Promise<string> {
  const response = await app.inject({ method: 'GET', url: URL });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** Lets the five-minute cache expire, so the next answer is computed afresh. */
const expireCache = () => clock.advance(5 * MINUTE + 1);

/** A company with every module's demo data and rows that carry its own unique markers. */
async function companyWithMarkers(label: string, seed: number): Promise<string[]> {
  const member = await newTenant(app, label);
  const marker = `zqx${label}${seed}`;
  const leakCve = `CVE-2099-${70000 + seed}`;
  await watchProducts(member, [
    ['apache', 'http_server'],
    [`${marker}vendor`, `${marker}product`],
  ]);
  const hosts = [`www.${member.domain}`, `${marker}.${member.domain}`];
  const watch: [string, string][] = [['apache', 'http_server']];
  const scan = JSON.stringify({
    'template-id': leakCve.toLowerCase(),
    info: { name: `${leakCve} ${marker}`, severity: 'critical', classification: { 'cve-id': [leakCve.toLowerCase()] } },
    type: 'http',
    host: `https://${hosts[1]}`,
    'matched-at': `https://${hosts[1]}/`,
    timestamp: clock.now().toISOString(),
    'matcher-status': true,
  });
  const files = [
    ...demoFilesOf({ domain: member.domain, watch, hosts }, clock.now(), seed),
    { kind: 'nuclei', fileName: `${marker}.jsonl`, content: Buffer.from(scan), options: {} },
  ];
  await importFiles(app, member, files);
  const company = await app.ctx.db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', member.companyId)
    .executeTakeFirstOrThrow();
  return [marker, leakCve, member.domain, member.email, company.name];
}

describe('the public CVE landscape and tenant data', () => {
  it('answers byte for byte the same whatever companies hold, and names none of their data', async () => {
    const before = await publicAnswer();
    const markers = [...(await companyWithMarkers('alpha', 1)), ...(await companyWithMarkers('beta', 2))];
    // The companies' data is really there, some of it about the catalogue's own CVEs and vendors.
    const counts = await app.ctx.db
      .selectFrom('findings')
      .select(['module', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('module')
      .execute();
    for (const module of ['credentials', 'cves', 'vulnerabilities', 'archives', 'secrets', 'dorks']) {
      expect(Number(counts.find((c) => c.module === module)?.n ?? 0), module).toBeGreaterThan(0);
    }
    expireCache();
    const after = await publicAnswer();
    expect(after).toBe(before);
    for (const marker of markers) expect(after.toLowerCase()).not.toContain(marker.toLowerCase());
  }, 300_000);

  it('does change with the catalogue itself (the comparison above can see a difference)', async () => {
    const before = await publicAnswer();
    const cves = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
      id: `CVE-2026-9900${n}`,
      published: clock.now().toISOString().slice(0, 23),
      description: 'new',
      cvss31: 9.8,
      cpes: ['cpe:2.3:a:zqxcatalogue:thing:1.0:*:*:*:*:*:*:*'],
    }));
    expect((await importFile(app, operator, 'nvd', 'nvd-extra.json', nvdPage(cves))).status).toBe('succeeded');
    expireCache();
    const after = await publicAnswer();
    expect(after).not.toBe(before);
    // Seven CVEs of one vendor this week: the top vendor now, and seven more in every total.
    expect(after).toContain('"top_vendors":[{"vendor":"zqxcatalogue","cves":7}');
    const total = (text: string) => (JSON.parse(text) as { totals: { cves: number } }).totals.cves;
    expect(total(after)).toBe(total(before) + 7);
  });

  it('reads no table but the catalogue’s (a company-data table named in any statement fails)', async () => {
    // As the public call runs it: the catalogue's version, then the figures.
    const { db, statements } = recordingDb(app.ctx.db);
    await landscapeCache(db, clock)(26);
    expect(statements.length).toBeGreaterThan(5);
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(app.ctx.db);
    const tables = new Set(rows.map((r) => r.table_name));
    expect(tables.has('findings') && tables.has('cve_watch_items')).toBe(true);
    const named = new Set(statements.flatMap((s) => s.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []));
    const read = [...named].filter((word) => tables.has(word)).sort();
    expect(read).toEqual([...landscapeTables].sort());
  });
});
