// What a kind of background work is (ADR 0011). Kinds are registered by the platform features (a
// `*.jobs.ts` record each, listed in src/modules.ts) and by modules (their import kinds and feeds),
// and looked up through the module registry.

import type { AppContext } from '../../app-context.js';
import type { AppConfig } from '../../config/env.js';
import type { ClaimedJob } from './jobs.table.js';

export type RunOutcome = 'succeeded' | 'failed' | 'released' | 'cancelled';

export interface JobKind {
  /** Jobs of one group share its concurrency limit, counted across every worker process. */
  group: string;
  concurrency: number;
  /** Higher first. */
  priority: number;
  /** A failure is retried after a back-off until max attempts, then the job is `dead`; else it fails at once. */
  retried: boolean;
  /** A cron expression (UTC): the platform runs this kind on it (job_schedules)… */
  platformSchedule?: string;
  /** …when the configuration allows (the feeds' sync: CATALOGUE_SYNC). */
  scheduledWhen?: (config: AppConfig) => boolean;
  run(ctx: AppContext, job: ClaimedJob, signal: AbortSignal): Promise<RunOutcome>;
}
