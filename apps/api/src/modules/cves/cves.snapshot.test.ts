// Issue 31: the real catalogue snapshot the demo loads on a fresh start (data/cve-snapshot), put
// through the importers as the demo does, holds what the raw files hold: every count below is
// computed from the gzipped files by this test's own plain reading, not by the parsers.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFile, type snapshotFileNames } from '../../shared/cve-snapshot.js';
import { importFile, platformOperator } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { snapshotCveFiles } from './cves.demo.js';

let database: TestDatabase;
let app: VigilApp;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const raw = (kind: keyof typeof snapshotFileNames) => gunzipSync(snapshotFile(kind)).toString('utf8');

/** The CVE ids of the raw NVD files: API 2.0 `vulnerabilities[].cve.id`, 1.1 `CVE_Items[].cve.CVE_data_meta.ID`. */
function nvdIds(): Set<string> {
  const page = JSON.parse(raw('nvd')) as { vulnerabilities: { cve: { id: string } }[] };
  const ids = new Set(page.vulnerabilities.map((v) => v.cve.id));
  for (const kind of ['nvdKev', 'nvdRecent'] as const) {
    const feed = JSON.parse(raw(kind)) as { CVE_Items: { cve: { CVE_data_meta: { ID: string } } }[] };
    for (const item of feed.CVE_Items) ids.add(item.cve.CVE_data_meta.ID);
  }
  return ids;
}

describe('the catalogue snapshot loaded as the demo loads it', () => {
  it('holds every NVD record, every KEV entry and the EPSS rows of its CVEs, counted from the raw files', async () => {
    const nvd = nvdIds();
    const kev = new Set(
      (JSON.parse(raw('kev')) as { vulnerabilities: { cveID: string }[] }).vulnerabilities.map((v) => v.cveID),
    );
    const epssRows = raw('epss')
      .split('\n')
      .filter((line) => line.startsWith('CVE-'))
      .map((line) => line.split(',')[0] ?? '');
    const all = new Set([...nvd, ...kev]);
    // The snapshot is what the README says it is: many real records, KEV whole.
    expect(kev.size).toBe(1404);
    expect(nvd.size).toBeGreaterThan(1800);
    expect([...kev].filter((id) => nvd.has(id)).length).toBeGreaterThan(700);

    const operator = await platformOperator(app);
    const started = Date.now();
    const times: string[] = [];
    for (const file of snapshotCveFiles()) {
      const at = Date.now();
      const job = await importFile(app, operator, file.kind, file.fileName, file.content);
      expect(job.status, `${file.fileName}: ${job.error}`).toBe('succeeded');
      expect(job.rejects, file.fileName).toEqual([]);
      times.push(`${file.fileName} ${((Date.now() - at) / 1000).toFixed(1)} s`);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`snapshot import: ${all.size} CVEs in ${seconds.toFixed(1)} s (${times.join(', ')})`);

    const db = app.ctx.db;
    const count = async (column: 'published_at' | 'kev_date_added' | 'epss') =>
      Number(
        (
          await db
            .selectFrom('cves')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(column, 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const total = Number(
      (
        await db
          .selectFrom('cves')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBe(all.size);
    expect(await count('published_at')).toBe(nvd.size);
    expect(await count('kev_date_added')).toBe(kev.size);
    expect(await count('epss')).toBe(new Set(epssRows.filter((id) => all.has(id))).size);
    expect(epssRows.length).toBeGreaterThan(2000);
    // Log4Shell from NVD's API 2.0 record, EternalBlue from NVD's 1.1 item: scored, dated, products named.
    const known = await db
      .selectFrom('cves')
      .select(['cve_id', 'cvss31_score', 'cvss2_score', 'severity', 'kev_vendor'])
      .where('cve_id', 'in', ['CVE-2021-44228', 'CVE-2017-0144'])
      .orderBy('cve_id')
      .execute();
    expect(known.map((k) => [k.cve_id, k.severity, k.kev_vendor])).toEqual([
      ['CVE-2017-0144', 'high', 'microsoft'],
      ['CVE-2021-44228', 'critical', 'apache'],
    ]);
    // NVD's 1.1 item of CVE-2017-0144 (lastModifiedDate 2025-02-10): CVSS 3.1 8.8, CVSS 2.0 9.3.
    expect([Number(known[0]?.cvss31_score), Number(known[0]?.cvss2_score)]).toEqual([8.8, 9.3]);
  });
});
