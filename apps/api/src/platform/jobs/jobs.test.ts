// The job system: cron schedules enqueue each due run once (whatever the number of schedulers),
// retried kinds back off and end `dead`, priorities order the claim, and a cancel stops a queued
// job at once and a running import at its next checkpoint, for the caller's company only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ManualClock } from '../../shared/clock.js';
import { answerOf } from '../../testing/api.js';
import { json } from '../../testing/flows.js';
import { newTenant, queueTask, type Tenant, upload } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { housekeepingJobKinds } from '../housekeeping/housekeeping.jobs.js';
import { runJob } from '../imports/import-runner.js';
import { backoffMs } from './job-policy.js';
import { enqueueDueRuns, nextRunAfter, upsertSchedule } from './job-schedules.js';
import { claimJob } from './jobs.repository.js';

let database: TestDatabase;
let app: VigilApp;
let clock: ManualClock;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  // An API-only process (VIGIL_ROLE=api) never claims in the background: the tests drive the queue.
  ({ app, clock } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
  a = await newTenant(app, 'jobsa');
  b = await newTenant(app, 'jobsb');
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const MINUTE = 60_000;
const setClock = (at: Date) => clock.advance(at.getTime() - clock.now().getTime());
const jobsOfSchedule = (id: number) =>
  app.ctx.db.selectFrom('jobs').selectAll().where('schedule_id', '=', id).orderBy('id').execute();
const scheduleOf = (kind: 'housekeeping') =>
  app.ctx.db.selectFrom('job_schedules').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();
/** Of the runs a call queued, housekeeping's (the platform has other schedules: the alert digests). */
const housekeepingRuns = async (queued: Promise<number[]>) => {
  const ids = await queued;
  if (ids.length === 0) return [];
  const rows = await app.ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', ids)
    .where('kind', '=', 'housekeeping')
    .execute();
  return rows.map((r) => r.id);
};
const settle = async () => {
  // Jobs the app's own worker is running are left to finish; then nothing is claimable.
  for (let i = 0; i < 100; i += 1) {
    const open = await app.ctx.db.selectFrom('jobs').select('id').where('status', '=', 'running').executeTakeFirst();
    if (!open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('schedules', () => {
  it('enqueue one run per due time, even with two schedulers at once, and never double a run still open', async () => {
    await upsertSchedule(app.ctx.db, { kind: 'housekeeping', companyId: null, cron: '*/5 * * * *' }, clock.now());
    const schedule = await scheduleOf('housekeeping');
    expect(schedule.next_run_at.getTime()).toBe(nextRunAfter('*/5 * * * *', clock.now()).getTime());
    await settle();
    const before = (await jobsOfSchedule(schedule.id)).length;

    setClock(new Date(schedule.next_run_at.getTime() + 1000));
    const [first, second] = await Promise.all([
      housekeepingRuns(enqueueDueRuns(app.ctx, clock.now())),
      housekeepingRuns(enqueueDueRuns(app.ctx, clock.now())),
    ]);
    expect([...first, ...second]).toHaveLength(1);
    expect(await housekeepingRuns(enqueueDueRuns(app.ctx, clock.now()))).toEqual([]);
    const moved = await scheduleOf('housekeeping');
    expect(moved.next_run_at.getTime()).toBe(schedule.next_run_at.getTime() + 5 * MINUTE);

    // Due again while the first run is still queued: the time passes, no second job.
    setClock(new Date(moved.next_run_at.getTime() + 1000));
    expect(await housekeepingRuns(enqueueDueRuns(app.ctx, clock.now()))).toEqual([]);
    expect((await jobsOfSchedule(schedule.id)).length).toBe(before + 1);

    // Once it has run, the next due time queues the next run.
    await app.jobs.drain();
    const ran = (await jobsOfSchedule(schedule.id)).at(-1);
    expect(ran?.status).toBe('succeeded');
    setClock(new Date((await scheduleOf('housekeeping')).next_run_at.getTime() + 1000));
    expect(await housekeepingRuns(enqueueDueRuns(app.ctx, clock.now()))).toHaveLength(1);
    await app.jobs.drain();
  });

  it('refuses a cron expression that is not one', () => {
    expect(() => nextRunAfter('every day', new Date())).toThrow(/five, six, or seven/);
  });
});

describe('retries', () => {
  it('back off after each failed attempt of a retried kind, then leave the job dead with its reason', async () => {
    await settle();
    const failing = vi
      .spyOn(housekeepingJobKinds.housekeeping, 'run')
      .mockRejectedValue(new Error('The feed answered 503.'));
    try {
      const schedule = await scheduleOf('housekeeping');
      setClock(new Date(schedule.next_run_at.getTime() + 1000));
      const [id] = await housekeepingRuns(enqueueDueRuns(app.ctx, clock.now()));
      const row = () =>
        app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await app.jobs.drain();
        const job = await row();
        expect(job.attempts).toBe(attempt);
        if (attempt < 3) {
          expect(job.status).toBe('queued');
          const wait = (job.run_at?.getTime() ?? 0) - clock.now().getTime();
          waits.push(wait);
          // Not claimed before its time.
          await app.jobs.drain();
          expect((await row()).attempts).toBe(attempt);
          setClock(new Date(clock.now().getTime() + wait));
        } else {
          expect(job).toMatchObject({
            status: 'dead',
            error: 'Stopped by an unexpected error: The feed answered 503.',
          });
        }
      }
      expect(waits).toEqual([backoffMs(1), backoffMs(2)]);
      expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
      const log = await app.ctx.db.selectFrom('job_log').select('message').where('job_id', '=', Number(id)).execute();
      expect(log.map((l) => l.message).at(-1)).toMatch(/^Attempt 3 of 3 failed: .* No attempt is left\.$/);
    } finally {
      failing.mockRestore();
    }
  });
});

describe('roles', () => {
  it('leaves queued jobs alone in an API-only process, for the worker processes to claim', async () => {
    const id = await upload(a, 'combolist', 'api-only.txt', `x@${a.domain}:secret`);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // longer than the worker's poll
    const job = await app.ctx.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
    await app.jobs.drain();
  });
});

describe('priorities and cancel', () => {
  const combolist = (domain: string, lines: number) =>
    Array.from({ length: lines }, (_, i) => `user${i}@${domain}:secret-${i}`).join('\n');

  it('claims a higher priority first', async () => {
    await settle();
    const queued = await upload(a, 'combolist', 'low.txt', combolist(a.domain, 3));
    const high = await queueTask(app, 'housekeeping', 10);
    const now = clock.now();
    const claimed = await claimJob(app.ctx, now, new Date(now.getTime() + MINUTE));
    expect(claimed?.id).toBe(high);
    await app.ctx.db.updateTable('jobs').set({ status: 'succeeded' }).where('id', '=', high).execute();
    await app.jobs.drain();
    expect(queued).toBeGreaterThan(0);
  });

  it('ends a queued job at once and stops a running import at its next checkpoint; only for its company', async () => {
    await settle();
    const cancel = (who: Tenant, id: number) =>
      who.browser.post(`/api/jobs/${id}/cancel`, undefined, { token: who.token });
    // Queued: never runs, its file is gone.
    const queued = await upload(a, 'combolist', 'queued.txt', combolist(a.domain, 5));
    expect((await cancel(b, queued)).statusCode).toBe(404);
    const cancelled = await cancel(a, queued);
    expect(cancelled.statusCode, cancelled.body).toBe(202);
    expect(answerOf('cancelJob', cancelled)).toEqual({ data: { id: queued, status: 'cancelled' } });
    await app.jobs.drain();
    const view = answerOf('getImport', await a.browser.get(`/api/imports/${queued}`, { token: a.token })).data;
    expect(view).toMatchObject({ status: 'cancelled', counts: { read: 0 } });
    expect((await cancel(a, queued)).statusCode).toBe(409);
    const chunks = await app.ctx.db
      .selectFrom('import_file_chunks')
      .select('seq')
      .where('job_id', '=', queued)
      .execute();
    expect(chunks).toEqual([]);

    // Running: the batch that sees the request is its last; what it committed stays.
    const lines = 20_000;
    const running = await upload(a, 'combolist', 'running.txt', combolist(a.domain, lines));
    const now = clock.now();
    const claimed = await claimJob(app.ctx, now, new Date(now.getTime() + MINUTE));
    expect(claimed?.id).toBe(running);
    const asked = await cancel(a, running);
    expect(json(asked)).toEqual({ data: { id: running, status: 'cancelling' } });
    if (!claimed) throw new Error('not claimed');
    expect(await runJob(app.ctx, claimed, new AbortController().signal)).toBe('cancelled');
    const stopped = await app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', running).executeTakeFirstOrThrow();
    expect(stopped.status).toBe('cancelled');
    expect(stopped.added_count).toBeGreaterThan(0);
    expect(stopped.added_count).toBeLessThan(lines);
  });
});

describe('kinds that build on the one before', () => {
  it('runs HIBP imports one at a time, in the order queued: a domain search waits for the breach catalogue', async () => {
    await settle();
    await app.jobs.drain(); // what earlier tests left queued (the alert evaluation of a cancelled import)
    const breaches = [
      {
        Name: 'Waitshop',
        Title: 'Waitshop',
        BreachDate: '2025-01-02',
        AddedDate: '2026-10-01T00:00:00Z',
        DataClasses: ['Passwords'],
      },
    ];
    const catalogue = await upload(a, 'hibp', 'breaches.json', JSON.stringify(breaches));
    const search = await upload(a, 'hibp', 'search.json', JSON.stringify({ zed: ['Waitshop'] }), `&domain=${a.domain}`);
    const now = clock.now();
    const lease = new Date(now.getTime() + MINUTE);
    const first = await claimJob(app.ctx, now, lease);
    expect(first?.id).toBe(catalogue);
    // With the catalogue running, the domain search is not claimable (two at once on PostgreSQL
    // used to date its findings by the import, the breach not known yet).
    const second = await claimJob(app.ctx, now, lease);
    expect(second?.id).not.toBe(search);
    if (second) await app.ctx.db.updateTable('jobs').set({ status: 'queued' }).where('id', '=', second.id).execute();
    if (!first) throw new Error('not claimed');
    expect(await runJob(app.ctx, first, new AbortController().signal)).toBe('succeeded');
    await app.jobs.drain();
    const found = await app.ctx.db
      .selectFrom('findings')
      .select(['severity', 'first_seen_at'])
      .where('company_id', '=', a.companyId)
      .where('fingerprint', '=', `breach:zed@${a.domain}:Waitshop`)
      .executeTakeFirstOrThrow();
    expect(found).toEqual({ severity: 'high', first_seen_at: new Date('2026-10-01T00:00:00Z') });
  });
});
