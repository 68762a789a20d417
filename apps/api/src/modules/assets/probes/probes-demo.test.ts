// A fresh development start's attack surface: the demo targets served on 127.0.0.1 with the probes
// pointed at them, the demo loaded through the importers, and the demo's probe runs (each demo
// company and each of its suppliers) finding the targets' problems, contacting 127.0.0.1 only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMonitoringDemo } from '../../../demo/monitoring-demo.loader.js';
import { DEMO_TARGETS_RATE, probingDemoTargets, withDemoTargets } from '../../../dev/probe-targets/demo-targets.js';
import type { ProbeTargets } from '../../../dev/probe-targets/probe-targets.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { openTestDatabase, type TestDatabase, testApp, testConfig, type VigilApp } from '../../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let targets: ProbeTargets;
const connections = recordConnections();

beforeAll(async () => {
  database = await openTestDatabase();
  // As a development start: the demo targets, and the probes' settings pointed at them.
  const base = testConfig();
  const demo = await withDemoTargets({ ...base, probes: { ...base.probes, resolver: undefined } }, database.handle.db);
  targets = demo.targets;
  ({ app } = await testApp(database, { config: demo.config }));
});
afterAll(async () => {
  connections.stop();
  await app?.close();
  await database?.close();
  await targets?.close();
});

async function allJobsEnded() {
  for (let i = 0; i < 1200; i += 1) {
    const jobs = await app.ctx.db.selectFrom('jobs').select(['kind', 'status']).execute();
    if (jobs.every((j) => j.status !== 'queued' && j.status !== 'running')) return jobs;
    await app.jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the demo jobs did not end');
}

describe('the demo probe runs', () => {
  // The whole demo goes through the importers first: longer than the default 30 s on a busy machine.
  it('probe each demo company and its suppliers against the demo targets after the imports', {
    timeout: 120_000,
  }, async () => {
    expect(await loadMonitoringDemo(app.ctx, new Date(Date.now() - 3_600_000))).toBe(true);
    const jobs = await allJobsEnded();
    expect(jobs.filter((j) => j.kind === 'assets.probe').every((j) => j.status === 'succeeded')).toBe(true);
    const runs = await app.ctx.db
      .selectFrom('probe_runs as r')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .select(['c.name', 'r.supplier_id', 'r.status', 'r.targets', 'r.findings_opened', 'r.is_demo'])
      .execute();
    const own = runs.filter((r) => r.supplier_id === null);
    expect(own.map((r) => r.name).sort()).toEqual(['Acme Retail', 'Globex Bank']);
    for (const run of runs) {
      expect(run).toMatchObject({ status: 'done', is_demo: true });
      expect(run.findings_opened, `${run.name} ${run.supplier_id}`).toBeGreaterThan(0);
    }
    // The runs came after the imports: the company's public hosts were there to be probed.
    expect(Math.min(...own.map((r) => r.targets))).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeGreaterThan(own.length);
    const fingerprints = await app.ctx.db
      .selectFrom('findings')
      .select('fingerprint')
      .where('module', '=', 'assets')
      .where('supplier_id', 'is', null)
      .execute();
    expect(fingerprints.map((f) => f.fingerprint)).toEqual(
      expect.arrayContaining(['dns:no-dmarc:acme-retail.example', 'dns:dangling-cname:mx.acme-retail.example']),
    );
    // The names resolved to 127.0.0.1, and the runs contacted nothing else.
    const observations = await app.ctx.db
      .selectFrom('probe_observations')
      .select('result')
      .where('probe', '=', 'dns')
      .execute();
    const addresses = observations.flatMap((o) => (JSON.parse(o.result) as { a?: string[] }).a ?? []);
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => a === '127.0.0.1')).toBe(true);
    expect(connections.targets().length).toBeGreaterThan(0);
    expect(outsideLoopback(connections.targets())).toEqual([]);
  });

  it("contact the demo targets, this server's own sites on 127.0.0.1, faster than PROBE_RATE lets the probes contact others", () => {
    const base = testConfig();
    expect(base.probes.ratePerSecond).toBeLessThan(DEMO_TARGETS_RATE);
    const demo = probingDemoTargets({ ...base, probes: { ...base.probes, resolver: undefined } }, targets);
    expect(demo.probes).toMatchObject({ loopbackOnly: true, ratePerSecond: DEMO_TARGETS_RATE });
    // A resolver of the deployment's own: its probes contact real hosts, at the deployment's rate.
    const own = { ...base, probes: { ...base.probes, resolver: '192.0.2.53' } };
    expect(probingDemoTargets(own, targets)).toEqual(own);
  });
});
