// Probe runs against real local servers (a DNS server speaking DNS over UDP and TCP, HTTPS servers
// with certificates made here, a TCP service), all on 127.0.0.1: findings of each kind, the run's
// diff, resolution of what went away and reopening of what came back, the run's one event and alert
// evaluation, and the probe-run operations within the session's company. Every connection the
// file makes goes to 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProbeTargets, startProbeTargets, TARGET_PORTS } from '../../../dev/probe-targets/probe-targets.js';
import type { ManualClock } from '../../../shared/clock.js';
import { answerOf } from '../../../testing/api.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { newTenant, settleJobs, type Tenant } from '../../../testing/monitoring.js';
import { assetFindings, runProbes, seedAssets, verifiedScope } from '../../../testing/probes.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let a: Tenant;
let targets: ProbeTargets;
const port = TARGET_PORTS.https;
const servicePort = TARGET_PORTS.service;
const connections = recordConnections();

const hosts = (domain: string) => ['www', 'shop', 'api', 'vpn'].map((h) => `${h}.${domain}`);

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, clock } = await testApp(database));
  a = await newTenant(app, 'probes');
  targets = await startProbeTargets([{ domain: a.domain, hosts: hosts(a.domain) }]);
  await verifiedScope(app, a.companyId, [{ kind: 'domain', value: a.domain }]);
  await seedAssets(app, a.companyId, [
    ['domain', a.domain],
    ...hosts(a.domain).map((h): ['subdomain', string] => ['subdomain', h]),
  ]);
});
afterAll(async () => {
  connections.stop();
  await targets?.close();
  await app?.close();
  await database?.close();
});

describe('a probe run against the local targets', () => {
  let firstRun: Awaited<ReturnType<typeof runProbes>>;

  it('turns each problem into a finding of module assets on its asset', async () => {
    firstRun = await runProbes(app, a.companyId, targets.jobOptions());
    expect(firstRun.status).toBe('done');
    // The apex, the four hosts and the mail exchanger the DNS probe met (the IPs are outside any netblock).
    expect(firstRun.targets).toBe(6);
    const found = await assetFindings(app, a.companyId);
    const d = a.domain;
    const [www, shop, api, vpn] = hosts(d);
    // HTTPS on 443 (connect_to sends it to each site's port): an origin without its default port.
    for (const fingerprint of [
      `dns:no-dmarc:${d}`,
      `dns:no-caa:${d}`,
      `dns:no-dkim:${d}`,
      `dns:dangling-cname:mx.${d}`,
      `tls:expiring:${shop}:${port}`,
      `tls:old-protocol:${shop}:${port}`,
      `tls:weak-cipher:${shop}:${port}`,
      `tls:expired:${api}:${port}`,
      `tls:name-mismatch:${vpn}:${port}`,
      `http:login-without-hsts:https://${vpn}`,
      `http:missing-hsts:https://${shop}`,
      `http:missing-csp:https://${shop}`,
      `http:missing-frame-options:https://${shop}`,
      `http:missing-nosniff:https://${shop}`,
      `http:exposed-panel:https://${shop}/admin/`,
      `service:exposed:${api}:${servicePort}`,
    ]) {
      expect(found.get(fingerprint)?.status, fingerprint).toBe('new');
    }
    expect(found.get(`service:exposed:${api}:${servicePort}`)?.severity).toBe('critical');
    // The hardened host with a valid certificate from the trusted authority has nothing against it.
    expect([...found.keys()].filter((f) => f.includes(`${www}`))).toEqual([]);
    expect([...found.keys()].some((f) => f.startsWith('tls:untrusted:'))).toBe(false);
    expect([...found.keys()].some((f) => f.includes('spf'))).toBe(false);
    expect(firstRun.findings_opened).toBe(found.size);
    const linked = found.get(`tls:expired:${api}:${port}`);
    const apiAsset = await app.ctx.db
      .selectFrom('assets')
      .select('id')
      .where('value', '=', `api.${d}`)
      .executeTakeFirstOrThrow();
    expect(linked).toMatchObject({ asset_id: apiAsset.id, probe: 'tls' });
  });

  it('records what it met as assets with relations, and the run in the history', async () => {
    const assets = await app.ctx.db
      .selectFrom('assets')
      .select(['id', 'type', 'value', 'sources', 'last_probed_at'])
      .where('company_id', '=', a.companyId)
      .execute();
    const byValue = new Map(assets.map((x) => [x.value, x]));
    expect(byValue.get(`mx.${a.domain}`)?.type).toBe('subdomain');
    // Every name resolves to 127.0.0.1 (the targets' ports told apart by connect_to).
    expect(byValue.get('127.0.0.1')).toMatchObject({ type: 'ip', sources: ['probe'] });
    expect(byValue.get(`api.${a.domain}:${servicePort}/tcp`)?.type).toBe('service');
    expect(assets.filter((x) => x.type === 'certificate')).toHaveLength(5);
    const relations = await app.ctx.db
      .selectFrom('asset_relations')
      .select(['kind'])
      .where('company_id', '=', a.companyId)
      .execute();
    const kinds = new Set(relations.map((r) => r.kind));
    for (const kind of ['resolves_to', 'serves_certificate', 'has_service', 'mail_exchanger'])
      expect(kinds).toContain(kind);
    const observations = await app.ctx.db
      .selectFrom('probe_observations')
      .select(['probe'])
      .where('company_id', '=', a.companyId)
      .where('run_id', '=', firstRun.id)
      .execute();
    expect(observations).toHaveLength(firstRun.checks);
  });

  it('writes one event for the run and queues the alert evaluation of what it found', async () => {
    const events = await app.ctx.db
      .selectFrom('events')
      .select(['kind', 'severity', 'details', 'job_id'])
      .where('company_id', '=', a.companyId)
      .where('module', '=', 'assets')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'probes.finished', severity: 'critical', job_id: firstRun.job_id });
    expect(JSON.parse(events[0]?.details ?? '{}')).toMatchObject({
      run_id: firstRun.id,
      new_findings: firstRun.findings_opened,
    });
    const evaluation = await app.ctx.db
      .selectFrom('jobs')
      .select(['options'])
      .where('kind', '=', 'alerts.evaluate')
      .where('company_id', '=', a.companyId)
      .execute();
    expect(evaluation.map((e) => JSON.parse(e.options ?? '{}'))).toContainEqual({ job_id: firstRun.job_id });
  });

  it('resolves what is gone on the next run, marks the closed service gone and shows the diff', async () => {
    targets.zone[`_dmarc.${a.domain}`] = [{ type: 'TXT', data: 'v=DMARC1; p=reject' }];
    const redis = targets.listenerAt(`api.${a.domain}`, servicePort);
    await redis?.close();
    clock.advance(60_000);
    const second = await runProbes(app, a.companyId, targets.jobOptions());
    expect(second).toMatchObject({ status: 'done', findings_opened: 0, findings_resolved: 2, gone_assets: 1 });
    const found = await assetFindings(app, a.companyId);
    expect(found.get(`dns:no-dmarc:${a.domain}`)?.status).toBe('resolved');
    expect(found.get(`service:exposed:api.${a.domain}:${servicePort}`)?.status).toBe('resolved');
    expect(found.get(`tls:expired:api.${a.domain}:${port}`)?.status).toBe('new');
    const service = await app.ctx.db
      .selectFrom('assets')
      .select('gone_at')
      .where('value', '=', `api.${a.domain}:${servicePort}/tcp`)
      .executeTakeFirstOrThrow();
    expect(service.gone_at).not.toBeNull();

    const detail = await a.browser.get(`/api/probe-runs/${second.id}`, { token: a.token });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = answerOf('getProbeRun', detail).data;
    expect(body.changes).toContainEqual(
      expect.objectContaining({
        asset_value: a.domain,
        probe: 'dns',
        change: 'changed',
        to: expect.stringContaining('DMARC v=DMARC1'),
      }),
    );
    expect(body.changes).toContainEqual(
      expect.objectContaining({ asset_value: `api.${a.domain}:${servicePort}/tcp`, probe: null, change: 'gone' }),
    );
    expect(body.findings.filter((f) => f.change === 'resolved')).toHaveLength(2);
    // The first run's diff still lists what it opened, though the second saw most of it again.
    const first = answerOf(
      'getProbeRun',
      await a.browser.get(`/api/probe-runs/${firstRun.id}`, { token: a.token }),
    ).data;
    expect(first.findings.filter((f) => f.change === 'opened')).toHaveLength(firstRun.findings_opened);
  });

  it('reopens a finding that comes back', async () => {
    delete targets.zone[`_dmarc.${a.domain}`];
    clock.advance(60_000);
    const third = await runProbes(app, a.companyId, targets.jobOptions());
    expect(third.findings_opened).toBe(1);
    const found = await assetFindings(app, a.companyId);
    expect(found.get(`dns:no-dmarc:${a.domain}`)).toMatchObject({ status: 'new', reopen_count: 1 });
    const detail = answerOf('getProbeRun', await a.browser.get(`/api/probe-runs/${third.id}`, { token: a.token })).data;
    expect(detail.findings).toContainEqual(expect.objectContaining({ change: 'reopened' }));
  });
});

describe('the probe-run operations', () => {
  it('queue one run per inventory, list the runs with the pending one, and stay within the company', async () => {
    const started = await a.browser.post('/api/probe-runs', {}, { token: a.token });
    expect(started.statusCode, started.body).toBe(202);
    const { job_id } = answerOf('startProbeRun', started).data;
    expect((await a.browser.post('/api/probe-runs', {}, { token: a.token })).statusCode).toBe(409);
    const list = answerOf('listProbeRuns', await a.browser.get('/api/probe-runs', { token: a.token }));
    expect(list.meta.total).toBe(3);
    expect(list.pending).toEqual({ job_id, status: 'queued' });
    const cancelled = await a.browser.post(`/api/jobs/${job_id}/cancel`, undefined, { token: a.token });
    expect(cancelled.statusCode, cancelled.body).toBe(202);
    // The app's own worker may have claimed that run before the cancel (it then stops at its next
    // checkpoint, or ends): it is over before the supplier's run, whose event is read last below (a
    // clean-clone run read the company run's event, which had ended after the supplier's).
    await settleJobs(app);

    const b = await newTenant(app, 'other');
    const runId = list.data[0]?.id ?? 0;
    expect((await b.browser.get(`/api/probe-runs/${runId}`, { token: b.token })).statusCode).toBe(404);
    expect(answerOf('listProbeRuns', await b.browser.get('/api/probe-runs', { token: b.token })).meta.total).toBe(0);
    const supplier = await app.ctx.db
      .insertInto('suppliers')
      .values({
        company_id: a.companyId,
        name: 'Supplier A',
        tier: 'high',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await b.browser.post('/api/probe-runs', { supplier_id: supplier.id }, { token: b.token });
    expect(foreign.statusCode).toBe(404);
    const own = await a.browser.post('/api/probe-runs', { supplier_id: supplier.id }, { token: a.token });
    expect(own.statusCode, own.body).toBe(202);
    // Its timeline event names the supplier: several suppliers' runs do not read as one run repeated.
    await app.jobs.drain();
    const finished = await app.ctx.db
      .selectFrom('events')
      .select(['title', 'details'])
      .where('company_id', '=', a.companyId)
      .where('kind', '=', 'probes.finished')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(finished.title).toContain('supplier Supplier A');
    const details = typeof finished.details === 'string' ? JSON.parse(finished.details) : finished.details;
    expect(details).toMatchObject({ supplier_id: supplier.id, supplier_name: 'Supplier A' });
  });
});

describe('the connections of these runs', () => {
  it('all went to 127.0.0.1', () => {
    expect(connections.targets().length).toBeGreaterThan(0);
    expect(outsideLoopback(connections.targets())).toEqual([]);
  });
});
