// Cron schedules: each due time of a schedule enqueues one job of its kind, once, whatever the
// number of worker processes (the due rows are locked with SKIP LOCKED and moved on in the same
// transaction). A run still queued or running when the next is due is not doubled: the time passes.
import { Cron } from 'croner';
import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../config/env.js';
import type { Executor } from '../../db/database.js';
import { queueJob } from './job-queue.js';
import type { JobKindName } from './jobs.table.js';

/** The first time after `after` that the cron expression (UTC) names. Throws for a bad expression. */
export function nextRunAfter(cron: string, after: Date): Date {
  const next = new Cron(cron, { paused: true, timezone: 'UTC' }).nextRun(after);
  if (!next) throw new Error(`The schedule "${cron}" never runs again.`);
  return next;
}

/**
 * The platform's own schedules (each registered kind's `platformSchedule`), created or brought in line; those
 * the configuration does not allow (`scheduledWhen`) are disabled.
 */
export async function ensurePlatformSchedules(
  { db, modules }: Pick<AppContext, 'db' | 'modules'>,
  now: Date,
  config: AppConfig,
): Promise<void> {
  for (const [kind, definition] of Object.entries(modules.jobKinds)) {
    if (!definition.platformSchedule) continue;
    const enabled = definition.scheduledWhen?.(config) ?? true;
    if (enabled) {
      await upsertSchedule(db, { kind: kind as JobKindName, companyId: null, cron: definition.platformSchedule }, now);
    }
    await db
      .updateTable('job_schedules')
      .set({ enabled })
      .where('kind', '=', kind as JobKindName)
      .where('company_id', 'is', null)
      .execute();
  }
}

export async function upsertSchedule(
  db: Executor,
  input: { kind: JobKindName; companyId: number | null; cron: string },
  now: Date,
): Promise<void> {
  const next = nextRunAfter(input.cron, now);
  const existing = await db
    .selectFrom('job_schedules')
    .select(['id', 'cron'])
    .where('kind', '=', input.kind)
    .where((eb) => (input.companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', input.companyId)))
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('job_schedules')
      .values({ kind: input.kind, company_id: input.companyId, cron: input.cron, next_run_at: next, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else if (existing.cron !== input.cron) {
    await db
      .updateTable('job_schedules')
      .set({ cron: input.cron, next_run_at: next })
      .where('id', '=', existing.id)
      .execute();
  }
}

/** Enqueues one job per due schedule and moves each schedule to its next time; returns the jobs' ids. */
export async function enqueueDueRuns(
  { db, modules }: Pick<AppContext, 'db' | 'modules'>,
  now: Date,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('job_schedules')
      .selectAll()
      .where('enabled', '=', true)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    const queued: number[] = [];
    for (const schedule of due) {
      const open = await trx
        .selectFrom('jobs')
        .select('id')
        .where('schedule_id', '=', schedule.id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      let jobId = schedule.last_job_id;
      if (!open) {
        const definition = modules.jobKind(schedule.kind);
        jobId = await queueJob(trx, {
          kind: schedule.kind,
          module: 'platform',
          companyId: schedule.company_id,
          label: `${schedule.kind} (schedule ${schedule.cron})`,
          priority: definition.priority,
          scheduleId: schedule.id,
          now,
        });
        queued.push(jobId);
      }
      await trx
        .updateTable('job_schedules')
        .set({ last_run_at: now, last_job_id: jobId, next_run_at: nextRunAfter(schedule.cron, now) })
        .where('id', '=', schedule.id)
        .execute();
    }
    return queued;
  });
}
