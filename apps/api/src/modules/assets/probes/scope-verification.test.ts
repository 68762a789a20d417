// Proof of control before any active probe (issue 32, ADR 0041): broad netblocks are refused; an
// entry starts unverified and is proven by a DNS TXT record (a local DNS server on 127.0.0.1), by
// a /.well-known file (a local HTTP server) or, a netblock, by its reverse DNS; only administrators
// check; a probe run never contacts an unverified entry (a socket spy and the targets' listeners
// count every connection) while a verified one is probed; lost proof pauses probing, audited.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProbeTargets, startProbeTargets, TARGET_PORTS } from '../../../dev/probe-targets/probe-targets.js';
import { answerOf } from '../../../testing/api.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { newTenant, queueTask, type Tenant } from '../../../testing/monitoring.js';
import { runProbes, seedAssets, waitForJob } from '../../../testing/probes.js';
import { openTestDatabase, type TestDatabase, testApp, testConfig, type VigilApp } from '../../../testing/test-app.js';
import { approveScope } from '../scope-verify.service.js';
import { OutOfScope, ProbeNet } from './probe-net.js';
import { ProbeScope } from './probe-scope.js';
import { probeJobOptions, settingsOf } from './probe-settings.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let analyst: Tenant;
let targets: ProbeTargets;
let fileServer: Server;
let filePort = 0;
let fileBody = '';
const connections = recordConnections();
const tag = `${Date.now() % 1e6}`;
const PROVEN = `proven${tag}.example`;
const STRANGER = `stranger${tag}.example`;
const FILED = `filed${tag}.example`;
const hosts = (domain: string) => ['www', 'shop', 'api', 'vpn'].map((h) => `${h}.${domain}`);
const hits = (domain: string) =>
  [...targets.listeners.entries()]
    .filter(([name]) => name === domain || name.endsWith(`.${domain}`))
    .flatMap(([, listeners]) => listeners)
    .reduce((n, l) => n + l.connections(), 0);
const listenerPorts = (domain: string) =>
  [...targets.listeners.entries()]
    .filter(([name]) => name === domain || name.endsWith(`.${domain}`))
    .flatMap(([, listeners]) => listeners.map((l) => `127.0.0.1:${l.port}`));

beforeAll(async () => {
  database = await openTestDatabase();
  targets = await startProbeTargets(
    [PROVEN, STRANGER].map((domain) => ({ domain, hosts: hosts(domain) })),
    { extraZone: { [FILED]: [{ type: 'A', data: '127.0.0.1' }] } },
  );
  fileServer = createServer((request, response) => {
    const served = request.url === '/.well-known/vigil-verification.txt' && request.headers.host === FILED;
    response.writeHead(served ? 200 : 404, { 'content-type': 'text/plain' });
    response.end(served ? fileBody : 'not found');
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  const address = fileServer.address();
  filePort = typeof address === 'object' && address ? address.port : 0;
  targets.connectTo[`${FILED}:443`] = null;
  targets.connectTo[`${FILED}:80`] = `127.0.0.1:${filePort}`;
  // The server's own checks use the deployment's probe settings: here the local targets'.
  const base = testConfig();
  const options = targets.jobOptions();
  const probes = {
    ...base.probes,
    resolver: options.resolver,
    privateTargets: true,
    loopbackOnly: true,
    ca: options.ca,
    connectTo: targets.connectTo,
    timeoutMs: 2000,
  };
  ({ app } = await testApp(database, { config: { ...base, probes } }));
  admin = await newTenant(app, 'proof', { role: 'administrator' });
  analyst = await newTenant(app, 'proof', { join: admin, role: 'analyst' });
});
afterAll(async () => {
  connections.stop();
  await new Promise((resolve) => fileServer?.close(resolve));
  await targets?.close();
  await app?.close();
  await database?.close();
});

const declare = (value: string, kind = 'domain') =>
  admin.browser.post('/api/asset-scopes', { kind, value }, { token: admin.token });
const verify = (who: Tenant, id: number) =>
  who.browser.post(`/api/asset-scopes/${id}/verify`, undefined, { token: who.token });
async function entry(value: string, kind = 'domain') {
  const response = await declare(value, kind);
  expect(response.statusCode, response.body).toBe(201);
  return answerOf('createAssetScope', response).data;
}
async function txtValue(): Promise<string> {
  const list = answerOf('listAssetScopes', await admin.browser.get('/api/asset-scopes', { token: admin.token }));
  return list.verification.txt_value;
}

describe('the probe scope refuses broad netblocks', () => {
  it('answers 422 for every range wider than a /16 (IPv4) or a /48 (IPv6), and accepts those', async () => {
    for (const value of ['0.0.0.0/0', '::/0', '8.0.0.0/8', '198.0.0.0/15', '2001:db8::/47']) {
      const response = await declare(value, 'netblock');
      expect(response.statusCode, value).toBe(422);
      expect(response.body, value).toMatch(/is wider than a \/(16|48)/);
    }
    expect((await entry('198.51.0.0/16', 'netblock')).status).toBe('unverified');
    expect((await entry('2001:db8:1::/48', 'netblock')).status).toBe('unverified');
  });
});

describe('proving a domain', () => {
  it('a member who is not an administrator cannot verify', async () => {
    const scope = await entry(`member${tag}.example`);
    expect((await verify(analyst, scope.id)).statusCode).toBe(403);
    expect((await verify(admin, 999_999)).statusCode).toBe(404);
  });

  it('by a DNS TXT record: says what it found when it is missing, verifies once it is there', async () => {
    const scope = await entry(PROVEN);
    expect(scope.status).toBe('unverified');
    targets.zone[`_vigil-challenge.${PROVEN}`] = [{ type: 'TXT', data: 'vigil-verification=someone-elses' }];
    const failed = answerOf('verifyAssetScope', await verify(admin, scope.id));
    expect(failed.verified).toBe(false);
    expect(failed.data.status).toBe('unverified');
    expect(failed.message).toContain(
      `TXT at _vigil-challenge.${PROVEN}: 1 record(s), 1 with another vigil-verification value`,
    );
    expect(failed.message).toContain(`TXT at ${PROVEN}: 1 record(s), none vigil-verification`);
    targets.zone[`_vigil-challenge.${PROVEN}`] = [{ type: 'TXT', data: await txtValue() }];
    const proven = answerOf('verifyAssetScope', await verify(admin, scope.id));
    expect(proven).toMatchObject({ verified: true, data: { status: 'verified', method: 'dns_txt' } });
  });

  it('by the /.well-known file on the domain, over HTTP here (no HTTPS listens)', async () => {
    const scope = await entry(FILED);
    fileBody = 'vigil-verification=not-ours\n';
    const failed = answerOf('verifyAssetScope', await verify(admin, scope.id));
    expect(failed.verified).toBe(false);
    expect(failed.message).toContain(`http://${FILED}/.well-known/vigil-verification.txt does not hold the token.`);
    fileBody = `${await txtValue()}\n`;
    const proven = answerOf('verifyAssetScope', await verify(admin, scope.id));
    expect(proven).toMatchObject({ verified: true, data: { status: 'verified', method: 'http_file' } });
  });

  it('a netblock by its reverse DNS under a verified domain, or by an operator with a reason', async () => {
    const block = await entry('192.0.2.0/30', 'netblock');
    const ptr = (last: number) => `${last}.2.0.192.in-addr.arpa`;
    for (const last of [0, 1, 2]) targets.zone[ptr(last)] = [{ type: 'PTR', data: `host${last}.${PROVEN}` }];
    targets.zone[ptr(3)] = [{ type: 'PTR', data: 'host.elsewhere.example' }];
    const failed = answerOf('verifyAssetScope', await verify(admin, block.id));
    expect(failed.verified).toBe(false);
    expect(failed.message).toContain('192.0.2.3 → host.elsewhere.example');
    targets.zone[ptr(3)] = [{ type: 'PTR', data: `host3.${PROVEN}` }];
    expect(answerOf('verifyAssetScope', await verify(admin, block.id)).data).toMatchObject({
      status: 'verified',
      method: 'reverse_dns',
    });

    const other = await entry('203.0.113.0/24', 'netblock');
    await expect(approveScope(app.ctx.db, other.id, 'ok', new Date())).rejects.toThrow(/Say why/);
    expect(await approveScope(app.ctx.db, other.id, 'Contract 42 with the block holder', new Date())).toContain(
      'approved for probing',
    );
    // An approval stands: checking it again neither needs nor loses a PTR record.
    expect(answerOf('verifyAssetScope', await verify(admin, other.id))).toMatchObject({
      verified: true,
      data: { status: 'verified', method: 'operator' },
    });
    const audit = await app.ctx.db
      .selectFrom('audit_events')
      .select(['event', 'details'])
      .where('company_id', '=', admin.companyId)
      .where('event', '=', 'scope.approved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
      value: '203.0.113.0/24',
      reason: 'Contract 42 with the block holder',
    });
  });
});

describe('a probe run', () => {
  it('never contacts an unverified domain or netblock, and probes the verified one', async () => {
    await entry(STRANGER);
    // 127.0.0.1 as an address asset: its unverified netblock would reach the stranger's shop.
    await entry('127.0.0.1/32', 'netblock');
    targets.connectTo[`127.0.0.1:${TARGET_PORTS.https}`] =
      targets.connectTo[`shop.${STRANGER}:${TARGET_PORTS.https}`] ?? null;
    await seedAssets(app, admin.companyId, [
      ['domain', PROVEN],
      ['subdomain', `www.${PROVEN}`],
      ['domain', STRANGER],
      ['subdomain', `shop.${STRANGER}`],
      ['ip', '127.0.0.1'],
    ]);
    const before = connections.targets().length;
    const asked = targets.dns.questions.length;
    const run = await runProbes(app, admin.companyId, targets.jobOptions());
    expect(run.status).toBe('done');
    expect(hits(PROVEN)).toBeGreaterThan(0);
    expect(hits(STRANGER)).toBe(0);
    const made = connections.targets().slice(before);
    expect(made.length).toBeGreaterThan(0);
    expect(made.filter((t) => listenerPorts(STRANGER).includes(t))).toEqual([]);
    expect(targets.dns.questions.slice(asked).filter((q) => q.includes(STRANGER))).toEqual([]);
    expect(outsideLoopback(made)).toEqual([]);
  });

  it('the connecting layer refuses an unverified entry even when it is handed one', async () => {
    const settings = settingsOf(testConfig().probes, probeJobOptions.parse(targets.jobOptions()));
    const scope = new ProbeScope(
      [
        { kind: 'domain', value: STRANGER, status: 'unverified' },
        { kind: 'domain', value: PROVEN, status: 'lost' },
        { kind: 'netblock', value: '127.0.0.1/32', status: 'unverified' },
      ],
      true,
    );
    const net = new ProbeNet(scope, settings);
    const before = connections.targets().length;
    await expect(net.get(new URL(`https://shop.${STRANGER}/`))).rejects.toThrow(OutOfScope);
    await expect(net.portOpen(`www.${PROVEN}`, TARGET_PORTS.https)).rejects.toThrow(OutOfScope);
    await expect(net.portOpen('127.0.0.1', TARGET_PORTS.https)).rejects.toThrow(OutOfScope);
    expect(connections.targets().slice(before)).toEqual([]);
  });

  it('stops once the proof is lost: the re-check marks it lost, audited, and the next run contacts nothing', async () => {
    delete targets.zone[`_vigil-challenge.${PROVEN}`];
    await app.ctx.db
      .updateTable('asset_scopes')
      .set({ checked_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('company_id', '=', admin.companyId)
      .where('value', '=', PROVEN)
      .execute();
    expect(await waitForJob(app, await queueTask(app, 'assets.scope-verify'))).toBe('succeeded');
    const list = answerOf('listAssetScopes', await admin.browser.get('/api/asset-scopes', { token: admin.token }));

    const lost = list.data.find((s) => s.value === PROVEN);
    expect(lost).toMatchObject({ status: 'lost' });
    expect(lost?.check_note).toContain(`No proof found for ${PROVEN}`);
    const audit = await app.ctx.db
      .selectFrom('audit_events')
      .select('details')
      .where('company_id', '=', admin.companyId)
      .where('event', '=', 'scope.verification_lost')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details ?? '{}').value)).toContain(PROVEN);
    // The netblocks under it stay as they were; the domain's hosts are no longer contacted.
    const before = hits(PROVEN);
    const run = await runProbes(app, admin.companyId, targets.jobOptions());
    expect(run.status).toBe('done');
    expect(hits(PROVEN)).toBe(before);
    expect(hits(STRANGER)).toBe(0);
  });
});
