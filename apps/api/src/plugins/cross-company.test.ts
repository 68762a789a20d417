// Cross-company writes: members of company B (an analyst and an administrator) call every operation
// of the contract that writes, aimed at company A's rows wherever an operation takes ids, and upload
// a file of every import kind about A (A's domain, A's hosts, the CVEs A watches); then every read
// A's member can make answers exactly as before. The CVE catalogue is shared reference data that
// only the platform writes (issue 12: one NVD file from another company changed A's scores).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../identity/session/session.service.js';
import { findUserById } from '../identity/users/users.repository.js';
import { cveFiles } from '../modules/cves/cves.demo.js';
import { epssCsv, kevCatalogue, nvdPage } from '../modules/cves/cves.fixtures.js';
import { answerOf } from '../testing/api.js';
import { type Operation, operationsOf, urlOf } from '../testing/contract-operations.js';
import { json } from '../testing/flows.js';
import { asText, Random, type Schema, validValue } from '../testing/fuzz-values.js';
import {
  DEMO_ANCHOR,
  DEMO_WATCH,
  demoFilesOf,
  importFile,
  importFiles,
  newTenant,
  platformOperator,
  settleJobs,
  type Tenant,
  upload,
  watchProducts,
} from '../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';

const SEED = 20261124;
const VARIANTS = 6;
/** Per list of ids, at most this many detail reads (bounds the test's time). */
const DETAILS = 25;

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let intruders: Tenant[];
/** A's rows: findings, imports, devices, watch items, CVEs, and A's user. */
const ofA = { findings: [] as number[], imports: [] as number[], devices: [] as number[], watch: [] as number[] };
let cvesOfA: string[] = [];

const get = async (who: Tenant, url: string) => {
  const response = await who.browser.get(url, { token: who.token });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.body;
};
const idsOf = (body: string) => json<{ data: { id: number }[] }>({ body }).data.map((row) => row.id);

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  a = await newTenant(app, 'owner');
  const b = await newTenant(app, 'intruder');
  intruders = [b, await newTenant(app, 'intruderadmin', { join: b, role: 'administrator' })];
  await watchProducts(a, DEMO_WATCH);
  const operator = await platformOperator(app);
  for (const file of cveFiles(DEMO_ANCHOR, 40)) await importFile(app, operator, file.kind, file.fileName, file.content);
  const hosts = [`www.${a.domain}`, `shop.${a.domain}`];
  await importFiles(app, a, demoFilesOf({ domain: a.domain, watch: DEMO_WATCH, hosts }, DEMO_ANCHOR, 7));
  ofA.findings = idsOf(await get(a, '/api/findings?page_size=100'));
  ofA.imports = idsOf(await get(a, '/api/imports?page_size=100'));
  ofA.devices = idsOf(await get(a, '/api/credentials/devices?page_size=100'));
  ofA.watch = idsOf(await get(a, '/api/cves/watch-list'));
  cvesOfA = answerOf('listCves', { body: await get(a, '/api/cves?page_size=100') }).data.map((c) => c.cve_id);
  expect(ofA.findings.length).toBeGreaterThan(20);
  expect(cvesOfA.length).toBeGreaterThan(0);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Every read A's member makes: the lists, exports and settings, and the detail of A's rows. */
async function whatASees(): Promise<Map<string, string>> {
  const urls = [
    '/api/get-clients',
    '/api/findings?page_size=100',
    '/api/findings/export',
    '/api/findings/assignees',
    '/api/events?page_size=100',
    '/api/imports?page_size=100',
    '/api/credentials?page_size=100',
    '/api/credentials/export',
    '/api/credentials/devices?page_size=100',
    '/api/credentials/devices/export',
    '/api/cves?page_size=100',
    '/api/cves/export',
    '/api/cves/products',
    '/api/cves/watch-list',
    '/api/vulnerabilities?page_size=100',
    '/api/vulnerabilities/export',
    '/api/vulnerabilities/sla-policy',
    '/api/assets?page_size=100',
    '/api/assets/export',
    '/api/asset-scopes',
    '/api/suppliers',
    '/api/dashboard',
    ...ofA.findings.slice(0, DETAILS).map((id) => `/api/findings/${id}`),
    ...ofA.imports.slice(0, DETAILS).map((id) => `/api/imports/${id}`),
    ...ofA.devices.slice(0, DETAILS).map((id) => `/api/credentials/devices/${id}`),
    ...cvesOfA.slice(0, DETAILS).map((id) => `/api/cves/${id}`),
  ];
  const seen = new Map<string, string>();
  // When an answer was computed is not data of A: B's throttled password guesses move the test clock.
  for (const url of urls) seen.set(url, (await get(a, url)).replace(/"generated_at":"[^"]*"/, ''));
  return seen;
}

/** A path id: one of A's rows of the kind the path names (or any of A's ids). */
function idFor(op: Operation, random: Random): string {
  if (op.path.startsWith('/imports') || op.path.startsWith('/jobs')) return String(random.pick(ofA.imports));
  if (op.path.startsWith('/cves/watch-list')) return String(random.pick(ofA.watch));
  if (op.path.startsWith('/credentials/devices')) return String(random.pick(ofA.devices));
  if (op.path.startsWith('/admin/users')) return String(a.userId);
  return String(random.pick(ofA.findings));
}

/** Writes: every non-GET operation but the upload (below) and logout (last), with A's ids. */
async function writeEverything(who: Tenant, doc: Schema, random: Random): Promise<string[]> {
  const ids = [...ofA.findings, ...ofA.watch, ...ofA.devices, a.userId, a.companyId];
  const calls: string[] = [];
  const operations = operationsOf(doc).filter(
    (op) => op.method !== 'GET' && !['createImport', 'logout'].includes(op.operationId),
  );
  for (const op of operations) {
    for (let i = 0; i < VARIANTS; i += 1) {
      const path: Record<string, string> = {};
      const query: Record<string, string | string[]> = {};
      for (const p of op.parameters) {
        if (p.in === 'path')
          path[p.name] = p.name === 'id' ? idFor(op, random) : String(asText(validValue(doc, p.schema, random, ids)));
        else if (p.in === 'query' && (p.required || random.next() < 0.5))
          query[p.name] = asText(validValue(doc, p.schema, random, ids)) ?? '';
      }
      const body = op.body ? validValue(doc, op.body.schema, random, ids) : undefined;
      const response = await who.browser.call(op.method as 'POST', urlOf(op, path, query), {
        token: who.token,
        ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
      });
      if (response.statusCode === 401) await signInAgain(who);
      calls.push(`${op.operationId} ${response.statusCode}`);
    }
  }
  return calls;
}

/** A call that ended the intruder's session (a password change…): a new one from the session service. */
async function signInAgain(who: Tenant): Promise<void> {
  const user = await findUserById(app.ctx.db, who.userId);
  if (!user) throw new Error('the intruder is gone');
  const session = await app.ctx.db
    .transaction()
    .execute((trx) => createSession(app.ctx, trx, user, 'password', { ip: null }));
  who.token = session.accessToken;
}

/** Files of every kind about A: A's accounts and hosts, and the CVEs A watches rewritten. */
async function uploadEverything(who: Tenant): Promise<string[]> {
  const statuses: string[] = [];
  const hosts = [`www.${a.domain}`, `vpn.${a.domain}`];
  for (const file of demoFilesOf({ domain: a.domain, watch: DEMO_WATCH, hosts }, DEMO_ANCHOR, 99)) {
    statuses.push(`${file.kind} ${(await upload(who, file.kind, file.fileName, file.content)) > 0}`);
  }
  const rewritten = cvesOfA.map((id) => ({
    id,
    published: '2026-01-01T00:00:00.000',
    description: 'Rewritten by another company',
    cvss31: 0.1,
    cpes: ['cpe:2.3:a:apache:http_server:2.4.49:*:*:*:*:*:*:*'],
  }));
  const planted = {
    id: 'CVE-2026-99999',
    published: '2026-11-20T00:00:00.000',
    description: 'Planted critical',
    cvss31: 10,
    cpes: ['cpe:2.3:a:apache:http_server:2.4.49:*:*:*:*:*:*:*'],
  };
  const catalogue: [string, string, string][] = [
    ['nvd', 'nvd.json', nvdPage([...rewritten, planted])],
    [
      'kev',
      'kev.json',
      kevCatalogue(
        cvesOfA.map((cveID) => ({
          cveID,
          vendorProject: 'apache',
          product: 'http_server',
          dateAdded: '2026-11-01',
          dueDate: '2026-11-22',
        })),
      ),
    ],
    ['epss', 'epss.csv', epssCsv(cvesOfA.map((id) => [id, 0.99, 0.99]))],
  ];
  for (const [kind, name, content] of catalogue) {
    const response = await who.browser.post(`/api/imports?kind=${kind}&file_name=${name}`, Buffer.from(content), {
      token: who.token,
      headers: { 'content-type': 'application/octet-stream' },
    });
    statuses.push(`${kind} ${response.statusCode}`);
  }
  return statuses;
}

describe('writes of another company', () => {
  it('change nothing company A sees, whatever B sends', { timeout: 300_000 }, async () => {
    const before = await whatASees();
    const random = new Random(SEED);
    const doc = app.contract as unknown as Schema;
    const statuses: string[] = [];
    for (const who of intruders) {
      statuses.push(...(await uploadEverything(who)));
      statuses.push(...(await writeEverything(who, doc, random)));
    }
    for (const who of intruders) await who.browser.post('/api/logout', undefined, { token: who.token });
    await settleJobs(app, { statuses: ['queued', 'running', 'uploading'], pauseMs: 20, withinMs: 4_000 });
    const after = await whatASees();
    console.log(
      `[cross-company] ${before.size} reads of A compared; ${statuses.length} writes by B: ${[...new Set(statuses)].sort().join(', ')}`,
    );
    const changed = [...before].filter(([url, body]) => after.get(url) !== body).map(([url]) => url);
    expect(changed, `A's reads changed by B's writes: ${changed.join(', ')}`).toEqual([]);
    // The catalogue kinds are refused to company members, their administrators included.
    expect(statuses.filter((s) => /^(nvd|kev|epss) /.test(s))).toEqual([
      'nvd 403',
      'kev 403',
      'epss 403',
      'nvd 403',
      'kev 403',
      'epss 403',
    ]);
    // The writes got past the session and anti-forgery checks (else the test proves nothing).
    const passed = statuses.filter((s) => !/ (401|419|429)$/.test(s));
    expect(passed.length).toBeGreaterThan(statuses.length / 2);
  });
});
