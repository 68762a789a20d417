// The advisor's tools on demo data (issue 20): each answers the current company's records with a
// ref and the web path that opens them; a member of company A never reaches B's records through
// any tool; a viewer's tools work and change nothing; no clear password, secret value, password
// hash or token ever shows in what a tool answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership } from '../../identity/clients/clients.repository.js';
import { cveFiles } from '../../modules/cves/cves.demo.js';
import { demoKeywords } from '../../modules/mentions/mentions.demo.js';
import type { ManualClock } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import {
  DEMO_ANCHOR,
  DEMO_WATCH,
  demoFilesOf,
  importFile,
  importFiles,
  newTenant,
  platformOperator,
  type Tenant,
  watchProducts,
} from '../../testing/monitoring.js';
import { connection, external, fixedScanner, result, scanWith } from '../../testing/scripts.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { createApiCaller } from './advisor.api-caller.js';
import { advisorTools, toolNamed } from './advisor.tool-list.js';
import { createToolBox } from './advisor.toolbox.js';
import type * as T from './advisor.tools.js';
import { type AdvisorEvent, TOOL_NAMES, type ToolContext, ToolError, type ToolOutput } from './advisor.types.js';

let database: TestDatabase;
let app: VigilApp;
let a: Tenant;
let b: Tenant;
let viewer: Tenant;
/** Clear passwords and secret values the demo files hold (they must never reach a tool's answer). */
const secrets = new Set<string>();
const findingsOfB: number[] = [];
let pageOfA = 0;
let pageOfB = 0;
let clock: ManualClock;
const SKIMMER = 'https://cdn.skim.test/jquery.min.js';

const contextOf = (who: Tenant): ToolContext => ({
  api: createApiCaller(app, who.token),
  language: 'en',
  now: new Date(),
});

async function run<D>(who: Tenant, name: string, args: unknown = {}): Promise<ToolOutput<D>> {
  const tool = toolNamed(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return (await tool.run(tool.parse(args), contextOf(who))) as ToolOutput<D>;
}

function collectSecrets(content: string): void {
  for (const line of content.split(/\r?\n/)) {
    const combo = /^(?:\S+:)?[^\s:;@]+@[^\s:;]+[:;](\S{6,})$/.exec(line);
    if (combo?.[1]) secrets.add(combo[1]);
    const stealer = /^Password: (\S{6,})$/.exec(line);
    if (stealer?.[1]) secrets.add(stealer[1]);
  }
  for (const match of content.matchAll(/"Secret":\s*"([^"]{6,})"/g)) if (match[1]) secrets.add(match[1]);
}

async function importDemo(who: Tenant, hosts: string[], seed: number): Promise<void> {
  // The demo's keyword list, so its mentions (the post addressed to an AI assistant among them) are findings.
  for (const [keywordClass, term] of demoKeywords({ domain: who.domain })) {
    const r = await who.browser.post('/api/mentions/keywords', { class: keywordClass, term }, { token: who.token });
    expect(r.statusCode, r.body).toBe(201);
  }
  const files = demoFilesOf({ domain: who.domain, watch: DEMO_WATCH, hosts }, DEMO_ANCHOR, seed);
  for (const file of files) collectSecrets(file.content.toString('utf8'));
  await importFiles(app, who, files);
}

/** A store page of `of`'s company, made by an administrator of it (store settings are theirs). */
async function storePage(of: Tenant): Promise<number> {
  const who = await newTenant(app, 'advisoradmin', { join: of, role: 'administrator' });
  const store = await who.browser.post(
    '/api/stores',
    { name: `Shop of ${of.domain}`, platform: 'custom', domains: [`shop.${of.domain}`] },
    { token: who.token },
  );
  expect(store.statusCode, store.body).toBe(201);
  const page = await who.browser.post(
    `/api/stores/${answerOf('createStore', store).data.id}/pages`,
    { url: `https://shop.${of.domain}/checkout`, page_type: 'checkout', enabled: false },
    { token: who.token },
  );
  expect(page.statusCode, page.body).toBe(201);
  return answerOf('createStorePage', page).data.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, clock } = await testApp(database));
  a = await newTenant(app, 'advisora');
  b = await newTenant(app, 'advisorb');
  viewer = await newTenant(app, 'advisorviewer', { join: a, role: 'viewer' });
  for (const who of [a, b]) await watchProducts(who, DEMO_WATCH);
  const operator = await platformOperator(app);
  for (const file of cveFiles(DEMO_ANCHOR, 40)) await importFile(app, operator, file.kind, file.fileName, file.content);
  await importDemo(a, [`www.${a.domain}`, `shop.${a.domain}`], 7);
  await importDemo(b, [`www.${b.domain}`], 8);
  const listOfB = await b.browser.get('/api/findings?page_size=100', { token: b.token });
  findingsOfB.push(...answerOf('listFindings', listOfB).data.map((f) => f.id));
  pageOfA = await storePage(a);
  pageOfB = await storePage(b);
  // A's page scanned twice: its own script, then a third party's reading the card and sending it away.
  const app1 = external(`https://shop.${a.domain}/app.js`, 'app');
  await scanWith(app, a.companyId, pageOfA, fixedScanner(result([app1])));
  clock.advance(60_000);
  const skimmer = external(SKIMMER, 'skim', { party: 'third', reads: ['card'] });
  const beacon = connection(SKIMMER, 'https://collect.evil.test/c', 'beacon');
  await scanWith(app, a.companyId, pageOfA, fixedScanner(result([app1, skimmer], [beacon])));
  expect(findingsOfB.length).toBeGreaterThan(10);
  expect(secrets.size).toBeGreaterThan(5);
  // Both kinds are collected: the leaks' clear passwords and the code secrets' values.
  expect([...secrets].some((value) => /^(AKIA|ghp_)/.test(value))).toBe(true);
  expect([...secrets].some((value) => !/^(AKIA|ghp_)/.test(value))).toBe(true);
}, 300_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Every tool once, with arguments that find records in A's demo data. */
async function everyTool(who: Tenant): Promise<Map<string, ToolOutput>> {
  const cves = answerOf('listCves', await who.browser.get('/api/cves?page_size=5', { token: who.token }));
  const first = answerOf('listFindings', await who.browser.get('/api/findings?page_size=1', { token: who.token }));
  const calls: [string, unknown][] = [
    ['posture_summary', {}],
    ['list_findings', { limit: 20 }],
    ['get_finding', { id: first.data[0]?.id }],
    ['cve_exposure', { cve: cves.data[0]?.cve_id }],
    ['what_changed', { period: 'month' }],
    ['leaked_accounts', { clearPasswordOnly: true }],
    ['store_page', { page: pageOfA }],
    ['search', { q: a.domain.slice(0, 12) }],
  ];
  const outputs = new Map<string, ToolOutput>();
  for (const [name, args] of calls) outputs.set(name, await run(who, name, args));
  return outputs;
}

describe('advisor tools', () => {
  it('are the eight of TOOL_NAMES, each with an object JSON schema', () => {
    expect(advisorTools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    for (const tool of advisorTools) expect(tool.parameters.type).toBe('object');
  });

  it("answer the current company's records, each with a ref and the path that opens it", async () => {
    const outputs = await everyTool(a);
    for (const [name, output] of outputs) {
      for (const record of output.records) {
        expect(record.ref, name).toMatch(/^(F\d+|S\d+|A\d+|CVE-\d{4}-\d+|rating|insights|[a-z-]+:\S+)$/);
        expect(record.path, name).toMatch(/^\/[a-z]/);
      }
    }
    const posture = outputs.get('posture_summary') as ToolOutput<T.PostureSummaryData>;
    expect(posture.data.rating).toMatchObject({ ref: 'rating', path: '/technicalrisk' });
    expect(Object.values(posture.data.open_by_severity).reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
    expect(posture.data.top_fixes.some((fix) => fix.finding?.path.includes('open='))).toBe(true);
    const list = outputs.get('list_findings') as ToolOutput<T.ListFindingsData>;
    expect(list.data.findings).toHaveLength(20);
    expect(list.data.total).toBeGreaterThan(20);
    const order = ['critical', 'high', 'medium', 'low', 'info'];
    const ranks = list.data.findings.map((f) => order.indexOf(f.severity));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    const cve = outputs.get('cve_exposure') as ToolOutput<T.CveExposureData>;
    expect(cve.data.cve?.ref).toMatch(/^CVE-/);
    expect(cve.data.affected).toBe(true);
    expect(cve.data.watch_finding?.path).toMatch(/^\/cvemonitor\?open=\d+$/);
    const changed = outputs.get('what_changed') as ToolOutput<T.WhatChangedData>;
    expect(changed.data).toMatchObject({ ref: 'insights', path: '/insight?period=month', period: 'month' });
    const leaked = outputs.get('leaked_accounts') as ToolOutput<T.LeakedAccountsData>;
    expect(leaked.data.accounts.length).toBeGreaterThan(0);
    // The total is the list's own: every leak of the company that held the password in clear.
    const clear = await a.browser.get('/api/credentials?password_type=plaintext&page_size=1', { token: a.token });
    expect(leaked.data.total).toBe(answerOf('listCredentials', clear).meta.total);
    for (const account of leaked.data.accounts) {
      expect(account.clear_password).toBe(true);
      expect(account.email.endsWith(a.domain)).toBe(true);
      expect(account.path).toBe(`/credentials?open=${account.id}`);
    }
    const store = outputs.get('store_page') as ToolOutput<T.StorePageData>;
    expect(store.data.page?.url).toBe(`https://shop.${a.domain}/checkout`);
    expect(store.data.pages.map((p) => p.id)).toEqual([pageOfA]);
    const skim = store.data.scripts.find((x) => x.url === SKIMMER);
    expect(skim).toMatchObject({ party: 'third', behaviours: expect.arrayContaining(['reads_card_fields']) });
    expect(skim?.path).toMatch(new RegExp(`^/scripts\\?store_id=\\d+&page_id=${pageOfA}&script=${skim?.id}$`));
    expect(store.data.alerts.length).toBeGreaterThan(0);
    expect(store.data.alerts.every((x) => x.script_ref === skim?.ref && x.path === `/scripts?open=${x.id}`)).toBe(true);
    expect(store.records.map((x) => x.ref)).toEqual(
      expect.arrayContaining([skim?.ref, ...store.data.alerts.map((x) => x.ref)]),
    );
    const search = outputs.get('search') as ToolOutput<T.SearchData>;
    expect(search.records.length).toBeGreaterThan(0);
  });

  it('filter findings by module and severity, and give a finding its module details and history', async () => {
    const high = await run<T.ListFindingsData>(a, 'list_findings', { module: 'credentials', severity: ['high'] });
    expect(high.data.findings.length).toBeGreaterThan(0);
    for (const f of high.data.findings) expect(f).toMatchObject({ module: 'credentials', severity: 'high' });
    const leak = high.data.findings[0] as T.FindingItem;
    const triage = { body: { status: 'in_review' }, token: a.token };
    expect((await a.browser.call('PATCH', `/api/findings/${leak.id}`, triage)).statusCode).toBe(200);
    const one = await run<T.GetFindingData>(a, 'get_finding', { id: leak.id });
    expect(one.data.finding).toMatchObject({ ref: `F${leak.id}`, path: leak.path });
    expect(typeof one.data.details?.clear_password).toBe('boolean');
    expect(one.data.details).not.toHaveProperty('password_masked');
    expect(one.data.history).toContainEqual(expect.objectContaining({ field: 'status', to: 'in_review' }));
    const devices = answerOf(
      'listInfostealerDevices',
      await a.browser.get('/api/credentials/devices?page_size=1', { token: a.token }),
    );

    const device = await run<T.GetFindingData>(a, 'get_finding', { id: devices.data[0]?.id });
    expect(device.data.finding.path).toBe(`/credentials?tab=devices&open=${devices.data[0]?.id}`);
    expect(device.data.details).toHaveProperty('malware_family');
    const scanned = await run<T.ListFindingsData>(a, 'list_findings', { module: 'vulnerabilities', limit: 1 });
    const vulnerability = await run<T.GetFindingData>(a, 'get_finding', { id: scanned.data.findings[0]?.id });
    expect(vulnerability.data.details).toMatchObject({ host: expect.any(String), kev: expect.any(Boolean) });
    // The injection mention is data: its text is answered as the record's snippet, nothing more.
    const mentions = await run<T.SearchData>(a, 'search', { q: 'Ignore previous instructions' });
    const hit = mentions.data.groups.find((g) => g.kind === 'mentions')?.hits[0];
    expect(hit?.path).toMatch(/^\/restrictedenvironment\?open=\d+$/);
    const post = await run<T.GetFindingData>(a, 'get_finding', { id: Number(hit?.ref.slice(1)) });
    expect(post.data.details?.snippet).toMatch(/^Ignore previous instructions/);
  });

  it("never reach another company's records, whatever ids are given", async () => {
    for (const id of findingsOfB.slice(0, 25)) {
      await expect(run(a, 'get_finding', { id })).rejects.toMatchObject({ status: 404 });
    }
    await expect(run(a, 'store_page', { page: pageOfB })).rejects.toMatchObject({ status: 404 });
    const mine = await run<T.ListFindingsData>(a, 'list_findings', { limit: 20, sort: 'newest' });
    expect(mine.data.findings.some((f) => findingsOfB.includes(f.id))).toBe(false);
    const pages = await run<T.StorePageData>(a, 'store_page', {});
    expect(pages.data.pages.map((p) => p.id)).toEqual([pageOfA]);
    // A member of both companies, A's selected: the search answers A's records only.
    const both = await newTenant(app, 'advisorboth', { join: a });
    await addMembership(app.ctx.db, both.userId, b.companyId, 'viewer', new Date());
    const found = await run<T.SearchData>(both, 'search', { q: 'example' });
    const text = JSON.stringify(found);
    expect(text).not.toContain(b.domain);
    expect(found.records.some((r) => findingsOfB.includes(Number(r.ref.slice(1))))).toBe(false);
    for (const output of (await everyTool(a)).values()) expect(JSON.stringify(output)).not.toContain(b.domain);
  });

  it('work for a viewer, and change nothing', async () => {
    const before = await app.ctx.db
      .selectFrom('findings')
      .select(['id', 'status', 'updated_at'])
      .orderBy('id')
      .execute();
    const outputs = await everyTool(viewer);
    expect(outputs.size).toBe(8);
    expect((outputs.get('posture_summary') as ToolOutput<T.PostureSummaryData>).data.rating.ref).toBe('rating');
    const after = await app.ctx.db
      .selectFrom('findings')
      .select(['id', 'status', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('never answer a clear password, a secret value, a password hash or a token', async () => {
    const texts = [...(await everyTool(a)).values(), ...(await everyTool(viewer)).values()].map((o) =>
      JSON.stringify(o),
    );
    for (const id of (await run<T.ListFindingsData>(a, 'list_findings', { limit: 20, module: 'secrets' })).data
      .findings) {
      texts.push(JSON.stringify(await run(a, 'get_finding', { id: id.id })));
    }
    for (const id of (await run<T.LeakedAccountsData>(a, 'leaked_accounts', { limit: 50 })).data.accounts) {
      texts.push(JSON.stringify(await run(a, 'get_finding', { id: id.id })));
    }
    const all = texts.join('\n');
    for (const secret of secrets)
      expect(all.includes(secret), `a secret of the demo files (${secret.slice(0, 3)}…)`).toBe(false);
    for (const token of [a.token, viewer.token]) expect(all).not.toContain(token);
    expect(all).not.toMatch(/\$argon2|password_masked|password_hash|••/);
  });
});

describe('tool arguments', () => {
  it('take a custom period and a CVE id in any case, and refuse what the schema does not allow', async () => {
    const custom = await run<T.WhatChangedData>(a, 'what_changed', {
      from: '2026-10-01T00:00:00Z',
      to: '2026-11-01T00:00:00Z',
    });
    expect(custom.data).toMatchObject({ period: 'custom', current: { from: '2026-10-01T00:00:00.000Z' } });
    const unknown = await run<T.CveExposureData>(a, 'cve_exposure', { cve: 'cve-1999-0001' });
    expect(unknown.data).toEqual({
      cve: null,
      catalogue: null,
      not_in_catalogue: {
        last_nvd_sync_at: expect.toBeOneOf([null, expect.any(String)]),
        last_upload_at: expect.toBeOneOf([null, expect.any(String)]),
        nvd_newest_published_at: expect.toBeOneOf([null, expect.any(String)]),
        kev_catalog_version: expect.toBeOneOf([null, expect.any(String)]),
      },
      affected: false,
      watch_finding: null,
      findings: [],
    });
    for (const [name, args] of [
      ['what_changed', { from: 'last tuesday' }],
      ['cve_exposure', { cve: 'CVE-1; drop table findings' }],
      ['get_finding', { id: -1 }],
      ['search', { q: 'x' }],
      ['search', { q: 'ab\u0000c' }],
      ['leaked_accounts', { limit: 51 }],
      ['posture_summary', { extra: 1 }],
    ] as const) {
      expect(() => toolNamed(name)?.parse(args), name).toThrow(ToolError);
    }
  });
});

describe('the toolbox', () => {
  it('checks names and arguments, counts calls against the limit, and keeps and reports the records', async () => {
    const events: AdvisorEvent[] = [];
    const box = createToolBox(advisorTools, contextOf(a), 3, (event) => events.push(event));
    await expect(box.call('drop_tables', {})).rejects.toMatchObject({ status: 404 });
    await expect(box.call('list_findings', { limit: 500 })).rejects.toBeInstanceOf(ToolError);
    const output = await box.call('list_findings', { limit: 3 });
    expect(output.records).toHaveLength(3);
    await expect(box.call('posture_summary', {})).rejects.toMatchObject({ status: 429 });
    expect(box.calls.map((c) => [c.name, c.ok])).toEqual([
      ['drop_tables', false],
      ['list_findings', false],
      ['list_findings', true],
      ['posture_summary', false],
    ]);
    expect([...box.records.keys()]).toEqual(output.records.map((r) => r.ref));
    expect(events.filter((e) => e.type === 'tool')).toHaveLength(4);
    expect(events.filter((e) => e.type === 'record')).toHaveLength(3);
  });
});
