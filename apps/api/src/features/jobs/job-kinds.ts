// The platform's own kinds of background work (housekeeping) and how an import kind runs; the
// module registry adds each module's import kinds and feeds (features/monitoring/module-registry.ts).
// A kind says how it runs, its priority, how many of its group run at once (across processes),
// whether a failure is retried with back-off (then `dead`), and the platform schedule it runs on.

import type { AppContext } from '../../app-context.js';
import { purgeExpired } from '../../jobs/purge-expired.job.js';
import { alertJobKinds } from '../alerts/alerts.jobs.js';
import { demoHistoryJobKinds } from '../demo-history/demo-history.job.js';
import { expireRiskAcceptances } from '../findings/findings.expiry.js';
import { sweepUploads } from '../imports/import-files.repository.js';
import { runJob } from '../imports/import-runner.js';
import { appendLog } from '../imports/imports.repository.js';
import { reportJobKinds } from '../reports/reports.jobs.js';
import { riskJobKinds } from '../risk/risk.snapshots.js';
import type { JobKind, RunOutcome } from './job-kind.types.js';
import { endJob } from './jobs.repository.js';
import type { ClaimedJob } from './jobs.table.js';

/** Ended risk acceptances, dead secrets and sessions, uploads a dead process left half-written. */
async function housekeeping(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const acceptances = await expireRiskAcceptances(ctx.db, now);
  const purged = await purgeExpired(ctx.db, now);
  const uploads = await sweepUploads(ctx.db, now);
  const summary = `${acceptances} risk acceptances ended, ${purged.sessions} sessions, ${purged.oneTimeTokens} one-time tokens and ${purged.pendingLogins} pending sign-ins purged, ${uploads} unfinished uploads removed.`;
  await ctx.db.transaction().execute(async (trx) => {
    await appendLog(trx, job.id, 'info', summary, now);
    await endJob(trx, job.id, now);
  });
  return 'succeeded';
}

/**
 * An import kind: a company's run two at once in a worker process, eight across every process (or
 * the importer's own `concurrency`); the platform's reference data (the CVE catalogue) one at a
 * time, in the group its feeds' sync shares, because each import builds on the rows of the one before.
 */
export function importJobKind(kind: string, module: string, platform: boolean, concurrency = 8): JobKind {
  return platform
    ? { group: referenceGroup(module), concurrency: 1, priority: 0, retried: false, run: runJob }
    : { group: kind, concurrency, priority: 0, retried: false, run: runJob };
}

/** The group of a module's reference-data writers (its platform imports and feeds): one at a time. */
export function referenceGroup(module: string): string {
  return `reference:${module}`;
}

export const platformJobKinds = {
  housekeeping: {
    group: 'housekeeping',
    concurrency: 1,
    priority: 10,
    retried: true,
    platformSchedule: '*/5 * * * *',
    run: housekeeping,
  },
  ...alertJobKinds,
  ...riskJobKinds,
  ...reportJobKinds,
  ...demoHistoryJobKinds,
} satisfies Record<string, JobKind>;

/** The kinds whose group has `running` jobs at its limit (the claim skips them). */
export function kindsAtLimit(
  jobKinds: Readonly<Record<string, JobKind>>,
  runningByKind: ReadonlyMap<string, number>,
): string[] {
  const byGroup = new Map<string, number>();
  for (const [kind, count] of runningByKind) {
    const group = jobKinds[kind]?.group ?? kind;
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
