// The scheduled scans: every enabled page that is due (never scanned, its next scan time passed, or
// not scanned for a week) gets one scan queued, never a second while one is queued or running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../../shared/clock.js';
import { newTenant, queueTask, type Tenant } from '../../../testing/monitoring.js';
import { seedStorePage } from '../../../testing/scripts.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../../../testing/test-app.js';
import { queueScan, SCAN_JOB, SCHEDULE_JOB } from './scan-queue.js';
import { queueDueScans } from './scan-schedule.js';

// An API-only process: no worker runs the scans the schedule queues, the test reads them queued.
const fixture = {} as { database: TestDatabase; app: VigilApp; tenant: Tenant };
beforeAll(async () => {
  fixture.database = await openTestDatabase();
  ({ app: fixture.app } = await testApp(fixture.database, { env: { VIGIL_ROLE: 'api' } }));
  fixture.tenant = await newTenant(fixture.app, 'scan-schedule');
});
afterAll(async () => {
  await fixture.app?.close();
  await fixture.database?.close();
});

const queuedPages = async () => {
  const rows = await fixture.app.ctx.db
    .selectFrom('jobs')
    .select('options')
    .where('kind', '=', SCAN_JOB)
    .where('status', '=', 'queued')
    .execute();
  return rows.map((r) => Number(JSON.parse(r.options ?? '{}').page_id)).sort((x, y) => x - y);
};

async function runSchedule() {
  const { app } = fixture;
  const id = await queueTask(app, SCHEDULE_JOB);
  const job = await app.ctx.db
    .updateTable('jobs')
    .set({ status: 'running' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  expect(await queueDueScans(app.ctx, { ...job, crashed: false })).toBe('succeeded');
}

describe('the scan schedule', () => {
  it('queues a scan of each enabled page that is due, once', async () => {
    const { app, tenant } = fixture;
    const other = await newTenant(app, 'scan-schedule-b');
    const now = app.ctx.clock.now();
    const page = async (companyId: number, url: string, set: Record<string, unknown>) => {
      const { pageId } = await seedStorePage(app, companyId, { url, name: url });
      if (Object.keys(set).length > 0) {
        await app.ctx.db.updateTable('store_pages').set(set).where('id', '=', pageId).execute();
      }
      return pageId;
    };
    const never = await page(tenant.companyId, 'https://a.test/never', {});
    const passed = await page(other.companyId, 'https://b.test/passed', {
      next_scan_at: new Date(now.getTime() - HOUR),
    });
    await page(tenant.companyId, 'https://a.test/later', {
      next_scan_at: new Date(now.getTime() + HOUR),
      last_scanned_at: now,
    });
    const stale = await page(tenant.companyId, 'https://a.test/stale', {
      next_scan_at: new Date(now.getTime() + HOUR),
      last_scanned_at: new Date(now.getTime() - 8 * DAY),
    });
    await page(tenant.companyId, 'https://a.test/off', { enabled: false });
    const pending = await page(tenant.companyId, 'https://a.test/pending', {});
    await queueScan(app.ctx.db, { companyId: tenant.companyId, pageId: pending, createdBy: null, isDemo: false, now });

    await runSchedule();
    expect(await queuedPages()).toEqual([never, passed, stale, pending].sort((x, y) => x - y));
    const log = await app.ctx.db
      .selectFrom('job_log')
      .select('message')
      .where('message', 'like', '%page scans queued.')
      .execute();
    expect(log.map((l) => l.message)).toEqual(['3 page scans queued.']);

    // A second pass while those are queued queues nothing more.
    await runSchedule();
    expect(await queuedPages()).toHaveLength(4);
  });
});
