// The scans' job kinds, which scripts.module.ts registers: one page scanned per `scripts.scan` job
// (a few at once across processes; the scanner bounds the pages open at once in each), and the
// quarter-hourly `scripts.schedule` that queues the pages due.
import type { JobKind } from '../../../platform/jobs/job-kind.types.js';
import { getScanner } from '../scanner/scanner.js';
import { runScanJob } from './scan-job.js';
import { SCAN_JOB, SCHEDULE_JOB } from './scan-queue.js';
import { queueDueScans } from './scan-schedule.js';

export const scanJobs: Readonly<Record<string, JobKind>> = {
  [SCAN_JOB]: {
    group: SCAN_JOB,
    concurrency: 4,
    priority: 0,
    retried: false,
    run: (ctx, job, signal) => runScanJob(ctx, job, signal, getScanner(ctx.config.scan)),
  },
  [SCHEDULE_JOB]: {
    group: SCHEDULE_JOB,
    concurrency: 1,
    priority: 5,
    retried: true,
    platformSchedule: '*/15 * * * *',
    scheduledWhen: (config) => config.scan.scheduled,
    run: queueDueScans,
  },
};
