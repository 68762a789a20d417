// The operator status view (issue 12): the job system's state, the catalogue's freshness and the
// storage each company uses, for platform operators only.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError } from '../../shared/service-error.js';
import { iso } from '../findings/findings.query.js';
import { jobsOverview, storageByCompany } from '../jobs/jobs.status.js';

export const OPERATORS_ONLY = 'This view is reserved for platform operators.';

type JobLine = Awaited<ReturnType<typeof jobsOverview>>['running'][number];

const jobOf = (job: JobLine) => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  company: job.company,
  error: job.error,
  attempts: job.attempts,
  max_attempts: job.max_attempts,
  progress: Number(job.progress),
  started_at: iso(job.started_at),
  finished_at: iso(job.finished_at),
});

export async function operatorStatus({ ctx, auth }: { ctx: AppContext; auth: AuthContext }) {
  if (!auth.user.is_admin) throw new ServiceError('forbidden', OPERATORS_ONLY);
  const now = ctx.clock.now();
  const [jobs, catalogue, storage] = [
    await jobsOverview(ctx.db, now),
    (await Promise.all(ctx.modules.modules.map((m) => m.feeds?.(ctx.db) ?? []))).flat(),
    await storageByCompany(ctx.db),
  ];
  return {
    data: {
      generated_at: now.toISOString(),
      catalogue_sync: ctx.config.feeds.sync,
      worker_role: ctx.config.role,
      jobs: {
        counts: jobs.counts,
        running: jobs.running.map(jobOf),
        failures: jobs.failures.map(jobOf),
      },
      schedules: jobs.schedules.map((s) => ({
        id: s.id,
        kind: s.kind,
        company: s.company,
        cron: s.cron,
        enabled: s.enabled,
        next_run_at: s.next_run_at.toISOString(),
        last_run_at: iso(s.last_run_at),
        last_status: s.last_status,
        last_error: s.last_error,
      })),
      catalogue,
      storage,
    },
  };
}
