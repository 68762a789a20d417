// Insights through the API over findings the real importers wrote and people triaged: each count of
// a week and a month, the period before, the trend, every count equal to the total of the list it
// links to, the top risks and recommendations, another company's findings never counted, and the
// checks on a custom period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonAnswerOf, OperationId } from '../../route-table.js';
import { DAY, HOUR, ManualClock, MINUTE } from '../../shared/clock.js';
import { answerOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';

type InsightsBody = JsonAnswerOf<'getInsights'>['data'];

// The data is written at `base`; the insights are read a minute later, so what happened at `base`
// lies inside the windows that end "now".
const base = new Date(Math.floor(Date.now() / HOUR) * HOUR);
const clock = new ManualClock(base);
let database: TestDatabase;
let app: VigilApp;
let tenant: Tenant;
let other: Tenant;

const daysAgo = (days: number) => new Date(base.getTime() - days * DAY).toISOString();
const nuclei = (template: string, severity: string, days: number) =>
  JSON.stringify({
    'template-id': template,
    info: { name: `insight-${template}`, severity },
    host: 'https://www.x.example',
    'matched-at': `https://www.x.example/${template}`,
    timestamp: daysAgo(days),
  });

async function call(who: Tenant, path: string, status: number) {
  const response = await who.browser.get(`/api${path}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}
const get = async <Op extends OperationId>(op: Op, who: Tenant, path: string) =>
  answerOf(op, await call(who, path, 200));

async function findingId(who: Tenant, title: string): Promise<number> {
  const list = await get('listFindings', who, `/findings?q=${encodeURIComponent(title)}`);
  const id = list.data.find((f) => f.title === title || f.title.startsWith(`${title} on `))?.id;
  if (id === undefined) throw new Error(`no finding ${title}`);
  return id;
}

/** Through the workflow (new → confirmed → resolved), as a person would. */
async function resolve(who: Tenant, title: string) {
  const id = await findingId(who, title);
  for (const status of ['confirmed', 'resolved']) {
    const response = await who.browser.call('PATCH', `/api/findings/${id}`, { token: who.token, body: { status } });
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** A scanner finding's template (its title is `<name> on <host>`). */
const nameOf = (title: string) => title.split(' on ')[0];
const countsOf = (body: InsightsBody, module: string) => body.modules.find((m) => m.module === module);

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database, { clock }));
  tenant = await newTenant(app, 'insights');
  other = await newTenant(app, 'insights-other');
  const d = tenant.domain;
  // Scanner findings: critical due in 7 days, high in 30, medium in 90 (the default SLA).
  const scan = [
    nuclei('rce', 'critical', 20), // due 13 days ago, still open: a breach of the month
    nuclei('sqli', 'critical', 3), // new this week, not due yet
    nuclei('xss', 'high', 2), // new this week, resolved 48 hours after it was first seen
    nuclei('late', 'critical', 12), // due 5 days ago, resolved now: late (a breach) and resolved
    nuclei('stale', 'medium', 100), // due 10 days ago, still open
  ];
  await importFile(app, tenant, 'nuclei', 'scan.jsonl', scan.join('\n'));
  await importFile(app, tenant, 'combolist', 'combo.txt', `a@${d}:Alpha-1\nb@${d}:Bravo-2`);
  await resolve(tenant, 'insight-xss');
  await resolve(tenant, 'insight-late');
  // A leaked password resolved, then seen again by the next import: reopened.
  await resolve(tenant, `a@${d} in combolist combo.txt`);
  await importFile(app, tenant, 'combolist', 'combo-again.txt', `a@${d}:Alpha-1`);
  // Another company's findings of every kind, which none of the tenant's figures may count.
  await importFile(app, other, 'nuclei', 'scan.jsonl', scan.join('\n'));
  await importFile(app, other, 'combolist', 'combo.txt', `c@${other.domain}:Charlie-3`);
  await resolve(other, 'insight-xss');
  clock.advance(MINUTE);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('insights', () => {
  it('counts what changed this week per module, against the week before', async () => {
    const { data } = await get('getInsights', tenant, '/insights?period=week');
    expect(data.period).toBe('week');
    expect(data.current).toEqual({
      from: new Date(base.getTime() + MINUTE - 7 * DAY).toISOString(),
      to: clock.now().toISOString(),
    });
    expect(data.previous.to).toBe(data.current.from);
    expect(data.modules.map((m) => m.module)).toEqual(app.ctx.modules.ids);
    expect(countsOf(data, 'vulnerabilities')?.current).toEqual({
      new: 2,
      resolved: 2,
      reopened: 0,
      sla_breaches: 1,
      // (48 h + 288 h) / 2
      mttr_hours: 168,
    });
    expect(countsOf(data, 'credentials')?.current).toEqual({
      new: 2,
      resolved: 0,
      reopened: 1,
      sla_breaches: 0,
      mttr_hours: null,
    });
    // The week before: "late" was first seen 12 days ago; "rce" and "stale" fell due 13 and 10 days ago.
    expect(countsOf(data, 'vulnerabilities')?.previous).toMatchObject({ new: 1, resolved: 0, sla_breaches: 2 });
    expect(data.totals.current).toEqual({ new: 4, resolved: 2, reopened: 1, sla_breaches: 1, mttr_hours: 168 });
    expect(countsOf(data, 'cves')?.current).toEqual({
      new: 0,
      resolved: 0,
      reopened: 0,
      sla_breaches: 0,
      mttr_hours: null,
    });
  });

  it('counts the month, and draws the trend in windows of the period', async () => {
    const { data } = await get('getInsights', tenant, '/insights?period=month');
    expect(countsOf(data, 'vulnerabilities')?.current).toMatchObject({ new: 4, resolved: 2, sla_breaches: 3 });
    const week = (await get('getInsights', tenant, '/insights')).data;
    expect(week.trend).toHaveLength(8);
    expect(week.trend.at(-1)).toMatchObject({ to: week.current.to, new: 4, resolved: 2 });
    expect(week.trend.at(-2)).toMatchObject({ from: week.previous.from, new: 1, resolved: 0 });
    // "rce", first seen 20 days ago.
    expect(week.trend.at(-3)).toMatchObject({ new: 1 });
    expect(week.trend.reduce((n, b) => n + b.new, 0)).toBe(6);
  });

  it('gives every count the total of the findings list it links to', async () => {
    const filters = { new: 'first_seen', resolved: 'resolved', reopened: 'reopened', sla_breaches: 'breached' };
    for (const period of ['week', 'month']) {
      const { data } = await get('getInsights', tenant, `/insights?period=${period}`);
      for (const [window, key] of [
        [data.current, 'current'],
        [data.previous, 'previous'],
      ] as const) {
        for (const row of data.modules) {
          for (const [measure, filter] of Object.entries(filters)) {
            const query = `module=${row.module}&${filter}_from=${window.from}&${filter}_to=${window.to}&page_size=100`;
            const list = await get('listFindings', tenant, `/findings?${query}`);
            expect(list.meta.total, `${period} ${key} ${row.module} ${measure}`).toBe(
              row[key][measure as keyof typeof filters],
            );
          }
        }
      }
    }
  });

  it('exports the list behind a figure: the same window filter on the CSV', async () => {
    const { data } = await get('getInsights', tenant, '/insights');
    const { from, to } = data.current;
    const response = await tenant.browser.get(
      `/api/findings/export?module=vulnerabilities&resolved_from=${from}&resolved_to=${to}`,
      { token: tenant.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trim().split('\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => /insight-(xss|late)/.test(line))).toBe(true);
  });

  it('lists the top risks, most severe and most overdue first, and the fixes worth most', async () => {
    const { data } = await get('getInsights', tenant, '/insights');
    expect(data.top_risks.slice(0, 2).map((r) => nameOf(r.title))).toEqual(['insight-rce', 'insight-sqli']);
    expect(data.top_risks.map((r) => nameOf(r.title))).not.toContain('insight-xss');
    expect(nameOf(data.top_risks.at(-1)?.title ?? '')).toBe('insight-stale');
    expect(data.top_risks[0]?.link).toBe(`/vulnerabilities?open=${data.top_risks[0]?.id}`);
    expect(data.recommendations[0]).toMatchObject({ module: 'vulnerabilities', severity: 'critical', overdue: true });
    expect(data.recommendations[0]?.finding?.link).toMatch(/^\/vulnerabilities\?open=\d+$/);
  });

  it("counts only the company's own findings", async () => {
    const mine = (await get('getInsights', tenant, '/insights')).data;
    const theirs = (await get('getInsights', other, '/insights')).data;
    // Their "late" finding is still open: a breach of theirs only.
    expect(countsOf(theirs, 'vulnerabilities')?.current).toMatchObject({ new: 2, resolved: 1, sla_breaches: 1 });
    expect(countsOf(theirs, 'credentials')?.current).toMatchObject({ new: 1, reopened: 0 });
    const ids = new Set(mine.top_risks.map((r) => r.id));
    expect(theirs.top_risks.some((r) => ids.has(r.id))).toBe(false);
  });

  it('takes a custom period, and refuses one that is not a period', async () => {
    const from = daysAgo(14);
    const to = daysAgo(7);
    const { data } = await get(
      'getInsights',
      tenant,
      `/insights?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(data).toMatchObject({ period: 'custom', current: { from, to } });
    expect(countsOf(data, 'vulnerabilities')?.current).toMatchObject({ new: 1, sla_breaches: 2 });
    const refused = async (query: string, field: string) => {
      const body = validationOf(await call(tenant, `/insights?${query}`, 422));
      expect(Object.keys(body.errors)).toContain(field);
    };
    await refused(`from=${encodeURIComponent(from)}`, 'to');
    await refused(`from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`, 'to');
    await refused(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(daysAgo(-2))}`, 'to');
    await refused(`from=${encodeURIComponent(daysAgo(400))}&to=${encodeURIComponent(to)}`, 'from');
    await call(tenant, '/insights?period=year', 422);
  });
});
