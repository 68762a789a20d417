// Issue 30 (and issue 31's parsing items): the catalogue files as NVD, CISA and FIRST really publish
// them (fixtures/real, see its README), uploaded by the platform operator, with every count the test
// expects computed here from the raw file by its own simple code.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFile } from '../../shared/cve-snapshot.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { cveOf } from './nvd.parser.js';

interface LegacyNode {
  cpe_match?: { vulnerable: boolean; cpe23Uri: string }[];
  children?: LegacyNode[];
}
interface LegacyItem {
  cve: {
    CVE_data_meta: { ID: string };
    description: { description_data: { value: string }[] };
    problemtype: { problemtype_data: { description: { value: string }[] }[] };
    references: { reference_data: { url: string }[] };
  };
  configurations: { nodes: LegacyNode[] };
  impact: {
    baseMetricV3?: { cvssV3: { version: string; baseScore: number; vectorString: string; baseSeverity: string } };
    baseMetricV2?: { cvssV2: { baseScore: number }; severity: string };
  };
  publishedDate: string;
}

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');

let database: TestDatabase;
let app: VigilApp;
let team: Tenant;

const watched = [
  'cypherpunks',
  'ibm',
  'freebsd',
  'google',
  'git',
  'citrix',
  'apple',
  'microsoft',
  'accellion',
  'trend_micro',
  'n-able',
  'rarlab',
  'd-link',
];

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  team = await newTenant(app, 'realcves');
  for (const vendor of watched) {
    const r = await team.browser.post('/api/cves/watch-list', { vendor, product: null }, { token: team.token });
    expect(r.statusCode, r.body).toBe(201);
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function listed(query = '') {
  const r = await team.browser.get(`/api/cves?page_size=100${query}`, { token: team.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('listCves', r).data;
}

// The test's own reading of a page: each entry's id, and its severity as NVD words it for the newest
// CVSS version present (Primary first), v2 keeping baseSeverity beside cvssData.
function expectedOf(page: string) {
  const entries = (JSON.parse(page) as { vulnerabilities: { cve: Record<string, unknown> }[] }).vulnerabilities;
  return entries.map(({ cve }) => {
    const metrics = (cve.metrics ?? {}) as Record<
      string,
      { type: string; cvssData: { baseSeverity?: string }; baseSeverity?: string }[]
    >;
    const list = ['cvssMetricV40', 'cvssMetricV31', 'cvssMetricV30', 'cvssMetricV2']
      .map((k) => metrics[k])
      .find((m) => m?.length);
    const chosen = list?.find((m) => m.type === 'Primary') ?? list?.[0];
    const word = chosen?.cvssData.baseSeverity ?? chosen?.baseSeverity;
    return { id: String(cve.id), severity: word ? word.toLowerCase() : 'info' };
  });
}

const dataLines = (text: string) =>
  text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#') && !/^cve,/i.test(l.trim()));

describe('NVD CVE API 2.0 pages as NVD writes them', () => {
  it('reads a 2023 API response whose CVEs are scored with CVSS 3.0 and 2.0 only, or 3.1', async () => {
    const page = real('nvd-api-2.0-2023-05-nvd-json-bot.json');
    const expected = expectedOf(page);
    const unique = new Map(expected.map((e) => [e.id, e]));
    const job = await importFile(app, await platformOperator(app), 'nvd', 'nvd_response.json', page);
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({ read: expected.length, added: unique.size, updated: 0, rejected: 0 });
    const rows = await listed();
    for (const e of unique.values()) expect(rows.find((r) => r.cve_id === e.id)?.severity).toBe(e.severity);
    // CVE-2015-8833 carries CVSS 3.0 (9.8) and 2.0 only: it is critical, not unscored.
    expect(rows.find((r) => r.cve_id === 'CVE-2015-8833')).toMatchObject({ severity: 'critical', cvss31_score: null });
  });

  it('reads records of 1999 to 2025 scored with CVSS 2.0 only, 3.1 Secondary only, and 4.0 + 3.1 + 2.0', async () => {
    const page = real('nvd-api-2.0-fkie-cad-cvss-2-to-4.json');
    const expected = expectedOf(page);
    const job = await importFile(app, await platformOperator(app), 'nvd', 'nvdcve-2.0-page.json', page);
    expect(job.counts).toEqual({ read: expected.length, added: expected.length, updated: 0, rejected: 0 });
    const rows = await listed();
    expect(rows.find((r) => r.cve_id === 'CVE-1999-0001')?.severity).toBe('medium');
    expect(rows.find((r) => r.cve_id === 'CVE-2024-7000')).toMatchObject({ severity: 'high', cvss31_score: 8.8 });
    const entries = (JSON.parse(page) as { vulnerabilities: unknown[] }).vulnerabilities;
    const records = entries.map((e) => cveOf(e)).map((r) => (r.ok ? r.record : null));
    expect(records.map((r) => [r?.id, r?.severityFrom, r?.severity])).toEqual([
      ['CVE-1999-0001', '2.0', 'medium'],
      ['CVE-2024-3400', '3.1', 'critical'],
      ['CVE-2024-7000', '3.1', 'high'],
      ['CVE-2025-0200', '4.0', 'medium'],
    ]);
    expect(records[0]?.cvss2).toMatchObject({ score: 5, vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:P', type: 'Primary' });
    expect(records[3]).toMatchObject({
      cvss40: { score: 5.3, severity: 'medium', type: 'Secondary', source: 'cna@vuldb.com' },
      cvss31: { score: 6.3 },
      cvss2: { score: 6.5, severity: 'medium' },
    });
    expect(records[2]?.cvss31).toMatchObject({ type: 'Primary', source: 'nvd@nist.gov' });
  });

  it("reads NVD's JSON 1.1 feed items (CVE_Items) as NVD wrote them: scores, nested configurations, CWEs", async () => {
    // Real items of the demo snapshot's 1.1 file (data/cve-snapshot, sources in its README).
    const feed = JSON.parse(gunzipSync(snapshotFile('nvdKev')).toString('utf8')) as { CVE_Items: LegacyItem[] };
    const pick = (id: string) => feed.CVE_Items.find((i) => i.cve.CVE_data_meta.ID === id);
    const items = ['CVE-2006-1547', 'CVE-2014-3931', 'CVE-2017-0144'].map((id) => pick(id));
    const legacy = JSON.stringify({
      CVE_data_type: 'CVE',
      CVE_data_numberOfCVEs: '4',
      CVE_Items: [...items, { cve: { CVE_data_meta: { ID: 'CVE-2021-0002' } } }],
    });
    const job = await importFile(app, await platformOperator(app), 'nvd', 'nvdcve-1.1-2021.json', legacy);
    expect(job.status).toBe('succeeded');
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([[4, 'CVE-2021-0002: missing published date.']]);
    for (const item of items) {
      if (!item) throw new Error('item missing from the snapshot');
      const parsed = cveOf(item);
      if (!parsed.ok) throw new Error(parsed.reason);
      const { record } = parsed;
      // The test's own reading of the 1.1 item.
      const v3 = item.impact.baseMetricV3?.cvssV3;
      const v2 = item.impact.baseMetricV2;
      const cpes = new Set<string>();
      const walk = (nodes: LegacyNode[] = []) => {
        for (const n of nodes) {
          for (const m of n.cpe_match ?? []) if (m.vulnerable) cpes.add(m.cpe23Uri);
          walk(n.children);
        }
      };
      walk(item.configurations.nodes);
      expect(record.id).toBe(item.cve.CVE_data_meta.ID);
      expect(record.published.toISOString().slice(0, 16)).toBe(item.publishedDate.slice(0, 16));
      expect(record.description).toBe(item.cve.description.description_data[0]?.value);
      expect(record[v3?.version === '3.0' ? 'cvss30' : 'cvss31']).toMatchObject({
        score: v3?.baseScore,
        vector: v3?.vectorString,
      });
      expect(record.cvss2).toMatchObject({ score: v2?.cvssV2.baseScore, severity: v2?.severity.toLowerCase() });
      expect(record.severity).toBe(v3?.baseSeverity.toLowerCase());
      expect(new Set(record.cpes)).toEqual(cpes);
      const cwes = item.cve.problemtype.problemtype_data.flatMap((p) => p.description.map((d) => d.value));
      expect(new Set(record.cwes)).toEqual(
        new Set(cwes.filter((c) => /^(CWE-\d+|NVD-CWE-Other|NVD-CWE-noinfo)$/.test(c))),
      );
      const urls = item.cve.references.reference_data.map((r) => r.url).filter((u) => /^https?:\/\//.test(u));
      expect(record.references.map((r) => r.url)).toEqual([...new Set(urls)]);
    }
    // Struts' CPEs sit in child nodes; CVE-2014-3931's score is CVSS 3.0 and stays 3.0.
    const struts = cveOf(items[0]);
    expect(struts.ok && struts.record.products).toContainEqual({ vendor: 'apache', product: 'struts' });
    const v30 = cveOf(items[1]);
    expect(v30.ok && v30.record.severityFrom).toBe('3.0');
  });
});

describe('the CISA KEV catalogue, CSV and JSON editions, 2023 to 2025', () => {
  it('reads the CSV edition, then the JSON edition of the same release finds the same entries', async () => {
    const csv = real('kev-2025.08.25-cisagov.csv');
    // One entry per line after the header (this release has no line break inside a field).
    const lines = csv
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '');
    const rows = lines.length;
    const ids = new Set(lines.map((l) => l.split(',')[0]));
    const operator = await platformOperator(app);
    const fromCsv = await importFile(app, operator, 'kev', 'known_exploited_vulnerabilities.csv', csv);
    expect(fromCsv.status).toBe('succeeded');
    expect(fromCsv.counts).toEqual({ read: rows, added: ids.size, updated: 0, rejected: 0 });
    const jsonEdition = real('kev-2025.08.25-cisagov.json');
    const entries = (JSON.parse(jsonEdition) as { vulnerabilities: { cveID: string }[] }).vulnerabilities;
    expect(new Set(entries.map((e) => e.cveID))).toEqual(ids);
    const fromJson = await importFile(app, operator, 'kev', 'known_exploited_vulnerabilities.json', jsonEdition);
    expect(fromJson.counts).toEqual({ read: entries.length, added: 0, updated: ids.size, rejected: 0 });
    const kev = (await listed('&kev=true')).map((r) => r.cve_id);
    for (const id of ids) expect(kev).toContain(id);
  });

  it('reads the 2023 JSON releases (CRLF, before knownRansomwareCampaignUse and after it) and, older than the 2025 one held, they change nothing', async () => {
    const operator = await platformOperator(app);
    const before = await listed('&kev=true');
    for (const name of ['kev-2023.04.13-no-ransomware-field.json', 'kev-2023.11.06-ransomware-field.json']) {
      const text = real(name);
      const entries = text.split('\n').filter((l) => l.includes('"cveID"')).length;
      const version = /"catalogVersion": "([^"]+)"/.exec(text)?.[1];
      const job = await importFile(app, operator, 'kev', name, text);
      expect(job.status, name).toBe('failed');
      expect(job.error, name).toBe(
        `Nothing was kept: all ${entries} records read were KEV entries of a release older than the catalogue holds, or repeated (the last one kept).`,
      );
      expect(job.counts, name).toEqual({ read: entries, added: 0, updated: 0, rejected: 0 });
      expect(job.log.map((l) => l.message).join('\n'), name).toContain(
        `This KEV catalogue ${version} (released ${version?.replace(/\./g, '-')}) is older than the catalogue's 2025.08.25 (released 2025-08-25): its entries changed nothing.`,
      );
    }
    expect(await listed('&kev=true')).toEqual(before);
  });
});

describe('FIRST EPSS files of several model versions', () => {
  it('reads a header-row-only file (.csv.gz), then the later v2026.06.15 file (.csv)', async () => {
    const operator = await platformOperator(app);
    const headerOnly = real('epss-header-row-only.csv');
    // Only CVE-1999-0001 of these is in the catalogue (the NVD page above): the rest are not stored.
    const first = await importFile(app, operator, 'epss', 'epss_scores-current.csv.gz', gzipSync(headerOnly));
    expect(first.counts).toEqual({ read: dataLines(headerOnly).length, added: 0, updated: 1, rejected: 0 });
    expect((await listed()).find((r) => r.cve_id === 'CVE-1999-0001')?.epss_percentile).toBe(0.87326);
    const current = real('epss-v2026.06.15-2026-09-29.csv');
    const second = await importFile(app, operator, 'epss', 'epss_scores-2026-09-29.csv', current);
    expect(second.counts).toEqual({ read: dataLines(current).length, added: 0, updated: 1, rejected: 0 });
    expect((await listed()).find((r) => r.cve_id === 'CVE-1999-0001')).toMatchObject({
      epss: 0.03351,
      epss_percentile: 0.88255,
    });
  });

  it('reads the v2022/v2023 comment line and the 2021 files without a percentile column: older, they change nothing', async () => {
    const operator = await platformOperator(app);
    // The header shapes FIRST documents for those years, with rows of the real file above.
    const rows = dataLines(real('epss-v2026.06.15-2026-09-29.csv')).slice(0, 5);
    const v2022 = `#model_version:v2022.01.01,score_date:2022-02-07T00:00:00+0000\ncve,epss,percentile\n${rows.join('\n')}\n`;
    const v2021 = `cve,epss\n${rows.map((r) => r.split(',').slice(0, 2).join(',')).join('\n')}\n`;
    for (const [name, file] of [
      ['epss_scores-2022-02-07.csv.gz', gzipSync(v2022)],
      ['epss_scores-2021-05-01.csv', v2021],
    ] as const) {
      const job = await importFile(app, operator, 'epss', name, file);
      expect(job.counts, name).toEqual({ read: 5, added: 0, updated: 0, rejected: 0 });
      expect(job.status, name).toBe('failed');
      expect(job.error, name).toBe(
        'Nothing was kept: all 5 records read were scores of CVEs not in the catalogue, or older than the catalogue holds.',
      );
      expect(job.log.map((l) => l.message).join('\n'), name).toMatch(
        /EPSS scores (scored 2022-02-07|without a score date) are older than the catalogue's \(scored 2026-09-29\) and changed nothing: CVE-1999-0001\./,
      );
    }
    expect((await listed()).find((r) => r.cve_id === 'CVE-1999-0001')).toMatchObject({
      epss: 0.03351,
      epss_percentile: 0.88255,
    });
  });
});
