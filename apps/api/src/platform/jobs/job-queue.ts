// Queueing one job: the single insert every kind of background work goes through (uploads, which
// carry a file and arrive in chunks, are written by imports). Imports no job kind, so the writers
// the kinds themselves import (alerts, the rating refresh) can use it without an import cycle.
import type { Executor } from '../../db/database.js';

export interface QueueJobInput {
  kind: string;
  module: string;
  /** null: a platform job, done for no company. */
  companyId: number | null;
  /** What the job works on, as its lists show it (the job's `file_name`). */
  label: string;
  /** Stored as JSON; none: null. */
  options?: unknown;
  /** Higher first (imports 0, alerts 5; the demo's follow-up work below 0). */
  priority?: number;
  /** Not claimed before this time; none: at once. */
  runAt?: Date | null;
  isDemo?: boolean;
  createdBy?: number | null;
  /** The schedule that queued it (job-schedules.ts). */
  scheduleId?: number | null;
  /** A retried kind's attempts (the table's default otherwise). */
  maxAttempts?: number;
  now: Date;
}

/** Queues one job in the caller's transaction (or alone); its id. Uploads, which carry a file, are written by imports. */
export async function queueJob(db: Executor, input: QueueJobInput): Promise<number> {
  const job = await db
    .insertInto('jobs')
    .values({
      company_id: input.companyId,
      kind: input.kind,
      module: input.module,
      status: 'queued',
      file_name: input.label,
      file_size: 0,
      options: input.options === undefined || input.options === null ? null : JSON.stringify(input.options),
      priority: input.priority ?? 0,
      run_at: input.runAt ?? null,
      is_demo: input.isDemo ?? false,
      created_by: input.createdBy ?? null,
      schedule_id: input.scheduleId ?? null,
      ...(input.maxAttempts === undefined ? {} : { max_attempts: input.maxAttempts }),
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return job.id;
}
