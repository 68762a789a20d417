// Test helpers of the monitoring features: two companies with one user each (for tenant
// isolation), uploads through the API, and waiting for an import job to end.
import type { components } from '@vigil/api-client';
import { afterAll, beforeAll, expect } from 'vitest';

import type { VigilApp } from '../app.js';
import { profiles } from '../demo/monitoring-demo.loader.js';
import { CURRENT_TERMS_VERSION } from '../identity/auth/sign-in.steps.js';
import { addMembership, insertCompany } from '../identity/clients/clients.repository.js';
import { insertUser } from '../identity/users/users.repository.js';
import { moduleRegistry } from '../modules.js';
import { queueJob } from '../platform/jobs/job-queue.js';
import type { JobStatus } from '../platform/jobs/jobs.table.js';
import type { DemoCompany, DemoFile } from '../platform/monitoring/monitoring-module.js';
import type { JsonAnswerOf } from '../route-table.js';
import { hashPassword } from '../shared/passwords.js';
import { answerOf } from './api.js';
import { type SignedIn, signIn } from './flows.js';
import { openTestDatabase, type TestDatabase, testApp } from './test-app.js';

export interface Tenant extends SignedIn {
  companyId: number;
  domain: string;
  email: string;
}

let counter = 0;

export interface TenantOptions {
  /** The member is also a platform operator (who alone writes the CVE catalogue). */
  operator?: boolean;
  /** Join this tenant's company instead of creating one. */
  join?: Tenant;
  role?: 'administrator' | 'analyst' | 'viewer';
}

export interface TenantFixture {
  database: TestDatabase;
  app: VigilApp;
  /** A company of its own with one signed-in member. */
  tenant: Tenant;
}

/**
 * A test file's app over its own test database, with one tenant: opened before the file's tests
 * (listening on 127.0.0.1 when `listen`), closed after them. Read its fields inside the tests.
 */
export function tenantFixture(label: string, { listen = false }: { listen?: boolean } = {}): TenantFixture {
  const fixture = {} as TenantFixture;
  beforeAll(async () => {
    fixture.database = await openTestDatabase();
    ({ app: fixture.app } = await testApp(fixture.database));
    if (listen) await fixture.app.listen({ host: '127.0.0.1', port: 0 });
    fixture.tenant = await newTenant(fixture.app, label);
  });
  afterAll(async () => {
    await fixture.app?.close();
    await fixture.database?.close();
  });
  return fixture;
}

/**
 * A new company with one domain and one signed-in member whose current company it is (or one more
 * member of `join`'s company).
 */
export async function newTenant(
  app: VigilApp,
  label: string,
  { operator = false, join, role = 'analyst' }: TenantOptions = {},
): Promise<Tenant> {
  counter += 1;
  const tag = `${label}${counter}${Math.floor(Math.random() * 1e6)}`;
  const domain = join?.domain ?? `${tag}.example`;
  const email = `${role}-${tag}@${domain}`;
  const password = `Pw-${tag}-long-enough!`;
  const now = new Date();
  const hash = await hashPassword(password);
  const companyId = join?.companyId ?? (await insertCompany(app.ctx.db, `Company ${tag}`, [domain], now));
  const user = await insertUser(app.ctx.db, {
    email,
    name: `Analyst ${tag}`,
    position: 'Analyst',
    password_hash: hash,
    is_admin: operator,
    active: true,
    two_factor_enabled: true,
    email_verified_at: now,
    registration_confirmed_at: now,
    terms_version: CURRENT_TERMS_VERSION,
    terms_accepted_at: now,
    language: 'en',
    current_company_id: companyId,
    created_at: now,
    updated_at: now,
  });
  await addMembership(app.ctx.db, user.id, companyId, role, now);
  const signed = await signIn(app, { email, password });
  return { ...signed, companyId, domain, email };
}

/** A finished import as GET /imports/{id} answers it (the contract's type, not a restatement). */
export type ImportView = components['schemas']['ImportDetail']['data'];

export async function upload(who: SignedIn, kind: string, fileName: string, content: string | Buffer, extra = '') {
  const response = await who.browser.post(
    `/api/imports?kind=${kind}&file_name=${encodeURIComponent(fileName)}${extra}`,
    typeof content === 'string' ? Buffer.from(content) : content,
    { token: who.token, headers: { 'content-type': 'application/octet-stream' } },
  );
  expect(response.statusCode, response.body).toBe(202);
  return answerOf('createImport', response).data.id;
}

export async function waitForImport(app: VigilApp, who: SignedIn, id: number): Promise<ImportView> {
  for (let i = 0; i < 600; i += 1) {
    await app.jobs.drain();
    const response = await who.browser.get(`/api/imports/${id}`, { token: who.token });
    expect(response.statusCode, response.body).toBe(200);
    const view = answerOf('getImport', response).data;
    if (view.status === 'succeeded' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not end`);
}

/** Upload and wait: the finished job. */
export async function importFile(
  app: VigilApp,
  who: SignedIn,
  kind: string,
  fileName: string,
  content: string | Buffer,
  extra = '',
): Promise<ImportView> {
  return waitForImport(app, who, await upload(who, kind, fileName, content, extra));
}

const operators = new WeakMap<VigilApp, Promise<Tenant>>();

/** The app's platform operator (one per app), who uploads the CVE catalogue files. */
export function platformOperator(app: VigilApp): Promise<Tenant> {
  let operator = operators.get(app);
  if (!operator) {
    operator = newTenant(app, 'operator', { operator: true });
    operators.set(app, operator);
  }
  return operator;
}

/**
 * Runs the app's jobs until none (of `kind`, when given) is in `statuses`, checking every `pauseMs`
 * for at most `withinMs` (the app's own worker may hold a job meanwhile); throws past that.
 */
export async function settleJobs(
  app: VigilApp,
  {
    kind,
    statuses = ['queued', 'running'],
    pauseMs = 50,
    withinMs = 30_000,
  }: { kind?: string; statuses?: JobStatus[]; pauseMs?: number; withinMs?: number } = {},
): Promise<void> {
  for (let waited = 0; waited <= withinMs; waited += pauseMs) {
    await app.jobs.drain();
    let busy = app.ctx.db.selectFrom('jobs').select('id').where('status', 'in', statuses);
    if (kind) busy = busy.where('kind', '=', kind);
    if (!(await busy.executeTakeFirst())) return;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error(`${kind ?? 'the'} jobs did not end within ${withinMs / 1000} s`);
}

/** Queues one run of a platform task kind (a feed sync, housekeeping) as its schedule would. */
export async function queueTask(app: VigilApp, kind: string, priority = 0): Promise<number> {
  return queueJob(app.ctx.db, {
    kind,
    module: 'platform',
    companyId: null,
    label: kind,
    priority,
    now: app.ctx.clock.now(),
  });
}

/** The dashboard's answer (the contract's type), with one module's KPI and trend series picked out by id. */
export type DashboardBody = JsonAnswerOf<'getDashboard'>;

export function kpiOf(body: DashboardBody, module: string, id: string): number | undefined {
  return body.data.kpis.find((k) => k.module === module && k.id === id)?.value;
}

export function trendOf(body: DashboardBody, module: string): number[] {
  return body.data.trend.series.find((s) => s.module === module)?.counts ?? [];
}

/** Every registered module's demo files for one company (index 1: without the first company's extras). */
export function demoFilesOf(company: DemoCompany, anchor: Date, seed: number): DemoFile[] {
  return moduleRegistry.modules.flatMap((m) => m.demo?.({ anchor, company, index: 1, seed }) ?? []);
}

/** The day the demo's dated rows are laid out around in tests that import a whole company's demo. */
export const DEMO_ANCHOR = new Date(Date.UTC(2026, 10, 1));

/** The products the demo's first company watches ('*': every product of the vendor). */
export const DEMO_WATCH: [string, string][] = profiles['Acme Retail']?.watch ?? [];

/** Puts each (vendor, product) on `who`'s CVE watch list, as its member would on the CVE monitor. */
export async function watchProducts(who: Tenant, watch: readonly (readonly [string, string])[]): Promise<void> {
  for (const [vendor, product] of watch) {
    const body = { vendor, product: product === '*' ? null : product };
    const response = await who.browser.post('/api/cves/watch-list', body, { token: who.token });
    expect(response.statusCode, response.body).toBe(201);
  }
}

/** Imports `files` as `who` through the real importers (each file's options as query parameters); each succeeds. */
export async function importFiles(app: VigilApp, who: SignedIn, files: readonly DemoFile[]): Promise<void> {
  for (const file of files) {
    const extra = Object.entries(file.options)
      .map(([key, value]) => `&${key}=${encodeURIComponent(String(value))}`)
      .join('');
    const done = await importFile(app, who, file.kind, file.fileName, file.content, extra);
    expect(done.status, `${file.kind}: ${done.error}`).toBe('succeeded');
  }
}
