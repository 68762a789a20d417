// The one job table of every kind of background work (ADR 0011): imports, the scheduled platform
// tasks, and what later modules add. A row is the queue entry itself: claimed with FOR UPDATE SKIP
// LOCKED under a lease, with counts, a checkpoint, a progress and a log that the screens read.
import type { Generated, Selectable } from 'kysely';

/** A registered kind of background work (the module registry's `jobKinds`). */
export type JobKindName = string;

/**
 * `uploading`: its file is still arriving (never claimed nor listed). `failed`: ended with its
 * reason (a bad file does not get better). `dead`: a retried kind that failed its last allowed
 * attempt (the dead-letter state the operator view lists). `cancelled`: stopped on request.
 */
export type JobStatus = 'uploading' | 'queued' | 'running' | 'succeeded' | 'failed' | 'dead' | 'cancelled';

export interface JobsTable {
  id: Generated<number>;
  /** null: a platform job (the CVE catalogue, housekeeping), done for no company. */
  company_id: number | null;
  kind: JobKindName;
  module: string;
  status: Generated<JobStatus>;
  /** What the job reads: the uploaded file's name, or the task's description. */
  file_name: string;
  file_size: number;
  options: string | null;
  /** Higher first; then the oldest. */
  priority: Generated<number>;
  /** Not claimed before this time (a retry's back-off); null: at once. */
  run_at: Date | null;
  progress: Generated<number>;
  read_count: Generated<number>;
  added_count: Generated<number>;
  updated_count: Generated<number>;
  rejected_count: Generated<number>;
  /** Items already committed: a restarted job resumes after them. */
  checkpoint: Generated<number>;
  /** The checkpoint the current attempt started from (set by the claim; null before any). */
  attempt_checkpoint: number | null;
  error: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  lease_expires_at: Date | null;
  /** Set by a cancel while the job runs: it stops at its next checkpoint. */
  cancel_requested_at: Date | null;
  schedule_id: number | null;
  is_demo: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface JobLogTable {
  id: Generated<number>;
  job_id: number;
  level: 'info' | 'warn' | 'error';
  message: string;
  at: Date;
}

/** A cron schedule: each due time enqueues one job of its kind (per company, or for the platform). */
export interface JobSchedulesTable {
  id: Generated<number>;
  kind: JobKindName;
  company_id: number | null;
  cron: string;
  next_run_at: Date;
  last_run_at: Date | null;
  last_job_id: number | null;
  enabled: Generated<boolean>;
  created_at: Date;
}

export type JobRow = Selectable<JobsTable>;

/** A claimed job; `crashed` when its last attempt's process died before it committed anything. */
export type ClaimedJob = JobRow & { crashed: boolean };
