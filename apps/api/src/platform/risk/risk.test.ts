// The rating through the API, over findings written by the real importers: the counters the
// triggers keep, the promise of "top fixes" kept when the fix is applied, a supplier's own rating,
// the daily snapshot with its score-change event, and one company never seeing another's.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../route-table.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { snapshotAll } from './risk.snapshots.js';

const fixture = tenantFixture('risk');

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

/** Through the workflow (new → confirmed → resolved), as a person would. */
async function resolve(who: Tenant, id: number | undefined) {
  for (const status of ['confirmed', 'resolved']) {
    const response = await who.browser.call('PATCH', `/api/findings/${id}`, { token: who.token, body: { status } });
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** What the counters hold beside the same figures counted from the findings themselves. */
async function countersAndFindings(companyId: number) {
  const { db } = fixture.app.ctx;
  const counters = await sql<{ key: string; n: number }>`
    select concat_ws('|', supplier_id, module, kind, severity, status, due_day) as key, sum(n)::int as n
    from risk_counts where company_id = ${companyId} group by 1 having sum(n) <> 0 order by 1`.execute(db);
  const findings = await sql<{ key: string; n: number }>`
    select concat_ws('|', supplier_id, module, split_part(fingerprint, ':', 1), severity, status,
      case when status in ('new', 'in_review', 'confirmed') then (due_at at time zone 'UTC')::date end) as key,
      count(*)::int as n
    from findings where company_id = ${companyId} group by 1 order by 1`.execute(db);
  return { counters: counters.rows, findings: findings.rows };
}

describe('technical risk rating', () => {
  it('says there is no data before any finding', async () => {
    const rating = await get('getRiskRating', fixture.tenant, '/risk/rating');
    expect(rating).toMatchObject({ supplier_id: null, score: null, grade: null });
    expect(rating.factors.filter((f) => f.measured)).toEqual([]);
  });

  it('rates the findings the importers wrote, and keeps the promise of the top fix', async () => {
    const { app, tenant } = fixture;
    // A critical scanner finding first seen on 1 November is due 7 days later (overdue); a medium
    // one is due in 90 days. Two leaked passwords are high.
    await importFile(
      app,
      tenant,
      'nuclei',
      'scan.jsonl',
      [nuclei('rce', 'critical'), nuclei('weak-tls', 'medium')].join('\n'),
    );
    const d = tenant.domain;
    await importFile(app, tenant, 'combolist', 'combo.txt', `a@${d}:Alpha-1\nb@${d}:Bravo-2`);

    const rating = await get('getRiskRating', tenant, '/risk/rating');
    // patching: 2 × 40 + 8 = 88 points → 55.4; credentials: 2 × 20 = 40 → 68.1;
    // (20 × 55.4 + 15 × 68.1) / 35 = 60.8 (docs/risk-rating.md, worked example)
    expect(rating.factors.find((f) => f.id === 'patching_cadence')).toMatchObject({
      open: 2,
      overdue: 1,
      points: 88,
      score: 55.4,
    });
    expect(rating.factors.find((f) => f.id === 'leaked_credentials')).toMatchObject({
      open: 2,
      points: 40,
      score: 68.1,
    });
    expect(rating).toMatchObject({ score: 60.8, grade: 'D' });

    const fixes = (await get('listRiskFixes', tenant, '/risk/fixes')).data;
    expect(fixes.map((f) => [f.module, f.kind, f.severity, f.overdue, f.findings, f.gain, f.gain_all])).toEqual([
      ['vulnerabilities', 'nuclei', 'critical', true, 1, 19.2, 19.2],
      ['credentials', 'combo', 'high', false, 2, 4.5, 13.7],
      ['vulnerabilities', 'nuclei', 'medium', false, 1, 0.9, 0.9],
    ]);
    // The best fix applied: the score rises by exactly what it promised (60.8 + 19.2).
    const [best] = fixes;
    await resolve(tenant, best?.finding?.id);
    const after = await get('getRiskRating', tenant, '/risk/rating');
    expect(after.score).toBe(Math.round(((rating.score ?? 0) + (best?.gain ?? 0)) * 10) / 10);
    expect(after.score).toBe(80);
    expect(fixes[0]?.finding?.link).toBe(`/vulnerabilities?open=${fixes[0]?.finding?.id}`);
    expect(fixes[1]?.finding?.link).toMatch(/^\/credentials\?open=\d+$/);
    expect(await countersAndFindings(tenant.companyId)).toSatisfy(
      ({ counters, findings }) => JSON.stringify(counters) === JSON.stringify(findings),
    );
  });

  it('rates a supplier on its own findings only, and answers 404 for another company’s supplier', async () => {
    const { app, tenant } = fixture;
    const { db } = app.ctx;
    const now = new Date();
    const supplier = await db
      .insertInto('suppliers')
      .values({ company_id: tenant.companyId, name: 'Parcel Co', tier: 'high', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get('getRiskRating', tenant, `/risk/rating?supplier_id=${supplier.id}`)).score).toBeNull();
    // One leaked password moves to the supplier (a finding on its asset): the update trigger moves its count.
    await sql`update findings set supplier_id = ${supplier.id}
      where id = (select min(id) from findings where company_id = ${tenant.companyId} and module = 'credentials')`.execute(
      db,
    );
    const theirs = await get('getRiskRating', tenant, `/risk/rating?supplier_id=${supplier.id}`);
    expect(theirs).toMatchObject({ supplier_id: supplier.id, score: 78.5, grade: 'C' });
    // Ours: credentials 20 points → 78.5; patching 8 → 88.9; (20 × 88.9 + 15 × 78.5) / 35 = 84.4
    expect((await get('getRiskRating', tenant, '/risk/rating')).score).toBe(84.4);

    const other = await newTenant(app, 'risk-other');
    const refused = await other.browser.get(`/api/risk/rating?supplier_id=${supplier.id}`, { token: other.token });
    expect(refused.statusCode).toBe(404);
    expect(
      (await other.browser.get(`/api/risk/fixes?supplier_id=${supplier.id}`, { token: other.token })).statusCode,
    ).toBe(404);
    expect((await get('getRiskRating', other, '/risk/rating')).score).toBeNull();
    expect((await get('listRiskFixes', other, '/risk/fixes')).data).toEqual([]);
  });

  it('counts an open finding past its due day as overdue from the next day on', async () => {
    const { app, tenant } = fixture;
    const later = new Date(Date.now() + 120 * 86_400_000);
    const { ratingOf } = await import('./risk.service.js');
    const rating = await ratingOf(
      app.ctx.db,
      { companyId: tenant.companyId, supplierId: null },
      later,
      app.ctx.modules.modules,
    );
    // 120 days on, the medium (due 90 days after 1 November) is overdue too: 16 points → 1.8^−0.35 → 81.4.
    expect(rating.factors.find((f) => f.id === 'patching_cadence')).toMatchObject({
      overdue: 1,
      points: 16,
      score: 81.4,
    });
  });

  it('snapshots each rating once a day and writes an event when a score changes', async () => {
    const { app, tenant } = fixture;
    const { db } = app.ctx;
    const now = new Date();
    // The imports of the tests before took today's snapshots already (risk.queue.ts): start afresh.
    await db.deleteFrom('risk_snapshots').where('company_id', '=', tenant.companyId).execute();
    const before = (await db.selectFrom('events').select('id').where('kind', '=', 'score.changed').execute()).map(
      (e) => e.id,
    );
    await snapshotAll(app.ctx, new Date(now.getTime() - 86_400_000));
    await snapshotAll(app.ctx, now);
    const mine = () =>
      db
        .selectFrom('risk_snapshots')
        .select(['supplier_id', 'score', 'grade'])
        .where('company_id', '=', tenant.companyId)
        .orderBy('supplier_id')
        .orderBy('day')
        .execute();
    expect((await mine()).map((s) => [s.supplier_id, Number(s.score)])).toEqual([
      [expect.any(Number), 78.5],
      [expect.any(Number), 78.5],
      [null, 84.4],
      [null, 84.4],
    ]);
    const events = () =>
      db
        .selectFrom('events')
        .select(['title', 'details'])
        .where('company_id', '=', tenant.companyId)
        .where('kind', '=', 'score.changed')
        .where('id', 'not in', before.length > 0 ? before : [0])
        .execute();
    expect(await events()).toEqual([]);

    // A fix applied: today's row is replaced and the change is an event of the timeline.
    // Patching has nothing open (100), credentials 78.5: (20 × 100 + 15 × 78.5) / 35 = 90.8
    const medium = await db
      .selectFrom('findings')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .where('severity', '=', 'medium')
      .executeTakeFirstOrThrow();
    await resolve(tenant, medium.id);
    await snapshotAll(app.ctx, now);
    expect((await mine()).filter((s) => s.supplier_id === null).map((s) => Number(s.score))).toEqual([84.4, 90.8]);
    expect((await events()).map((e) => e.title)).toEqual(['Technical risk rating: 84.4 → 90.8 (A)']);
    const trend = await get('getRiskTrend', tenant, '/risk/trend?days=7');
    expect(trend.data.map((p) => p.score)).toEqual([84.4, 90.8]);
    expect(trend.data.at(-1)?.day).toBe(now.toISOString().slice(0, 10));
  });

  it('brings the company’s snapshot of today up to date when one of its imports ends, and no one else’s', async () => {
    const { app } = fixture;
    const mine = await newTenant(app, 'riskrefresh');
    const bystander = await newTenant(app, 'riskquiet');
    const today = new Date().toISOString().slice(0, 10);
    const snapshots = (who: Tenant) =>
      app.ctx.db
        .selectFrom('risk_snapshots')
        .select([sql<string>`day::text`.as('day'), 'score'])
        .where('company_id', '=', who.companyId)
        .execute();
    await importFile(app, mine, 'nuclei', 'scan.jsonl', nuclei('rce', 'critical'));
    // The import's end queues the snapshot: the worker takes it after the import (one more drain).
    await app.jobs.drain();
    const rating = await get('getRiskRating', mine, '/risk/rating');
    expect((await snapshots(mine)).map((s) => [s.day, Number(s.score)])).toEqual([[today, rating.score]]);
    expect(await snapshots(bystander)).toEqual([]);
  });
});
