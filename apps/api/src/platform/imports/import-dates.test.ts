// One date out of range (year 0: PostgreSQL refuses it) or not a date is one rejected line: the
// rest of its batch is stored (it used to fail the whole batch of 500 rows).
import { describe, expect, it } from 'vitest';
import { kevCatalogue, nvdPage } from '../../modules/cves/cves.fixtures.js';
import { importFile, platformOperator, tenantFixture } from '../../testing/monitoring.js';
import { tar } from './import-archive.js';

const fixture = tenantFixture('dates');

const nuclei = (template: string, timestamp: string) =>
  JSON.stringify({
    'template-id': template,
    info: { name: template, severity: 'high' },
    host: 'https://www.x.example',
    'matched-at': `https://www.x.example/${template}`,
    timestamp,
  });

describe('dates out of range in imports', () => {
  it('nuclei: the year-0 line and the line with no date are rejected, the others stored', async () => {
    const job = await importFile(
      fixture.app,
      fixture.tenant,
      'nuclei',
      'scan.jsonl',
      [
        nuclei('first', '2026-11-01T00:00:00Z'),
        nuclei('year-zero', '0000-01-01T00:00:00Z'),
        nuclei('not-a-date', 'yesterday'),
        nuclei('last', '2026-11-02T00:00:00Z'),
      ].join('\n'),
    );
    expect(job.status).toBe('succeeded');
    expect(job.counts).toEqual({ read: 4, added: 2, updated: 0, rejected: 2 });
    expect(job.rejects.map((r) => `${r.line}: ${r.reason}`)).toEqual([
      '2: year-zero: timestamp "0000-01-01T00:00:00Z" is out of range (1970 to 9999).',
      '3: not-a-date: timestamp "yesterday" is not a date.',
    ]);
  });

  it('NVD: the entry published in year 0 is rejected, the others stored', async () => {
    const cve = (id: string, published: string) => ({ id, published, description: id, cvss31: 5, cpes: [] });
    const job = await importFile(
      fixture.app,
      await platformOperator(fixture.app),
      'nvd',
      'nvd.json',
      nvdPage([
        cve('CVE-2026-7001', '2026-10-01T00:00:00.000'),
        cve('CVE-2026-7002', '0000-01-01T00:00:00.000'),
        cve('CVE-2026-7003', '2026-10-02T00:00:00.000'),
      ]),
    );
    expect(job.status).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: 3, added: 2, rejected: 1 });
    expect(job.rejects).toEqual([
      {
        file: 'nvd.json',
        line: 2,
        reason: 'CVE-2026-7002: published "0000-01-01T00:00:00.000" is out of range (1970 to 9999).',
      },
    ]);
  });

  it('KEV: a dateAdded in year 0 is rejected, the others stored', async () => {
    const entry = (cveID: string, dateAdded: string) => ({
      cveID,
      vendorProject: 'x',
      product: 'y',
      dateAdded,
      dueDate: '2026-12-01',
    });
    const job = await importFile(
      fixture.app,
      await platformOperator(fixture.app),
      'kev',
      'kev.json',
      kevCatalogue([entry('CVE-2026-7001', '2026-11-01'), entry('CVE-2026-7003', '0000-01-01')]),
    );
    expect(job.status).toBe('succeeded');
    expect(job.counts).toMatchObject({ read: 2, rejected: 1 });
    expect(job.rejects[0]?.reason).toBe('CVE-2026-7003: dateAdded "0000-01-01" is out of range (1970 to 9999).');
  });

  it('stealer logs: the year-0 date line is rejected, both devices are stored', async () => {
    const d = fixture.tenant.domain;
    const archive = tar([
      { path: 'PC-1/information.txt', text: 'Stealer: RedLine\nMachineName: PC-1\nDate: 0000-01-01T00:00:00Z\n' },
      { path: 'PC-1/Passwords.txt', text: `URL: https://sso.${d}/\nUsername: a@${d}\nPassword: one-1\n` },
      { path: 'PC-2/information.txt', text: 'Stealer: Vidar\nMachineName: PC-2\nDate: 12.11.2026 08:15:00\n' },
      { path: 'PC-2/Passwords.txt', text: `URL: https://sso.${d}/\nUsername: b@${d}\nPassword: two-2\n` },
    ]);
    const job = await importFile(fixture.app, fixture.tenant, 'infostealer', 'logs.tar', archive);
    expect(job.status).toBe('succeeded');
    // Two devices and their two credentials.
    expect(job.counts).toMatchObject({ added: 4, rejected: 1 });
    expect(job.rejects).toEqual([
      {
        file: 'PC-1/information.txt',
        line: 3,
        reason: 'Date "0000-01-01T00:00:00Z" is out of range (1970 to 9999).',
      },
    ]);
  });
});
