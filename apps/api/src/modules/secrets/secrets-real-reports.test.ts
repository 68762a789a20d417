// Real gitleaks reports (fixtures/real, sources in its README) uploaded as a user would: gitleaks
// 4, 5–7 and 8 JSON are read whole, the counts compared with the test's own count of the raw file;
// gitleaks' SARIF, CSV and JUnit reports and foreign arrays are refused once per file; secrets stay hashed.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant } from '../../testing/monitoring.js';
import { LogCapture, openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { redact } from './rules/detector.js';

let database: TestDatabase;
let app: VigilApp;
let logs: LogCapture;

beforeAll(async () => {
  database = await openTestDatabase();
  logs = new LogCapture();
  ({ app } = await testApp(database, { logStream: logs, env: { LOG_LEVEL: 'debug' } }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const raw = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');

/** The test's own reading of a report: the array's elements, whatever gitleaks wrote them. */
function elements(name: string): Record<string, unknown>[] {
  const parsed: unknown = JSON.parse(raw(name));
  if (!Array.isArray(parsed)) throw new Error(`${name} is not an array`);
  return parsed.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null);
}

/** What tells one leak from another: its secret, or its place when gitleaks masked the secret. */
function expected(name: string) {
  const all = elements(name);
  const places = new Set<string>();
  const incidents = new Set<string>();
  const secrets = new Set<string>();
  for (const e of all) {
    const v8 = 'RuleID' in e;
    const secret = String(v8 ? e.Secret : e.offender);
    const file = String(v8 ? e.File : e.file);
    const line = Number(v8 ? e.StartLine : (e.lineNumber ?? 0));
    const rule = String(v8 ? e.RuleID : e.rule);
    const masked = secret === 'REDACTED' || secret.endsWith('...');
    const identity = masked ? `${rule}@${file}:${line}` : secret;
    if (!masked) secrets.add(secret);
    incidents.add(identity);
    places.add(JSON.stringify([identity, file, line]));
  }
  return { read: all.length, added: places.size, incidents: incidents.size, secrets: [...secrets] };
}

const reports = [
  'gitleaks-4-defectdojo-data-many.json',
  'gitleaks-7.5.0-defectdojo.json',
  'gitleaks-7.6.1-basic.json',
  'gitleaks-7.6.1-no-git.json',
  'gitleaks-7-no-git-defectdojo-issue4336.json',
  'gitleaks-7-redacted-defectdojo.json',
  'gitleaks-8-defectdojo-many.json',
  'gitleaks-8-json-simple.json',
  'gitleaks-8-template-jsonextra.json',
];

describe('real gitleaks JSON reports', () => {
  const planted: string[] = [];

  it.each(reports)('reads %s whole, its counts equal to the raw file', async (name) => {
    const want = expected(name);
    planted.push(...want.secrets.filter((s) => s.length >= 10));
    const who = await newTenant(app, 'gitleaks');
    const job = await importFile(app, who, 'gitleaks-json', name, raw(name));
    expect(job.rejects).toEqual([]);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toEqual({ read: want.read, added: want.added, updated: want.read - want.added, rejected: 0 });
    const list = answerOf('listSecretIncidents', await who.browser.get('/api/secrets?limit=100', { token: who.token }));
    expect(list.meta.total).toBe(want.incidents);
    expect(list.data.reduce((sum, i) => sum + i.occurrences, 0)).toBe(want.added);
  });

  it('maps a gitleaks 7 leak to the same record as gitleaks 8: rule, line, commit, author, repository', async () => {
    const who = await newTenant(app, 'gitleaks');
    await importFile(app, who, 'gitleaks-json', 'gitleaks-7.6.1-basic.json', raw('gitleaks-7.6.1-basic.json'));
    const { data } = answerOf('listSecretIncidents', await who.browser.get('/api/secrets', { token: who.token }));
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      rule_id: 'aws-access-key-id',
      rule_description: 'AWS access key ID',
      redacted: redact('AKIAIOSFODNN7EXAMPLE'),
      occurrences: 2,
    });
    const detail = await who.browser.get(`/api/secrets/${data[0]?.id}`, { token: who.token });
    const { occurrences } = answerOf('getSecretIncident', detail);
    expect(occurrences.map((o) => [o.repository, o.file_path, o.line]).sort()).toEqual([
      ['basic', 'secrets.py', 13],
      ['basic', 'secrets.py', 9],
    ]);
    expect(occurrences.find((o) => o.line === 13)).toMatchObject({
      commit_sha: '208ae4669ade2563fcaf9f12922fa2c0a5b37c63',
      author: 'Zach Rice <zricer@protonmail.com>',
    });
  });

  it('keeps each leak of a redacted gitleaks 7 report apart (REDACTED is no secret to merge on)', async () => {
    const who = await newTenant(app, 'gitleaks');
    const name = 'gitleaks-7-redacted-defectdojo.json';
    await importFile(app, who, 'gitleaks-json', name, raw(name));
    const { data } = answerOf('listSecretIncidents', await who.browser.get('/api/secrets', { token: who.token }));
    expect(data).toHaveLength(elements(name).length);

    expect(new Set(data.map((i) => i.redacted))).toEqual(new Set([redact('REDACTED')]));
  });

  it('stores and logs none of the secrets of those reports in clear', async () => {
    expect(planted).toContain('AKIAIOSFODNN7EXAMPLE');
    // gitleaks 4's offenders hold the variable too (`GITHUB_TOKEN="…"`): the tokens alone must not show either.
    planted.push('c77e01c1e89682e4d4b94a059a7fd2b37ab326ed', '38c47f19e349153fa963bb3b3212fe8e-us11');
    const tables = await sql<{ table_name: string }>`select distinct table_name from information_schema.columns
      where table_schema = 'public'`.execute(app.ctx.db);
    for (const secret of new Set(planted)) {
      for (const { table_name } of tables.rows) {
        const { rows } = await sql<{ hit: boolean }>`select exists (select 1 from ${sql.table(table_name)} t
          where t::text like ${`%${secret}%`}) as hit`.execute(app.ctx.db);
        expect(rows[0]?.hit, `${table_name} holds ${secret.slice(0, 6)}…`).toBe(false);
      }
      expect(logs.text()).not.toContain(secret);
    }
  });
});

describe("gitleaks' other formats and other files", () => {
  it.each([
    ['gitleaks-8-sarif-simple.sarif', 'report.sarif', /^This is a SARIF report \(gitleaks 8 --report-format sarif\)/],
    ['gitleaks-8-csv-simple.csv', 'report.csv', /^This is a gitleaks 8 CSV report/],
    ['gitleaks-8-junit-simple.xml', 'report.xml', /^This is a JUnit XML report/],
  ])('refuses %s once, saying what it is and what is read', async (fixture, name, reason) => {
    const who = await newTenant(app, 'gitleaks');
    const job = await importFile(app, who, 'gitleaks-json', name, raw(fixture));
    expect(job.rejects).toHaveLength(1);
    expect(job.rejects[0]?.line).toBe(0);
    expect(job.rejects[0]?.reason).toMatch(reason);
    expect(job.rejects[0]?.reason).toContain("Vigil reads gitleaks' JSON report");
    expect(job.counts).toMatchObject({ added: 0, updated: 0 });
    expect(job.status).toBe('failed');
  });

  it('refuses an array of something else once, not once per element', async () => {
    const who = await newTenant(app, 'gitleaks');
    const nuclei = Array.from({ length: 5 }, (_, i) => ({ 'template-id': 'x', host: `h${i}.example` }));
    const job = await importFile(app, who, 'gitleaks-json', 'nuclei.json', JSON.stringify(nuclei));
    expect(job.rejects).toHaveLength(1);
    expect(job.rejects[0]?.reason).toMatch(/^This is a JSON array, but its first element is neither a gitleaks 8/);
    expect(job.status).toBe('failed');
  });

  it("reads gitleaks 7's `null` and gitleaks 8's `[]` (nothing found) as a clean scan: succeeded, saying so", async () => {
    const who = await newTenant(app, 'gitleaks');
    const name = 'gitleaks-7-no-findings-defectdojo.json';
    const job = await importFile(app, who, 'gitleaks-json', name, raw(name));
    expect(job.rejects).toEqual([]);
    expect(job).toMatchObject({ status: 'succeeded', partial: false, counts: { read: 0, added: 0 } });
    expect(job.log.map((l) => l.message)).toContain(
      `${name}: a gitleaks 4–7 report of no leaks (null): nothing found to import.`,
    );
    const clean = await importFile(app, who, 'gitleaks-json', 'clean.json', '[]\n');
    expect(clean.status).toBe('succeeded');
    expect(clean.log.map((l) => l.message)).toContain(
      'clean.json: a gitleaks report with no findings ([]): nothing found to import.',
    );
    const blank = await importFile(app, who, 'gitleaks-json', 'blank.json', '\n\n');
    expect(blank.status).toBe('failed');
    expect(blank.error).toMatch(/^No records found: expected /);
  });
});
