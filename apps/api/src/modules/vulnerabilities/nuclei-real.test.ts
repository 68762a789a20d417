// Real nuclei files (fixtures/real, README there) through the upload path: nuclei 2.x and 3.x
// -jsonl, a -json-export array and a 149 KB result. Every count is computed here from the raw
// file with the test's own simple code, then compared with the job and the vulnerabilities list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';

const fixture = tenantFixture('nuclei-real');

const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');

type Result = Record<string, unknown>;

/** The results of a raw file: JSON lines, or the elements of a JSON array. */
function resultsOf(raw: string): Result[] {
  if (raw.trimStart().startsWith('[')) return JSON.parse(raw) as Result[];
  return raw
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Result);
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** What a user would count: results naming a target are kept, one finding per template, matcher and place. */
function expected(raw: string) {
  const results = resultsOf(raw);
  const kept = results.filter((r) => str(r.host) ?? str(r.url) ?? str(r['matched-at']) ?? str(r.matched) ?? str(r.ip));
  const keys = new Set(
    kept.map((r) =>
      [
        str(r['template-id']) ?? str(r.templateID),
        str(r['matcher-name']) ?? str(r.matcher_name) ?? '',
        str(r['matched-at']) ?? str(r.matched) ?? str(r.url)?.replace(/^\/+/, '') ?? str(r.host),
      ].join(' '),
    ),
  );
  return {
    read: results.length,
    added: keys.size,
    updated: kept.length - keys.size,
    rejected: results.length - kept.length,
  };
}

async function listed(who: Tenant) {
  const response = await who.browser.get('/api/vulnerabilities?page_size=100', { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listVulnerabilities', response);
}

async function detail(who: Tenant, id: number) {
  const response = await who.browser.get(`/api/vulnerabilities/${id}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('getVulnerability', response).data;
}

/** Imports one real file into a company of its own: the job, the list, and what the test counted. */
async function imported(name: string, uploadAs = name) {
  const raw = real(name);
  const who = await newTenant(fixture.app, 'nuclei-real');
  const job = await importFile(fixture.app, who, 'nuclei', uploadAs, raw);
  const counts = expected(raw);
  expect(job.counts).toEqual(counts);
  expect(job.status).toBe('succeeded');
  const list = await listed(who);
  expect(list.meta.total).toBe(counts.added);
  expect(list.data).toHaveLength(counts.added);
  return { who, job, list: list.data, counts, raw };
}

describe('nuclei: real files of several versions, through the upload path', () => {
  it('nuclei 3.x -jsonl of 2026 without host: the host from url / matched-at, the target-less result refused', async () => {
    const { job, list } = await imported('nuclei-3-jsonl-2026-no-host.jsonl');
    expect(job.counts).toEqual({ read: 12, added: 11, updated: 0, rejected: 1 });
    expect(job.rejects).toEqual([
      {
        file: 'nuclei-3-jsonl-2026-no-host.jsonl',
        line: 12,
        reason: 'nameserver-fingerprint: no target: none of host, url, matched-at or ip.',
      },
    ]);
    expect(new Set(list.map((r) => r.host))).toEqual(new Set(['http://dvwa_dvwa_1']));
    // javascript templates write url as "/http://dvwa_dvwa_1/" and no matched-at.
    expect(list.find((r) => r.template_id === 'cookies-without-httponly')?.matched_at).toBe('http://dvwa_dvwa_1/');
    // Three missing headers of one URL are three findings, as nuclei reports them.
    expect(list.filter((r) => r.template_id === 'http-missing-security-headers')).toHaveLength(3);
  });

  it('nuclei 3.x -jsonl of 2024 (host, port, scheme, url): two matchers of one template are two findings', async () => {
    const { list } = await imported('nuclei-3-jsonl-2024.jsonl');
    expect(list.map((r) => r.host)).toEqual([
      'turquoise-estrellita-69.tiiny.site',
      'turquoise-estrellita-69.tiiny.site',
    ]);
  });

  it('nuclei -json-export: a pretty-printed array of 2023 read element by element', async () => {
    const { job, list } = await imported('nuclei-3-json-export-2023.json-export', 'nuclei-export.json');
    expect(job.counts).toEqual({ read: 6, added: 5, updated: 1, rejected: 0 });
    expect(new Set(list.map((r) => r.template_id))).toEqual(
      new Set(['dns-saas-service-detection', 'caa-fingerprint', 'ssl-issuer', 'ssl-dns-names', 'tls-version']),
    );
  });

  it('nuclei 2.x -json of 2021 (templateID, matched, matcher_name, extracted_results)', async () => {
    const { who, list } = await imported('nuclei-2-jsonl-2021.jsonl');
    const nginx = list.find((r) => r.template_id === 'nginx-version');
    expect(nginx).toMatchObject({ host: 'https://nuclei-example.com', matched_at: 'https://nuclei-example.com' });
    expect((await detail(who, nginx?.id ?? 0)).evidence).toMatchObject({ extracted_results: ['nginx/1.14.2'] });
    const webgoat = list.filter((r) => r.template_id === 'tech-detect' && r.host === 'http://127.0.0.1:8080/WebGoat');
    expect(webgoat).toHaveLength(3);
    const matchers = await Promise.all(webgoat.map(async (r) => (await detail(who, r.id)).evidence.matcher_name));
    expect(matchers.sort()).toEqual(['animate.css', 'bootstrap', 'font-awesome']);
  });

  it('nuclei 2.x -json of 2022 (template-id, matched-at, host as a URL)', async () => {
    const { list } = await imported('nuclei-2-jsonl-2022.jsonl');
    expect(list.map((r) => r.matched_at).sort()).toEqual([
      'https://nuclei-example.com/metrics',
      'nuclei-example.com:22',
    ]);
  });

  it('a 149 KB result (request and response kept) is read; its response is cut to 4,000 characters, said so', async () => {
    const { who, raw, list } = await imported('nuclei-3-jsonl-2026-long-response.jsonl');
    expect(Buffer.byteLength(raw)).toBeGreaterThan(140_000);
    const response = String((JSON.parse(raw) as Result).response);
    expect(response.length).toBe(87_837);
    const evidence = (await detail(who, list[0]?.id ?? 0)).evidence;
    expect(evidence.response).toBe(
      `${response.slice(0, 4000)}\n[… cut by Vigil: 87,837 characters in the scan result, the first 4,000 kept]`,
    );
    expect(evidence.extracted_results).toEqual(['8.5.1']);
  });
});

describe('nuclei: a file that is not nuclei output is refused once, not line by line', () => {
  const nucleiLine = JSON.stringify({
    'template-id': 'git-config',
    info: { name: 'Git config', severity: 'medium' },
    host: 'https://www.x.example',
    'matched-at': 'https://www.x.example/.git/config',
  });

  it.each([
    [
      'httpx JSON lines',
      'httpx.jsonl',
      '{"url":"https://a.example","status_code":200}\n'.repeat(3),
      'line 1: Missing template-id.',
    ],
    [
      'a pretty-printed object',
      'one.json',
      JSON.stringify(JSON.parse(nucleiLine), null, 2),
      'line 1 is not a JSON value',
    ],
    [
      'an array of something else',
      'hosts.json',
      '[\n  "a.example",\n  "b.example"\n]\n',
      'JSON array element 1: Not a JSON object.',
    ],
  ])('%s', async (_what, name, content, said) => {
    const who = await newTenant(fixture.app, 'nuclei-foreign');
    const job = await importFile(fixture.app, who, 'nuclei', name, content);
    expect(job.rejects).toHaveLength(1);
    expect(job.rejects[0]).toMatchObject({ file: name, line: 0 });
    expect(job.rejects[0]?.reason).toContain(`This is not nuclei output: ${said}`);
    expect(job.rejects[0]?.reason).toContain('-json-export array');
    expect(job.status).toBe('failed');
  });

  it('an export array cut short keeps what it read and says where it stopped', async () => {
    const who = await newTenant(fixture.app, 'nuclei-cut');
    const job = await importFile(
      fixture.app,
      who,
      'nuclei',
      'cut.json',
      `[\n  ${nucleiLine},\n  {"template-id": "x", `,
    );
    expect(job.counts).toMatchObject({ read: 2, added: 1, rejected: 1 });
    expect(job.rejects[0]).toMatchObject({ line: 0 });
    expect(job.rejects[0]?.reason).toMatch(/^A JSON array \(nuclei -json-export\): Not valid JSON/);
  });
});
