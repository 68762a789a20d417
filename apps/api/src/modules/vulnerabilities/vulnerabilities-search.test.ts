// The vulnerabilities search (issue 14): text anywhere in the URL, host, template id or name and CVE
// id, any case, served by the trigram index on the same expression.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, tenantFixture } from '../../testing/monitoring.js';
import { vulnerabilitySearchText } from './vulnerabilities.repository.js';

const fixture = tenantFixture('vulnsearch');

const line = (template: string, name: string, host: string, matched: string, cve?: string) =>
  JSON.stringify({
    'template-id': template,
    info: { name, severity: 'medium', ...(cve ? { classification: { 'cve-id': [cve.toLowerCase()] } } : {}) },
    host,
    'matched-at': matched,
    timestamp: '2026-11-01T00:00:00Z',
  });

async function found(q: string): Promise<string[]> {
  const { tenant } = fixture;
  const r = await tenant.browser.get(`/api/vulnerabilities?q=${encodeURIComponent(q)}`, { token: tenant.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('listVulnerabilities', r)
    .data.map((v) => v.template_id)
    .sort();
}

describe('vulnerabilities search', () => {
  it('finds text anywhere in the URL, host, template and CVE id, any case', async () => {
    const { app, tenant } = fixture;
    const file = [
      line(
        'exposed-git-config',
        'Exposed .git/config',
        'https://shop.acme.example',
        'https://shop.acme.example/.git/config',
      ),
      line('open-redirect', 'Open redirect', 'https://api.acme.example', 'https://api.acme.example/v1/login?next=x'),
      line(
        'cve-2026-41234',
        'Widget RCE',
        'https://vpn.acme.example',
        'https://vpn.acme.example/remote',
        'CVE-2026-41234',
      ),
    ].join('\n');
    expect((await importFile(app, tenant, 'nuclei', 'scan.jsonl', file)).counts.added).toBe(3);
    expect(await found('.git/conf')).toEqual(['exposed-git-config']);
    expect(await found('ACME.example/v1')).toEqual(['open-redirect']);
    expect(await found('api.acme')).toEqual(['open-redirect']);
    expect(await found('redirect')).toEqual(['open-redirect']);
    expect(await found('widget rce')).toEqual(['cve-2026-41234']);
    expect(await found('2026-4123')).toEqual(['cve-2026-41234']);
    expect(await found('CVE-2026-41234')).toEqual(['cve-2026-41234']);
    expect(await found('acme.example')).toEqual(['cve-2026-41234', 'exposed-git-config', 'open-redirect']);
    expect(await found('nowhere')).toEqual([]);
    expect(await found('%')).toEqual([]);
  });

  it('is served by the trigram index, not a scan of every row', async () => {
    const { app } = fixture;
    const plan = await app.ctx.db.transaction().execute(async (trx) => {
      // A handful of test rows make a scan cheaper: ask the planner what it would do with many.
      await sql`set local enable_seqscan = off`.execute(trx);
      // The repository's own expression: the planner takes the index only for the expression it indexes.
      const explained = await sql<Record<string, string>>`explain select 1 from vulnerability_findings v
        where ${vulnerabilitySearchText} like ${'%git/conf%'}`.execute(trx);
      return explained.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan, plan).toContain('vulnerability_findings_search');
  });
});
