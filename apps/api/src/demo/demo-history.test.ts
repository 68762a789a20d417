// The demo has the quarter a team that used the product would have (issue 33 item 5): after the demo
// loads and its jobs run, the findings were first seen across the quarter, the demo people triaged
// them over time (resolved, accepted, false positives, reopened), and the rating has a snapshot for
// each of the 90 days that moves as that work did; the timeline has no run of identical entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../shared/clock.js';
import { answerOf } from '../testing/api.js';
import { signIn } from '../testing/flows.js';
import { type ProviderReplay, startProviderReplay } from '../testing/providers.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { startTestStore, type TestStore, testStoreAppConfig } from '../testing/test-store.js';
import { fateOf, stepsOf } from './demo-history.triage.js';
import { loadMonitoringDemo } from './monitoring-demo.loader.js';

let database: TestDatabase;
let app: VigilApp;
let store: TestStore;
let replay: ProviderReplay;

beforeAll(async () => {
  store = await startTestStore();
  replay = await startProviderReplay();
  database = await openTestDatabase();
  const config = testStoreAppConfig(store);
  ({ app } = await testApp(database, { config: { ...config, providers: replay.config(config.providers, true) } }));
});
afterAll(async () => {
  await app.close();
  await database.close();
  await store.close();
  await replay.close();
});

/** Drains the queue until no job is queued or running (bounded: 4 min). */
async function allJobsEnded(vigil: VigilApp) {
  for (let i = 0; i < 2400; i += 1) {
    const jobs = await vigil.ctx.db.selectFrom('jobs').select(['kind', 'status']).execute();
    if (jobs.every((j) => j.status !== 'queued' && j.status !== 'running')) return jobs;
    await vigil.jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the demo jobs did not end');
}

describe('a finding’s demo history', () => {
  it('is derived from its fingerprint, in time order, between first seen and the latest time', () => {
    const latest = new Date('2026-11-21T00:00:00Z');
    const fates = new Set<string>();
    for (let i = 0; i < 400; i += 1) {
      const row = { fingerprint: `nuclei:demo-${i}`, first_seen_at: new Date(latest.getTime() - (i % 90) * DAY) };
      const steps = stepsOf(row, latest);
      expect(stepsOf(row, latest)).toEqual(steps);
      fates.add(fateOf(row.fingerprint));
      let last = row.first_seen_at.getTime();
      for (const step of steps) {
        expect(step.at.getTime()).toBeGreaterThan(last);
        expect(step.at.getTime()).toBeLessThanOrEqual(latest.getTime());
        last = step.at.getTime();
      }
    }
    expect(fates).toEqual(
      new Set(['resolved', 'risk_accepted', 'false_positive', 'reopened', 'in_review', 'untouched']),
    );
  });
});

describe('the demo after its jobs ran', () => {
  it('has a quarter of triage, daily ratings and insights', async () => {
    const started = Date.now();
    expect(await loadMonitoringDemo(app.ctx, new Date(Date.now() - 3_600_000))).toBe(true);
    const jobs = await allJobsEnded(app);
    console.log(`demo loaded with its history in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const db = app.ctx.db;
    const now = app.ctx.clock.now();
    const acme = await db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Retail')
      .executeTakeFirstOrThrow();

    // Findings first seen across the quarter, not all this month.
    const firstSeen = await db
      .selectFrom('findings')
      .select('first_seen_at')
      .where('company_id', '=', acme.id)
      .execute();
    expect(firstSeen.filter((f) => now.getTime() - f.first_seen_at.getTime() > 60 * DAY).length).toBeGreaterThan(10);

    // Triage by the company's people over time, each step the same rows the triage API writes.
    const statuses = await db
      .selectFrom('findings')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('company_id', '=', acme.id)
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(statuses.find((s) => s.status === status)?.n ?? 0);
    for (const status of ['resolved', 'risk_accepted', 'false_positive', 'in_review', 'new']) {
      expect(count(status), status).toBeGreaterThan(3);
    }
    const changes = await db
      .selectFrom('finding_changes as c')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'c.actor_user_id').onRef('m.company_id', '=', 'c.company_id'),
      )
      .select(['c.from_value', 'c.to_value', 'c.at', 'm.role'])
      .where('c.company_id', '=', acme.id)
      .where('c.field', '=', 'status')
      .execute();
    expect(changes.length).toBeGreaterThan(100);
    expect(changes.every((c) => c.role === 'administrator' || c.role === 'analyst')).toBe(true);
    expect(changes.some((c) => c.from_value === 'resolved' && c.to_value === 'in_review')).toBe(true);
    expect(new Set(changes.map((c) => c.at.toISOString().slice(0, 10))).size).toBeGreaterThan(40);
    const events = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', acme.id)
      .where('kind', '=', 'finding.status_changed')
      .where('actor_user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(changes.length);

    // A snapshot for each of the 90 days, moving with what was open each day.
    for (const company of await db.selectFrom('companies').select('id').execute()) {
      const days = await db
        .selectFrom('risk_snapshots')
        .select(['day', 'score'])
        .where('company_id', '=', company.id)
        .where('supplier_id', 'is', null)
        .orderBy('day')
        .execute();
      expect(days.length, `company ${company.id}`).toBeGreaterThanOrEqual(88);
      expect(new Set(days.map((d) => d.score)).size, `company ${company.id}`).toBeGreaterThan(5);
    }

    // The screens read it: the rating's 90-day trend, Global Vision's movement, the quarter's insights.
    const { browser, token } = await signIn(app);
    const trend = answerOf('getRiskTrend', await browser.get('/api/risk/trend', { token }));
    expect(trend.data.length).toBeGreaterThanOrEqual(88);
    const quarter = `from=${new Date(now.getTime() - 90 * DAY).toISOString()}&to=${now.toISOString()}`;
    const insights = answerOf('getInsights', await browser.get(`/api/insights?${quarter}`, { token }));
    expect(insights.data.totals.current.resolved).toBeGreaterThan(10);
    expect(insights.data.totals.current.mttr_hours).toBeGreaterThan(0);
    for (const period of ['week', 'month']) {
      const body = answerOf('getInsights', await browser.get(`/api/insights?period=${period}`, { token }));
      expect(body.data.totals.current.resolved, period).toBeGreaterThan(0);
    }
    expect(jobs.filter((j) => j.kind === 'demo.history').map((j) => j.status)).toEqual(['succeeded']);
    const log = await db
      .selectFrom('job_log as l')
      .innerJoin('jobs as j', 'j.id', 'l.job_id')
      .select('l.message')
      .where('j.kind', '=', 'demo.history')
      .execute();
    console.log(log.map((l) => l.message).join('\n'));
  }, 400_000);
});
