// The scheduled probe runs: each inventory with a verified scope entry whose last run is older than
// the interval gets one run queued, never a second while one is queued or running; an inventory
// whose entries are unverified or lost gets none (ADR 0041).
import { describe, expect, it } from 'vitest';
import { HOUR } from '../../../shared/clock.js';
import { newTenant, queueTask, tenantFixture } from '../../../testing/monitoring.js';
import { waitForJob } from '../../../testing/probes.js';
import { PROBE_JOB } from './probes.repository.js';

const fixture = tenantFixture('schedule');

async function queuedRuns(companyId: number) {
  return fixture.app.ctx.db
    .selectFrom('jobs')
    .select(['id', 'options', 'status'])
    .where('company_id', '=', companyId)
    .where('kind', '=', PROBE_JOB)
    .orderBy('id')
    .execute();
}

describe('the probe schedule', () => {
  it('queues a run of each inventory with a verified scope that is due, once', async () => {
    const { app } = fixture;
    const a = fixture.tenant;
    const b = await newTenant(app, 'recent');
    const unproven = await newTenant(app, 'unproven');
    const now = app.ctx.clock.now();
    const supplier = await app.ctx.db
      .insertInto('suppliers')
      .values({ company_id: a.companyId, name: 'Due supplier', tier: 'low', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('asset_scopes')
      .values([
        {
          company_id: a.companyId,
          supplier_id: null,
          kind: 'domain',
          value: a.domain,
          created_by: null,
          created_at: now,
          status: 'verified',
        },
        {
          company_id: a.companyId,
          supplier_id: supplier.id,
          kind: 'domain',
          value: 'due-supplier.example',
          created_by: null,
          created_at: now,
          status: 'verified',
        },
        { company_id: unproven.companyId, supplier_id: null, kind: 'domain', value: unproven.domain, created_at: now },
        {
          company_id: unproven.companyId,
          supplier_id: null,
          kind: 'netblock',
          value: '198.51.100.0/24',
          created_at: now,
          status: 'lost',
        },
        {
          company_id: b.companyId,
          supplier_id: null,
          kind: 'domain',
          value: b.domain,
          created_by: null,
          created_at: now,
          status: 'verified',
        },
      ])
      .execute();
    // B's own inventory was probed an hour ago: not due (every 24 h by default).
    await app.ctx.db
      .insertInto('probe_runs')
      .values({
        company_id: b.companyId,
        supplier_id: null,
        job_id: null,
        status: 'done',
        started_at: new Date(now.getTime() - HOUR),
      })
      .execute();

    expect(await waitForJob(app, await queueTask(app, 'assets.probe-schedule'))).toBe('succeeded');
    const runs = await queuedRuns(a.companyId);
    expect(runs.map((r) => JSON.parse(r.options ?? '{}').supplier_id).sort()).toEqual([null, supplier.id].sort());
    expect(await queuedRuns(b.companyId)).toEqual([]);
    expect(await queuedRuns(unproven.companyId)).toEqual([]);

    // A second pass while those are queued or done within the interval queues nothing more.
    expect(await waitForJob(app, await queueTask(app, 'assets.probe-schedule'))).toBe('succeeded');
    expect(await queuedRuns(a.companyId)).toHaveLength(2);
  });
});
