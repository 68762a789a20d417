// Global Vision through the API: a member of two companies sees exactly those two (never a third
// company, and no longer one whose membership ended), each with the numbers its own dashboard and
// rating show, counted from findings the real importers wrote; the trend and change of the period.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMembership } from '../../identity/clients/clients.repository.js';
import type { OperationId } from '../../route-table.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { snapshotAll } from '../risk/risk.snapshots.js';

const fixture = tenantFixture('portfolio');

async function get<Op extends OperationId>(op: Op, who: Tenant, path: string) {
  const response = await who.browser.get(`/api${path}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf(op, response);
}

const nuclei = (template: string, severity: string) =>
  JSON.stringify({
    'template-id': template,
    info: { name: template, severity },
    host: 'https://www.x.example',
    'matched-at': `https://www.x.example/${template}`,
    timestamp: '2026-11-01T00:00:00Z',
  });

/** The open findings of a company per module, counted from the findings themselves. */
async function openByModule(companyId: number) {
  const rows = await sql<{ module: string; n: number }>`
    select module, count(*)::int as n from findings
    where company_id = ${companyId} and status in ('new', 'in_review', 'confirmed') group by module`.execute(
    fixture.app.ctx.db,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.module, r.n]));
}

const nonZero = (entries: { module: string; count: number }[]) =>
  Object.fromEntries(entries.filter((e) => e.count > 0).map((e) => [e.module, e.count]));

let own: Tenant;
let other: Tenant;
let stranger: Tenant;

beforeAll(async () => {
  const { app } = fixture;
  own = fixture.tenant;
  other = await newTenant(app, 'portfolio');
  stranger = await newTenant(app, 'portfolio');
  // The first member is also a viewer of the second company; nobody shares the third.
  await addMembership(app.ctx.db, own.userId, other.companyId, 'viewer', new Date());
  await importFile(app, own, 'nuclei', 'scan.jsonl', [nuclei('rce', 'critical'), nuclei('tls', 'medium')].join('\n'));
  await importFile(app, own, 'combolist', 'combo.txt', `a@${own.domain}:Alpha-1\nb@${own.domain}:Bravo-2`);
  await importFile(app, other, 'nuclei', 'scan.jsonl', nuclei('panel', 'high'));
  await importFile(app, stranger, 'nuclei', 'scan.jsonl', [nuclei('x', 'low'), nuclei('y', 'high')].join('\n'));
  await app.jobs.drain();
}, 120_000);

describe('Global Vision', () => {
  it('shows the companies the user is a member of, with the role there, and never another', async () => {
    const body = await get('getPortfolio', own, '/portfolio');
    const ids = body.data.companies.map((c) => c.id);
    expect(ids.sort()).toEqual([own.companyId, other.companyId].sort());
    expect(ids).not.toContain(stranger.companyId);
    const names = body.data.companies.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    expect(body.data.companies.find((c) => c.id === own.companyId)).toMatchObject({ role: 'analyst', current: true });
    expect(body.data.companies.find((c) => c.id === other.companyId)).toMatchObject({ role: 'viewer', current: false });
    const strangers = await get('getPortfolio', stranger, '/portfolio');
    expect(strangers.data.companies.map((c) => c.id)).toEqual([stranger.companyId]);
  });

  it('gives each company the numbers of its own dashboard, rating and findings', async () => {
    const body = await get('getPortfolio', own, '/portfolio');
    expect(body.data.modules).toEqual(fixture.app.ctx.modules.modules.map((m) => m.id));
    for (const [company, member] of [
      [own.companyId, own],
      [other.companyId, other],
    ] as const) {
      const row = body.data.companies.find((c) => c.id === company);
      const dashboard = await get('getDashboard', member, '/dashboard');
      const rating = await get('getRiskRating', member, '/risk/rating');
      expect(row?.open_by_module.map((e) => e.module)).toEqual(body.data.modules);
      expect(row?.open_by_module).toEqual(dashboard.data.open_by_module);
      expect(row?.open_by_severity).toEqual(dashboard.data.open_by_severity);
      expect(nonZero(row?.open_by_module ?? [])).toEqual(await openByModule(company));
      expect(row?.open).toBe(Object.values(await openByModule(company)).reduce((a, b) => a + b, 0));
      expect(row).toMatchObject({ score: rating.score, grade: rating.grade });
    }
    const mine = body.data.companies.find((c) => c.id === own.companyId);
    expect(mine?.open_by_severity).toMatchObject({ critical: 1, medium: 1, high: 2 });
    expect(mine?.score).not.toBeNull();
  });

  it('follows a change: a resolved finding leaves the counts', async () => {
    const before = (await get('getPortfolio', own, '/portfolio')).data.companies.find((c) => c.id === own.companyId);
    const list = await get('listFindings', own, '/findings?severity=critical');
    const critical = list.data[0];
    for (const status of ['confirmed', 'resolved']) {
      const response = await own.browser.call('PATCH', `/api/findings/${critical?.id}`, {
        token: own.token,
        body: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = (await get('getPortfolio', own, '/portfolio')).data.companies.find((c) => c.id === own.companyId);
    expect(after?.open).toBe((before?.open ?? 0) - 1);
    expect(after?.open_by_severity.critical).toBe(0);
    expect(after?.score ?? 0).toBeGreaterThan(before?.score ?? 100);
  });

  it("draws the period's trend and the change over 30 days", async () => {
    const { app } = fixture;
    const now = app.ctx.clock.now();
    const twentyDaysAgo = new Date(now.getTime() - 20 * 86_400_000);
    await sql`delete from risk_snapshots where company_id = ${own.companyId}`.execute(app.ctx.db);
    await snapshotAll(app.ctx, twentyDaysAgo, own.companyId);
    await sql`update risk_snapshots set score = score - 12.5 where company_id = ${own.companyId}`.execute(app.ctx.db);
    await snapshotAll(app.ctx, now, own.companyId);
    const month = (await get('getPortfolio', own, '/portfolio')).data.companies.find((c) => c.id === own.companyId);
    expect(month?.trend.map((p) => p.day)).toEqual([twentyDaysAgo, now].map((d) => d.toISOString().slice(0, 10)));
    expect(month?.change).toBe(12.5);
    const week = await get('getPortfolio', own, '/portfolio?days=7');
    const mineWeek = week.data.companies.find((c) => c.id === own.companyId);
    expect(week.data.days).toBe(7);
    expect(mineWeek?.trend).toHaveLength(1);
    expect(mineWeek?.change).toBe(12.5);
    // Beyond 30 days a snapshot no longer makes the change; today's own snapshot is no history
    // (compared with itself it said "steady"), so there is no change yet.
    await sql`update risk_snapshots set day = day - 15 where company_id = ${own.companyId} and day < ${now}::date`.execute(
      app.ctx.db,
    );
    const quarter = (await get('getPortfolio', own, '/portfolio?days=90')).data.companies.find(
      (c) => c.id === own.companyId,
    );
    expect(quarter?.trend).toHaveLength(2);
    expect(quarter?.change).toBeNull();
    // Before any snapshot, the trend is today's rating alone, and there is no change yet.
    await sql`delete from risk_snapshots where company_id = ${other.companyId}`.execute(app.ctx.db);
    const fresh = (await get('getPortfolio', own, '/portfolio')).data.companies.find((c) => c.id === other.companyId);
    expect(fresh?.trend).toEqual([{ day: now.toISOString().slice(0, 10), score: fresh?.score, grade: fresh?.grade }]);
    expect(fresh?.score).not.toBeNull();
    expect(fresh?.change).toBeNull();
  });

  it('drops a company once the membership is deactivated or removed', async () => {
    const { db } = fixture.app.ctx;
    const membership = sql`user_id = ${own.userId} and company_id = ${other.companyId}`;
    await sql`update memberships set deactivated_at = now() where ${membership}`.execute(db);
    const deactivated = await get('getPortfolio', own, '/portfolio');
    expect(deactivated.data.companies.map((c) => c.id)).toEqual([own.companyId]);
    await sql`update memberships set deactivated_at = null where ${membership}`.execute(db);
    expect((await get('getPortfolio', own, '/portfolio')).data.companies).toHaveLength(2);
    await sql`delete from memberships where ${membership}`.execute(db);
    const removed = await get('getPortfolio', own, '/portfolio');
    expect(removed.data.companies.map((c) => c.id)).toEqual([own.companyId]);
  });

  it('refuses a period outside 7 to 365 days', async () => {
    for (const days of ['6', '366', 'x']) {
      const response = await own.browser.get(`/api/portfolio?days=${days}`, { token: own.token });
      expect(response.statusCode, `${days}: ${response.body}`).toBe(422);
    }
  });
});
