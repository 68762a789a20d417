// What a development start waits on before its banner: the queue's due and running jobs, down to none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueTask } from '../../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../testing/test-app.js';
import { queueJob } from './job-queue.js';
import { pendingJobs, waitForIdleQueue } from './jobs.idle.js';

let database: TestDatabase;
let app: VigilApp;

beforeAll(async () => {
  database = await openTestDatabase();
  // An API-only process never claims in the background: the test drives the queue.
  ({ app } = await testApp(database, { env: { VIGIL_ROLE: 'api' } }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the queue a start waits on', () => {
  it('counts the due jobs until they have run, and not a retry waiting out its back-off', async () => {
    const now = app.ctx.clock.now();
    expect(await pendingJobs(app.ctx.db, now)).toBe(0);
    await queueTask(app, 'housekeeping');
    await queueJob(app.ctx.db, {
      kind: 'housekeeping',
      module: 'platform',
      companyId: null,
      label: 'later',
      runAt: new Date(now.getTime() + 3_600_000),
      now,
    });
    expect(await pendingJobs(app.ctx.db, now)).toBe(1);
    expect(await waitForIdleQueue(app.ctx.db, { everyMs: 1, timeoutMs: 0 })).toBe(false);

    await app.jobs.drain();
    expect(await pendingJobs(app.ctx.db, now)).toBe(0);
    expect(await waitForIdleQueue(app.ctx.db, { everyMs: 1, timeoutMs: 0 })).toBe(true);
  });
});
