// Every kind of background work, registered in one place: how it runs, its priority, how many of
// its group run at once (across processes), whether a failure is retried with back-off (then
// `dead`), and the platform schedule it runs on. Imports are kinds; later modules add theirs here.

import type { AppConfig } from '../../config/env.js';
import { purgeExpired } from '../../jobs/purge-expired.job.js';
import type { AppContext } from '../../shared/context.js';
import { feedSync } from '../cves/feeds/feed-sync.js';
import { expireRiskAcceptances } from '../findings/findings.expiry.js';
import { sweepUploads } from '../imports/import-files.repository.js';
import { type RunOutcome, runJob } from '../imports/import-runner.js';
import { appendLog } from '../imports/imports.repository.js';
import { importKinds } from '../imports/imports.table.js';
import type { ClaimedJob, JobKindName } from './jobs.table.js';

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

/** Ended risk acceptances, dead secrets and sessions, uploads a dead process left half-written. */
async function housekeeping(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const acceptances = await expireRiskAcceptances(ctx.db, now);
  const purged = await purgeExpired(ctx.db, now);
  const uploads = await sweepUploads(ctx.db, now);
  const summary = `${acceptances} risk acceptances ended, ${purged.sessions} sessions, ${purged.oneTimeTokens} one-time tokens and ${purged.pendingLogins} pending sign-ins purged, ${uploads} unfinished uploads removed.`;
  await ctx.db.transaction().execute(async (trx) => {
    await appendLog(trx, job.id, 'info', summary, now);
    await trx
      .updateTable('jobs')
      .set({ status: 'succeeded', progress: 1, finished_at: now, lease_expires_at: null, error: null })
      .where('id', '=', job.id)
      .execute();
  });
  return 'succeeded';
}

/** Company imports: a worker process runs two at once; eight across every process (more workers, more at once). */
const importKind: Omit<JobKind, 'group'> = { concurrency: 8, priority: 0, retried: false, run: runJob };

const feedKind = {
  group: 'catalogue',
  concurrency: 1,
  retried: true,
  scheduledWhen: (config: AppConfig) => config.feeds.sync,
};

export const jobKinds: Record<JobKindName, JobKind> = {
  ...(Object.fromEntries(importKinds.map((kind) => [kind, { ...importKind, group: kind }])) as Record<
    (typeof importKinds)[number],
    JobKind
  >),
  // The CVE catalogue is shared and each import builds on the rows of the one before: one at a time.
  nvd: { ...importKind, group: 'catalogue', concurrency: 1 },
  kev: { ...importKind, group: 'catalogue', concurrency: 1 },
  epss: { ...importKind, group: 'catalogue', concurrency: 1 },
  // The CVE feeds' sync: shares the catalogue's group (one writer at a time), retried with back-off.
  'nvd-sync': { ...feedKind, priority: 5, platformSchedule: '15 */2 * * *', run: feedSync('nvd') },
  'kev-sync': { ...feedKind, priority: 5, platformSchedule: '30 6 * * *', run: feedSync('kev') },
  'epss-sync': { ...feedKind, priority: 5, platformSchedule: '45 6 * * *', run: feedSync('epss') },
  housekeeping: {
    group: 'housekeeping',
    concurrency: 1,
    priority: 10,
    retried: true,
    platformSchedule: '*/5 * * * *',
    run: housekeeping,
  },
};

export function jobKindOf(kind: string): JobKind {
  const found = jobKinds[kind as JobKindName];
  if (!found) throw new Error(`${kind} is not a job kind.`);
  return found;
}

/** The kinds whose group has `running` jobs at its limit (the claim skips them). */
export function kindsAtLimit(runningByKind: ReadonlyMap<string, number>): string[] {
  const byGroup = new Map<string, number>();
  for (const [kind, count] of runningByKind) {
    const group = jobKinds[kind as JobKindName]?.group ?? kind;
    byGroup.set(group, (byGroup.get(group) ?? 0) + count);
  }
  return Object.entries(jobKinds)
    .filter(([, kind]) => (byGroup.get(kind.group) ?? 0) >= kind.concurrency)
    .map(([name]) => name);
}

/** The wait before attempt `attempt + 1` of a retried kind: 30 s, 1 min, 2 min… at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}
