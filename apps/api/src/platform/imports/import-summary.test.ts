// One event per import (issue 14): an import's findings write no events of their own; the import
// writes one, import.succeeded, with what it found (new by severity, reopened), however many
// batches it took. The system's findings (the CVE watch) keep an event each unless they come in bulk.
import { describe, expect, it } from 'vitest';
import { nvdPage } from '../../modules/cves/cves.fixtures.js';
import { answerOf } from '../../testing/api.js';
import { importFile, platformOperator, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { SYSTEM_EVENTS_AT_MOST } from '../findings/findings.ingest.js';

const fixture = tenantFixture('summary');

async function events(who: Tenant, query = '') {
  const r = await who.browser.get(`/api/events?page_size=100${query}`, { token: who.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('listEvents', r).data;
}

describe('one event per import', () => {
  it('writes one import.succeeded for a combolist of many batches, with the new findings by severity', async () => {
    const { app, tenant } = fixture;
    const lines = 12_000;
    const file = Array.from({ length: lines }, (_, i) => `user${i}@${tenant.domain}:Secret-${i}-pass`).join('\n');
    const job = await importFile(app, tenant, 'combolist', 'big-leak.txt', file);
    expect(job.counts).toMatchObject({ added: lines, rejected: 0 });
    const written = await events(tenant);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'import.succeeded',
      severity: 'high',
      import_id: job.id,
      finding_id: null,
      title: 'big-leak.txt: 12,000 new findings (12,000 high)',
      details: {
        kind: 'combolist',
        file_name: 'big-leak.txt',
        new_findings: lines,
        reopened: 0,
        by_severity: { critical: 0, high: lines, medium: 0, low: 0, info: 0 },
        added: lines,
      },
    });
  });

  it('counts reopened findings in the summary and writes no event per finding', async () => {
    const { app, tenant } = fixture;
    const list = answerOf(
      'listCredentials',
      await tenant.browser.get('/api/credentials?q=user1@&page_size=1', { token: tenant.token }),
    );
    const id = list.data[0]?.id ?? 0;
    for (const status of ['confirmed', 'resolved']) {
      const r = await tenant.browser.call('PATCH', `/api/findings/${id}`, { token: tenant.token, body: { status } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const before = (await events(tenant)).length;
    const job = await importFile(app, tenant, 'combolist', 'again.txt', `user1@${tenant.domain}:Secret-1-pass`);
    const written = await events(tenant);
    expect(written).toHaveLength(before + 1);
    expect(written[0]).toMatchObject({
      kind: 'import.succeeded',
      import_id: job.id,
      title: 'again.txt: 0 new findings, 1 reopened',
      details: { new_findings: 0, reopened: 1 },
    });
    expect(await events(tenant, '&kind=finding.reopened')).toEqual([]);
    // The history row of the reopen is still written, naming the import.
    const detail = answerOf('getFinding', await tenant.browser.get(`/api/findings/${id}`, { token: tenant.token }));
    expect(detail.data.history[0]).toMatchObject({ from: 'resolved', to: 'new', import_id: job.id });
  });

  it('counts a nuclei scan by severity, its worst severity on the event', async () => {
    const { app, tenant } = fixture;
    const line = (id: string, severity: string) =>
      JSON.stringify({
        'template-id': id,
        info: { name: id, severity },
        host: 'https://x.example',
        'matched-at': `https://x.example/${id}`,
      });
    const file = [line('a', 'critical'), line('b', 'critical'), line('c', 'medium'), line('d', 'info')].join('\n');
    const job = await importFile(app, tenant, 'nuclei', 'scan.jsonl', file);
    const [event] = await events(tenant, '&module=vulnerabilities');
    expect(event).toMatchObject({
      kind: 'import.succeeded',
      severity: 'critical',
      import_id: job.id,
      title: 'scan.jsonl: 4 new findings (2 critical, 1 medium, 1 info)',
      details: { new_findings: 4, by_severity: { critical: 2, high: 0, medium: 1, low: 0, info: 1 } },
    });
    expect(await events(tenant, '&module=vulnerabilities')).toHaveLength(1);
  });

  it('gives the CVE watch an event per finding, and one for the lot when it comes in bulk', async () => {
    const { app, tenant } = fixture;
    const cve = (n: number, product: string) => ({
      id: `CVE-2026-${String(70000 + n)}`,
      published: '2026-11-01T10:00:00.000',
      description: `Issue ${n}`,
      cvss31: 9.8,
      cpes: [`cpe:2.3:a:summaryvendor:${product}:1.0:*:*:*:*:*:*:*`],
    });
    const page = nvdPage([
      ...Array.from({ length: 3 }, (_, n) => cve(n, 'few')),
      ...Array.from({ length: SYSTEM_EVENTS_AT_MOST + 5 }, (_, n) => cve(100 + n, 'many')),
    ]);
    await importFile(app, await platformOperator(app), 'nvd', 'nvd-summary.json', page);
    for (const product of ['few', 'many']) {
      const r = await tenant.browser.post(
        '/api/cves/watch-list',
        { vendor: 'summaryvendor', product },
        { token: tenant.token },
      );
      expect(r.statusCode, r.body).toBe(201);
    }
    const cves = await events(tenant, '&module=cves');
    expect(cves.filter((e) => e.kind === 'finding.created')).toHaveLength(3);
    const bulk = cves.filter((e) => e.kind === 'findings.created');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({
      severity: 'critical',
      finding_id: null,
      import_id: null,
      details: { new_findings: SYSTEM_EVENTS_AT_MOST + 5, reopened: 0 },
    });
  });
});
