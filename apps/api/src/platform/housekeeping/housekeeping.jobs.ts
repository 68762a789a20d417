// The platform's housekeeping, every five minutes: ended risk acceptances, dead secrets and
// sessions, uploads a dead process left half-written. Registered with the other platform kinds in
// the composition root (src/modules.ts).
import type { AppContext } from '../../app-context.js';
import { expireRiskAcceptances } from '../findings/findings.expiry.js';
import { sweepUploads } from '../imports/import-files.repository.js';
import { appendLog } from '../imports/imports.repository.js';
import type { JobKind, RunOutcome } from '../jobs/job-kind.types.js';
import { endJob } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import { purgeExpired } from './purge-expired.job.js';

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

export const housekeepingJobKinds = {
  housekeeping: {
    group: 'housekeeping',
    concurrency: 1,
    priority: 10,
    retried: true,
    platformSchedule: '*/5 * * * *',
    run: housekeeping,
  },
} satisfies Record<string, JobKind>;
