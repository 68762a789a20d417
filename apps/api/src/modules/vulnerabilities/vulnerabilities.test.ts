// nuclei import: dedup across imports, SLA due dates from the company policy, EPSS/KEV enrichment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, kpiOf, newTenant, platformOperator, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { epssCsv, kevCatalogue, nvdPage } from '../cves/cves.fixtures.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;

const line = (template: string, matched: string, severity: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    'template-id': template,
    info: { name: template, severity, ...extra },
    host: 'https://www.x.example',
    'matched-at': matched,
    timestamp: '2026-11-01T00:00:00Z',
  });

async function rows(query = '') {
  return answerOf('listVulnerabilities', await a.browser.get(`/api/vulnerabilities${query}`, { token: a.token })).data;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'vuln');
  await importFile(
    app,
    await platformOperator(app),
    'nvd',
    'nvd.json',
    nvdPage([{ id: 'CVE-2026-5555', published: '2026-10-01T00:00:00.000', description: 'x', cvss31: 9.8, cpes: [] }]),
  );
  await importFile(
    app,
    await platformOperator(app),
    'kev',
    'kev.json',
    kevCatalogue([
      { cveID: 'CVE-2026-5555', vendorProject: 'X', product: 'Y', dateAdded: '2026-10-05', dueDate: '2026-10-26' },
    ]),
  );
  await importFile(app, await platformOperator(app), 'epss', 'epss.csv', epssCsv([['CVE-2026-5555', 0.87, 0.99]]));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('nuclei import', () => {
  it('imports JSONL with SLA due dates and enrichment, rejecting bad lines', async () => {
    const file = [
      line('cve-2026-5555', 'https://www.x.example/a', 'critical', {
        classification: { 'cve-id': ['cve-2026-5555'], 'cvss-score': 9.8 },
      }),
      line('missing-hsts', 'https://www.x.example', 'info'),
      line('weak-tls', 'https://www.x.example:443', 'low'),
      '{"template-id": "no-host", "info": {"severity": "high"}}',
      '{not json',
      line('odd', 'https://www.x.example', 'severe'),
    ].join('\n');
    const job = await importFile(app, a, 'nuclei', 'nuclei.jsonl', file);
    expect(job.counts).toEqual({ read: 6, added: 3, updated: 0, rejected: 3 });
    expect(job.rejects.map((r) => `${r.line}: ${r.reason}`)).toEqual([
      '4: no-host: no target: none of host, url, matched-at or ip.',
      '5: Not valid JSON.',
      '6: odd: unknown severity "severe".',
    ]);
    const critical = (await rows('?severity=critical'))[0];
    expect(critical).toMatchObject({
      cve_id: 'CVE-2026-5555',
      epss: 0.87,
      kev: true,
      due_at: '2026-11-08T00:00:00.000Z',
      overdue: true,
    });
    expect((await rows('?severity=info'))[0]?.due_at).toBeNull();
    expect((await rows('?overdue=true')).map((r) => r.template_id).sort()).toEqual(['cve-2026-5555']);
  });

  it('deduplicates a re-import by template and matched-at', async () => {
    const job = await importFile(app, a, 'nuclei', 'again.jsonl', line('weak-tls', 'https://www.x.example:443', 'low'));
    expect(job.counts).toMatchObject({ added: 0, updated: 1 });
    expect(await rows()).toHaveLength(3);
  });

  it('filters by part of the host, any case, with LIKE wildcards taken literally', async () => {
    expect(await rows('?host=WWW.X')).toHaveLength(3);
    expect(await rows('?host=x.example')).toHaveLength(3);
    expect(await rows('?host=nothing.example')).toHaveLength(0);
    expect(await rows('?host=%25')).toHaveLength(0);
  });

  it('moves open due dates when the SLA policy changes', async () => {
    const put = await a.browser.call('PUT', '/api/vulnerabilities/sla-policy', {
      token: a.token,
      body: { critical_days: 3, high_days: 14, medium_days: 60, low_days: 365 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await rows('?severity=critical'))[0]?.due_at).toBe('2026-11-04T00:00:00.000Z');
    expect((await rows('?severity=low'))[0]?.due_at).toBe('2027-11-01T00:00:00.000Z');
    const dashboard = answerOf('getDashboard', await a.browser.get('/api/dashboard', { token: a.token }));
    expect(kpiOf(dashboard, 'vulnerabilities', 'overdue_sla')).toBe(1);
    expect(dashboard.data.open_by_severity).toMatchObject({ critical: 1, low: 1, info: 1 });
  });

  it('answers one vulnerability with the evidence of its scan, excerpts bounded', async () => {
    const response = 'HTTP/1.1 200 OK\r\nServer: nginx\r\n\r\n'.padEnd(9000, 'x');
    const evidence = {
      'matcher-name': 'git-config',
      'extractor-name': 'remote',
      'extracted-results': ['url = https://git.x.example/shop.git', '', 42, 'branch = main'],
      type: 'http',
      ip: '198.51.100.7',
      request: 'GET /.git/config HTTP/1.1\r\nHost: www.x.example\r\n\r\n',
      response: `${response}\u0000`,
    };
    const result = line('git-config', 'https://www.x.example/.git/config', 'medium', {
      classification: { 'cve-id': ['cve-2026-5555', 'CVE-2026-5556', 'not-a-cve'] },
    });
    await importFile(app, a, 'nuclei', 'evidence.jsonl', JSON.stringify({ ...JSON.parse(result), ...evidence }));
    const id = (await rows('?q=git-config'))[0]?.id;
    const detail = await a.browser.get(`/api/vulnerabilities/${id}`, { token: a.token });
    expect(detail.statusCode, detail.body).toBe(200);
    const data = answerOf('getVulnerability', detail).data;
    expect(data).toMatchObject({
      template_id: 'git-config',
      host: 'https://www.x.example',
      matched_at: 'https://www.x.example/.git/config',
      cve_id: 'CVE-2026-5555',
      severity: 'medium',
      kev: true,
    });
    expect(data.evidence).toEqual({
      cve_ids: ['CVE-2026-5555', 'CVE-2026-5556'],
      matcher_name: 'git-config',
      extractor_name: 'remote',
      extracted_results: ['url = https://git.x.example/shop.git', 'branch = main'],
      scanner_type: 'http',
      ip: '198.51.100.7',
      request: 'GET /.git/config HTTP/1.1\r\nHost: www.x.example',
      // Cut to its first 4,000 characters, and said so (the NUL became U+FFFD: 9,001 in all).
      response: `${response.slice(0, 4000)}\n[… cut by Vigil: 9,001 characters in the scan result, the first 4,000 kept]`,
    });
    // A row imported without evidence answers an empty one, its CVE from the row.
    const plain = (await rows('?severity=critical'))[0]?.id;
    const before = answerOf(
      'getVulnerability',
      await a.browser.get(`/api/vulnerabilities/${plain}`, { token: a.token }),
    ).data.evidence;

    expect(before).toEqual({
      cve_ids: ['CVE-2026-5555'],
      matcher_name: null,
      extractor_name: null,
      extracted_results: [],
      scanner_type: null,
      ip: null,
      request: null,
      response: null,
    });
    const other = await newTenant(app, 'vuln-other');
    expect((await other.browser.get(`/api/vulnerabilities/${id}`, { token: other.token })).statusCode).toBe(404);
  });
});
