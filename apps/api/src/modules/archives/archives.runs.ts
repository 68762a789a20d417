// Archive sweeps (ADR 0027): one provider run per configured web archive (Wayback CDX, Common
// Crawl, OTX, urlscan), job kind `archives.<provider>`, each over the company's domains. A run's
// queries are the domains (its checkpoint: domains done); a domain's pages are read one after the
// other, each written with the run's progress in one transaction, at most MAX_PAGES per domain. A
// throttled archive puts the run back in the queue (defineProviderJob); a resumed run starts again
// at the first domain not done, whose pages are idempotent to write again. Its findings are the
// system's (upsertFindings without a job: an event each, or one for many, and the alerts queued).

import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import type { JobKind } from '../../platform/jobs/job-kind.types.js';
import { type ArchiveProviderId, archiveProviderIds, ProviderFailed } from '../../platform/providers/provider.types.js';
import { defineProviderJob, type ProviderRunInput, queueProviderRun } from '../../platform/providers/provider-runs.js';
import { getProviders } from '../../platform/providers/providers.js';
import { queueRatingRefresh } from '../../platform/risk/risk.queue.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { normaliseUrl } from './archive-url.js';
import { type ArchiveCapture, inDomains, writeArchivedUrls } from './archives.writer.js';

/** Pages read per domain and run (an archive's pages hold hundreds to thousands of captures). */
export const MAX_PAGES = 50;

export const archiveJobKind = (provider: ArchiveProviderId) => `archives.${provider}`;

export async function companyDomains(db: Executor, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', companyId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

async function sweep(provider: ArchiveProviderId, input: ProviderRunInput): Promise<void> {
  const { ctx, run, providers, checkpoint, progress, signal } = input;
  const archive = providers.archives.find((a) => a.id === provider);
  if (!archive) throw new ProviderFailed(provider, 'not configured.');
  const domains = await companyDomains(ctx.db, run.company_id);
  await progress({ queriesTotal: domains.length, queriesDone: checkpoint });
  for (let done = checkpoint; done < domains.length; done += 1) {
    const domain = domains[done] ?? '';
    let cursor: string | null = null;
    for (let pages = 0; pages < MAX_PAGES; pages += 1) {
      // Never inside a transaction: the adapter counts its usage on its own connection.
      const page = await archive.urls(domain, cursor, { companyId: run.company_id, runId: run.id, signal });
      const captures = page.captures.flatMap((c): ArchiveCapture[] => {
        const normal = normaliseUrl(c.url);
        return normal.ok && inDomains(normal.url.host, [domain])
          ? [{ url: normal.url, capturedAt: c.capturedAt, status: c.status }]
          : [];
      });
      await ctx.db.transaction().execute(async (trx) => {
        const scope = { companyId: run.company_id, jobId: null, runId: run.id, isDemo: run.is_demo };
        const written = await writeArchivedUrls(trx, { ...scope, source: provider, now: ctx.clock.now() }, captures);
        await progress({ queriesDone: done, results: captures.length, newResults: written.added }, trx);
      });
      cursor = page.cursor;
      if (cursor === null) break;
    }
    await progress({ queriesDone: done + 1 });
  }
  // Its findings are the system's (each new one an event, the alerts evaluated as they come).
  await queueRatingRefresh(ctx.db, run.company_id, ctx.clock.now());
}

/** The job kinds, one per archive, for the module's `jobs`. */
export const archiveJobs: Record<string, JobKind> = Object.fromEntries(
  archiveProviderIds.map((provider) => [
    archiveJobKind(provider),
    defineProviderJob({
      module: 'archives',
      kind: archiveJobKind(provider),
      provider,
      run: (input) => sweep(provider, input),
    }),
  ]),
);

export interface QueuedSweep {
  queued: { provider: string; run_id: number }[];
  running: string[];
}

/** Queues a run of each configured archive for the company (not one already under way). */
export async function queueSweep(
  ctx: AppContext,
  db: Executor,
  input: { companyId: number; createdBy: number | null; isDemo: boolean; now: Date },
): Promise<QueuedSweep | null> {
  const configured = getProviders(ctx).archives.map((a) => a.id);
  if (configured.length === 0) return null;
  const result: QueuedSweep = { queued: [], running: [] };
  for (const provider of configured) {
    const run = await queueProviderRun(db, {
      ...input,
      module: 'archives',
      kind: archiveJobKind(provider),
      provider,
    });
    if (run) result.queued.push({ provider, run_id: run.id });
    else result.running.push(provider);
  }
  return result;
}

export async function startArchiveRuns({ ctx, auth }: { ctx: AppContext; auth: AuthContext }) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const sweepInput = { companyId: scope.companyId, createdBy: scope.userId, isDemo: false, now };
  const result = await ctx.db.transaction().execute((trx) => queueSweep(ctx, trx, sweepInput));
  if (!result) {
    const settings = getProviders(ctx)
      .status()
      .filter((s) => (archiveProviderIds as readonly string[]).includes(s.id))
      .flatMap((s) => s.settings);
    throw new ServiceError(
      'conflict',
      `No web archive is configured: set ${[...new Set(settings)].join(', ') || 'one'}.`,
    );
  }
  const message =
    result.queued.length > 0
      ? `Archive runs queued: ${result.queued.map((q) => q.provider).join(', ')}.`
      : 'Every archive run is already under way.';
  return { ...result, message };
}
