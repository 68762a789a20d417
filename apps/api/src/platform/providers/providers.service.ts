// The providers' verbs for the screens: each provider's status with the company's usage today and
// the deployment's window, the company's runs (per module, newest first), and cancelling a run
// (through its job: a queued or waiting one ends at once, a running one after its current query).
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { capped, iso, type PageInput, pageOf } from '../findings/findings.query.js';
import { requestCancel } from '../jobs/jobs.repository.js';
import { type ProviderId, providerIds } from './provider.types.js';
import { blockedProviders, usageToday } from './provider-usage.js';
import { providerLimit, providerStatus } from './providers.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export async function listProviders({ ctx, auth }: Verb<unknown>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const [usage, blocked] = await Promise.all([usageToday(ctx.db, scope.companyId, now), blockedProviders(ctx.db, now)]);
  return {
    data: providerStatus(ctx.config).map((status) => {
      const used = usage.get(status.id);
      const limit = providerLimit(ctx.config, status.id);
      return {
        ...status,
        usage: {
          requests: used?.requests ?? 0,
          results: used?.results ?? 0,
          throttled: used?.throttled ?? 0,
          failures: used?.failures ?? 0,
        },
        limit: { max: limit.max, window_seconds: limit.windowMs / 1000 },
        blocked_until: iso(blocked.get(status.id)),
      };
    }),
  };
}

const runColumns = [
  'r.id',
  'r.module',
  'r.provider',
  'r.job_id',
  'r.status',
  'r.queries_total',
  'r.queries_done',
  'r.requests',
  'r.results',
  'r.new_results',
  'r.retry_at',
  'r.error',
  'r.is_demo',
  'r.created_at',
  'r.started_at',
  'r.finished_at',
  'j.status as job_status',
] as const;

function runsOf(ctx: AppContext, scope: TenantScope) {
  return ctx.db
    .selectFrom('provider_runs as r')
    .leftJoin('jobs as j', 'j.id', 'r.job_id')
    .where(tenantFilter('r', scope));
}

/** The run as the screens show it: a run whose job was cancelled (any way) is cancelled. */
function toRun(r: Awaited<ReturnType<typeof findRun>> & object) {
  const cancelled = r.job_status === 'cancelled' && ['queued', 'waiting', 'running'].includes(r.status);
  return {
    id: r.id,
    module: r.module,
    provider: (providerIds as readonly string[]).includes(r.provider) ? (r.provider as ProviderId) : 'web-search',
    job_id: r.job_id,
    status: cancelled ? ('cancelled' as const) : r.status,
    queries_total: r.queries_total,
    queries_done: r.queries_done,
    requests: r.requests,
    results: r.results,
    new_results: r.new_results,
    retry_at: cancelled ? null : iso(r.retry_at),
    error: r.error,
    is_demo: r.is_demo,
    created_at: r.created_at.toISOString(),
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

function findRun(ctx: AppContext, scope: TenantScope, id: number) {
  return runsOf(ctx, scope).select(runColumns).where('r.id', '=', id).executeTakeFirst();
}

export async function listProviderRuns({ ctx, auth, input }: Verb<PageInput & { module?: string | undefined }>) {
  const scope = requireScope(auth.scope);
  let base = runsOf(ctx, scope);
  if (input.module) base = base.where('r.module', '=', input.module);
  const { rows, meta } = await pageOf(ctx.db, base.select(runColumns).orderBy('r.id', 'desc'), capped(base), input);
  return { data: rows.map(toRun), meta };
}

export async function cancelProviderRun({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const run = await findRun(ctx, scope, input.id);
  if (!run) throw new ServiceError('not_found', 'Provider run not found.');
  const ended = () => new ServiceError('conflict', 'The run has already ended.');
  if (run.job_id === null || !['queued', 'waiting', 'running'].includes(run.status)) throw ended();
  const jobId = run.job_id;
  const status = await requestCancel(ctx.db, async () => true, jobId, ctx.clock.now());
  if (status === 'ended' || status === undefined) throw ended();
  if (status === 'cancelled') {
    await ctx.db
      .updateTable('provider_runs')
      .set({ status: 'cancelled', retry_at: null, finished_at: ctx.clock.now() })
      .where('id', '=', run.id)
      .execute();
  }
  const after = await findRun(ctx, scope, input.id);
  return { data: toRun(after ?? run) };
}
