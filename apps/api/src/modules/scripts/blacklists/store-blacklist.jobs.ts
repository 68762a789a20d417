// The store blacklist's job kind, which scripts.module.ts registers: a company's check of its due
// entries (queued when an entry is added or a member asks), and the same kind without a company on
// the platform's six-hourly schedule (queues the checks of every company with entries due), when
// the deployment schedules the scanner's work (SCAN_SCHEDULE: the check goes through its gate).
import type { JobKind } from '../../../platform/jobs/job-kind.types.js';
import { runBlacklistCheck } from './store-blacklist.check.js';
import { RECHECK_JOB } from './store-blacklist.queue.js';

export const storeBlacklistJobs: Readonly<Record<string, JobKind>> = {
  [RECHECK_JOB]: {
    group: RECHECK_JOB,
    concurrency: 2,
    priority: -1,
    retried: true,
    platformSchedule: '0 */6 * * *',
    scheduledWhen: (config) => config.scan.scheduled,
    run: runBlacklistCheck,
  },
};
