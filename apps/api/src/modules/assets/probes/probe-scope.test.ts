// What a probe run may contact: nothing outside the inventory's scope (a name under none of its
// domains, an address in none of its netblocks), no private address unless the run allows it, and
// connections bounded in concurrency and rate; a connection connect_to sends elsewhere checked by
// the same rules. Also a supplier's run, a cancelled run and a resumed one. Every connection the
// file makes goes to 127.0.0.1.
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../dev/probe-targets/certificates.js';
import { type ProbeTargets, startProbeTargets, TARGET_PORTS } from '../../../dev/probe-targets/probe-targets.js';
import { type Listener, startHttpsSite } from '../../../dev/probe-targets/web-servers.js';
import type { JobsTable } from '../../../platform/jobs/jobs.table.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { assetFindings, runProbes, seedAssets, verifiedScope, waitForJob } from '../../../testing/probes.js';
import { openTestDatabase, type TestDatabase, testApp, testConfig, type VigilApp } from '../../../testing/test-app.js';
import { Limiter, OutOfScope, ProbeNet } from './probe-net.js';
import { ProbeScope } from './probe-scope.js';
import { probeJobOptions, settingsOf } from './probe-settings.js';
import { queueProbeRun } from './probes.repository.js';

let database: TestDatabase;
let app: VigilApp;
let c: Tenant;
let targets: ProbeTargets;
let outside: Listener;
const OUTSIDE = 'outside-probes.example';
// The address every target name resolves to: an IP asset the scope leaves out until its netblock is declared.
const OUTSIDE_IP = '127.0.0.1';
const { https: HTTPS, http: HTTP, service: SERVICE } = TARGET_PORTS;
const connections = recordConnections();

const www = () => targets.listeners.get(`www.${c.domain}`) ?? [];
const hits = (listeners: Listener[]) => listeners.reduce((n, l) => n + l.connections(), 0);

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  c = await newTenant(app, 'scope');
  targets = await startProbeTargets(
    [{ domain: c.domain, hosts: ['www', 'shop', 'api', 'vpn'].map((h) => `${h}.${c.domain}`) }],
    { extraZone: { [OUTSIDE]: [{ type: 'A', data: OUTSIDE_IP }] } },
  );
  outside = await startHttpsSite(
    'bare',
    '127.0.0.1',
    0,
    issueCertificate(null, { names: [OUTSIDE], validFromDays: -1, validToDays: 90 }),
  );
  // The outside name and the bare address reach the outside site (if anything ever let them).
  for (const name of [OUTSIDE, OUTSIDE_IP]) {
    targets.connectTo[`${name}:${HTTPS}`] = `127.0.0.1:${outside.port}`;
    targets.connectTo[`${name}:${HTTP}`] = null;
    targets.connectTo[`${name}:${SERVICE}`] = null;
  }
  await verifiedScope(app, c.companyId, [{ kind: 'domain', value: c.domain }]);
  await seedAssets(app, c.companyId, [
    ['subdomain', `www.${c.domain}`],
    ['subdomain', OUTSIDE],
    ['ip', OUTSIDE_IP],
  ]);
});
afterAll(async () => {
  connections.stop();
  await outside?.close();
  await targets?.close();
  await app?.close();
  await database?.close();
});

describe('the scope of a probe run', () => {
  it('never contacts a name or an address outside the scope, not even through DNS', async () => {
    const run = await runProbes(app, c.companyId, targets.jobOptions());
    expect(run.status).toBe('done');
    expect(run.targets).toBe(1);
    expect(hits(www())).toBeGreaterThan(0);
    expect(outside.connections()).toBe(0);
    expect(targets.dns.questions.some((q) => q.startsWith(OUTSIDE))).toBe(false);
    const skipped = await app.ctx.db
      .selectFrom('assets')
      .select(['value', 'last_probed_at'])
      .where('company_id', '=', c.companyId)
      .where('value', 'in', [OUTSIDE, OUTSIDE_IP])
      .execute();
    expect(skipped.map((s) => s.last_probed_at)).toEqual([null, null]);
  });

  it('contacts no private or loopback address unless the run allows it (the default refuses)', async () => {
    const before = hits(www());
    const { allow_private: _allowed, ...options } = targets.jobOptions();
    const run = await runProbes(app, c.companyId, options);
    expect(run.status).toBe('done');
    expect(hits(www())).toBe(before);
    const observed = await app.ctx.db
      .selectFrom('probe_observations')
      .select('probe')
      .where('run_id', '=', run.id)
      .execute();
    // DNS answers from the resolver; nothing was sent to the name's loopback address.
    expect(observed.map((o) => o.probe)).toEqual(['dns']);
  });

  it('probes an address asset once an administrator declares its netblock', async () => {
    await app.ctx.db
      .insertInto('asset_scopes')
      .values({
        company_id: c.companyId,
        supplier_id: null,
        kind: 'netblock',
        value: `${OUTSIDE_IP}/32`,
        created_by: null,
        created_at: new Date(),
        status: 'verified',
      })
      .execute();
    const run = await runProbes(app, c.companyId, targets.jobOptions());
    expect(run.targets).toBe(2);
    expect(outside.connections()).toBeGreaterThan(0);
    expect(targets.dns.questions.some((q) => q.startsWith(OUTSIDE))).toBe(false);
    const found = await assetFindings(app, c.companyId);
    expect(found.has(`tls:untrusted:${OUTSIDE_IP}:${HTTPS}`)).toBe(true);
  });
});

describe('a connection connect_to sends elsewhere', () => {
  // Only where to connect is computed here: nothing is contacted (the DNS server is asked).
  const netWith = (connectTo: Record<string, string | null>, rules: Record<string, boolean> = {}) => {
    const options = { ...targets.jobOptions(), loopback_only: true, ...rules, connect_to: connectTo };
    const settings = settingsOf(testConfig().probes, probeJobOptions.parse(options));
    const scope = new ProbeScope(
      [{ kind: 'domain', value: c.domain, status: 'verified' }],
      settings.allowPrivate,
      settings.loopbackOnly,
    );
    return new ProbeNet(scope, settings);
  };
  const host = (name: string) => `${name}.${c.domain}`;

  it('goes where the map says, to the name resolved otherwise, and nowhere when it maps to null', async () => {
    const net = netWith({ [`${host('www')}:${HTTPS}`]: '127.0.0.1:8443', [`*.${c.domain}:${HTTP}`]: null });
    expect(await net.endpointFor(host('www'), HTTPS)).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(await net.endpointFor(host('www'), SERVICE)).toEqual({ host: '127.0.0.1', port: SERVICE });
    expect(await net.endpointFor(host('shop'), HTTP)).toBeNull();
  });

  it('checks the mapped address by the same rules, and never maps a name outside the scope', async () => {
    const www = `${host('www')}:${HTTPS}`;
    // A private address where the run contacts loopback ones only.
    await expect(netWith({ [www]: '10.20.30.40:443' }).endpointFor(host('www'), HTTPS)).rejects.toThrow(OutOfScope);
    // A loopback address where the run allows no private one (the name itself resolves to a public address).
    targets.zone[host('public')] = [{ type: 'A', data: '192.0.2.10' }];
    const noPrivate = netWith(
      { [`${host('public')}:${HTTPS}`]: '127.0.0.1:8443' },
      { allow_private: false, loopback_only: false },
    );
    await expect(noPrivate.endpointFor(host('public'), HTTPS)).rejects.toThrow(/private, loopback/);
    delete targets.zone[host('public')];
    // A name instead of an address: that would be a second lookup outside the run's resolver.
    await expect(netWith({ [www]: 'localhost:8443' }).endpointFor(host('www'), HTTPS)).rejects.toThrow(OutOfScope);
    const asked = targets.dns.questions.length;
    const outsideMapped = netWith({ [`${OUTSIDE}:${HTTPS}`]: `127.0.0.1:${outside.port}` });
    await expect(outsideMapped.endpointFor(OUTSIDE, HTTPS)).rejects.toThrow(/outside the scope/);
    expect(targets.dns.questions.length).toBe(asked);
  });
});

describe('a supplier run, a cancelled run and a resumed one', () => {
  it("probes a supplier's scope only and marks its findings as the supplier's", async () => {
    const supplier = await app.ctx.db
      .insertInto('suppliers')
      .values({
        company_id: c.companyId,
        name: 'Shop Hosting',
        tier: 'critical',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('asset_scopes')
      .values({
        company_id: c.companyId,
        supplier_id: supplier.id,
        kind: 'domain',
        value: `shop.${c.domain}`,
        created_by: null,
        created_at: new Date(),
        status: 'verified',
      })
      .execute();
    // The vpn host is the company's domain, not in the supplier's scope: never probed in its run.
    await seedAssets(
      app,
      c.companyId,
      [
        ['subdomain', `shop.${c.domain}`],
        ['subdomain', `vpn.${c.domain}`],
      ],
      supplier.id,
    );
    const vpnBefore = hits(targets.listeners.get(`vpn.${c.domain}`) ?? []);
    const run = await runProbes(app, c.companyId, targets.jobOptions(), supplier.id);
    expect(run).toMatchObject({ status: 'done', supplier_id: supplier.id, targets: 1 });
    expect(hits(targets.listeners.get(`vpn.${c.domain}`) ?? [])).toBe(vpnBefore);
    const expiring = (await assetFindings(app, c.companyId)).get(
      `tls:s${supplier.id}:expiring:shop.${c.domain}:${HTTPS}`,
    );
    expect(expiring?.supplier_id).toBe(supplier.id);
  });

  it('stops at its next batch when cancelled, resolving nothing', async () => {
    const jobId = await queueProbeRun(app.ctx.db, {
      companyId: c.companyId,
      options: { ...targets.jobOptions(), supplier_id: null },
      createdBy: null,
      isDemo: false,
      now: new Date(),
    });
    // Asked to stop while it runs: the first checkpoint sees it.
    await app.ctx.db.updateTable('jobs').set({ cancel_requested_at: new Date() }).where('id', '=', jobId).execute();
    expect(await waitForJob(app, jobId)).toBe('cancelled');
    const run = await app.ctx.db
      .selectFrom('probe_runs')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'cancelled', targets: 0, findings_resolved: 0 });
    const event = await app.ctx.db
      .selectFrom('events')
      .select('details')
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.details ?? '{}')).toMatchObject({ status: 'cancelled' });
  });

  /**
   * The company's probe run, queued already in `state`: one transaction, since the app's worker polls
   * and must never see the job as a plain queued one.
   */
  async function queueCompanyRunAs(state: Updateable<JobsTable>): Promise<number> {
    return app.ctx.db.transaction().execute(async (trx) => {
      const id = await queueProbeRun(trx, {
        companyId: c.companyId,
        options: { ...targets.jobOptions(), supplier_id: null },
        createdBy: null,
        isDemo: false,
        now: new Date(),
      });
      await trx.updateTable('jobs').set(state).where('id', '=', id).execute();
      return id;
    });
  }

  it('resumes after its checkpoint', async () => {
    const first = await app.ctx.db
      .selectFrom('assets')
      .select(['id', 'last_probed_at'])
      .where('value', '=', `www.${c.domain}`)
      .where('supplier_id', 'is', null)
      .executeTakeFirstOrThrow();
    // As if an attempt had committed the batch up to the first asset before a restart.
    const jobId = await queueCompanyRunAs({ checkpoint: first.id });
    expect(await waitForJob(app, jobId)).toBe('succeeded');
    const after = await app.ctx.db
      .selectFrom('assets')
      .select('last_probed_at')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(after.last_probed_at).toEqual(first.last_probed_at);
    const run = await app.ctx.db
      .selectFrom('probe_runs')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(run.targets).toBe(1);
  });
  it('is not run again after the server died in an attempt that committed nothing', async () => {
    // Running under a lease that ran out, its checkpoint where the attempt began: a crash.
    const jobId = await queueCompanyRunAs({
      status: 'running',
      attempts: 1,
      attempt_checkpoint: 0,
      lease_expires_at: new Date(Date.now() - 60_000),
    });
    const probed = hits(www());
    expect(await waitForJob(app, jobId)).toBe('failed');
    expect(hits(www())).toBe(probed);
    const run = await app.ctx.db
      .selectFrom('probe_runs')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('failed');
  });
});

describe('the limiter of connections', () => {
  it('keeps to its concurrency and its rate', async () => {
    const limiter = new Limiter(2, 20);
    let active = 0;
    let most = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limiter.run(async () => {
          active += 1;
          most = Math.max(most, active);
          await new Promise((resolve) => setTimeout(resolve, 120));
          active -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    // Eight starts at 20 per second: the last one 350 ms after the first at the earliest.
    expect(Date.now() - started).toBeGreaterThanOrEqual(340);
  });
});

describe('the connections of these runs', () => {
  it('all went to 127.0.0.1', () => {
    expect(connections.targets().length).toBeGreaterThan(0);
    expect(outsideLoopback(connections.targets())).toEqual([]);
  });
});
