// A dork run (`dorks.run`, through the web search provider): every enabled dork of the company ×
// every company domain is one query (`<dork> site:<domain>`), each read for at most MAX_PAGES
// pages; each query's results are written and the checkpoint moved in one transaction, so a run
// resumed after a throttle or a restart skips what it did. At the end, one `findings.created`
// event when it found new or reopened results, the alert evaluation and the rating refresh. The
// weekly schedule (DORK_SCHEDULE=on) queues a run for each company with domains and no pending run.
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { queueEvaluation } from '../../platform/alerts/alerts.queue.js';
import { insertEvents } from '../../platform/events/events.repository.js';
import { describeTally, importTally, summaryOf, worstOf } from '../../platform/findings/findings.ingest.js';
import type { RunOutcome } from '../../platform/jobs/job-kind.types.js';
import { endJob } from '../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../platform/jobs/jobs.table.js';
import { defineProviderJob, type ProviderRunInput, queueProviderRun } from '../../platform/providers/provider-runs.js';
import type { ProviderRunRow } from '../../platform/providers/providers.table.js';
import { queueRatingRefresh } from '../../platform/risk/risk.queue.js';
import { companyDomains, type DorkHit, writeDorkHits } from './dork-results.ingest.js';
import { enabledDorks } from './dorks.catalogue.js';

export const DORK_RUN = 'dorks.run';
/** Pages read per query (Programmable Search serves 10 results a page, 100 at most). */
export const MAX_PAGES = 3;

export function queueDorkRun(
  db: Executor,
  input: { companyId: number; createdBy: number | null; isDemo: boolean; now: Date },
): Promise<ProviderRunRow | null> {
  return queueProviderRun(db, { ...input, module: 'dorks', kind: DORK_RUN, provider: 'web-search' });
}

/** The run's one timeline event (when it found something), its alert evaluation and the rating refresh. */
async function endOfRun(db: Executor, run: ProviderRunRow, now: Date): Promise<void> {
  if (run.job_id === null) return;
  const tally = await importTally(db, run.job_id);
  const worst = worstOf(tally);
  if (worst !== null) {
    await insertEvents(db, [
      {
        companyId: run.company_id,
        module: 'dorks',
        kind: 'findings.created',
        severity: worst,
        title: `Dork run: ${describeTally(tally)}`,
        jobId: run.job_id,
        details: { run_id: run.id, ...summaryOf(tally) },
        at: now,
      },
    ]);
    await queueEvaluation(db, run.company_id, run.job_id, now);
  }
  await queueRatingRefresh(db, run.company_id, now);
}

export async function runDorks({ ctx, run, providers, checkpoint, progress, signal }: ProviderRunInput) {
  const search = providers.webSearch;
  if (!search) throw new Error('The web search provider is not configured.');
  const companyId = run.company_id;
  const domains = await companyDomains(ctx.db, companyId);
  const dorks = await enabledDorks(ctx.db, companyId);
  const queries = dorks.flatMap((dork) => domains.map((domain) => ({ dork, q: `${dork.query} site:${domain}` })));
  await progress({ queriesTotal: queries.length, queriesDone: Math.min(checkpoint, queries.length) });
  for (let i = checkpoint; i < queries.length; i += 1) {
    const query = queries[i];
    if (!query) break;
    const hits: DorkHit[] = [];
    let start: number | null = 1;
    for (let page = 0; page < MAX_PAGES && start !== null; page += 1) {
      const found = await search.search(query.q, start, { companyId, runId: run.id, signal });
      hits.push(...found.results.map((r) => ({ ...r, dorkId: query.dork.id, category: query.dork.category })));
      start = found.nextStart;
    }
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      const scope = {
        companyId,
        domains,
        provider: 'web-search',
        runId: run.id,
        jobId: run.job_id,
        isDemo: run.is_demo,
        seenAt: now,
        now,
      };
      const outcome = await writeDorkHits(trx, scope, hits);
      await progress({ queriesDone: i + 1, results: outcome.results, newResults: outcome.added }, trx);
    });
  }
  await ctx.db.transaction().execute((trx) => endOfRun(trx, run, ctx.clock.now()));
}

/** Queues the weekly runs: each company with domains whose last dork run started a week ago or more. */
export async function queueDueDorkRuns(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - 7 * 24 * 3_600_000);
  await ctx.db.transaction().execute(async (trx) => {
    const due = await sql<{ company_id: number }>`
      select distinct d.company_id from company_domains d
      where not exists (select 1 from provider_runs r where r.company_id = d.company_id and r.module = 'dorks'
        and r.created_at >= ${since})`.execute(trx);
    for (const { company_id } of due.rows) {
      await queueDorkRun(trx, { companyId: company_id, createdBy: null, isDemo: false, now });
    }
  });
  await endJob(ctx.db, job.id, ctx.clock.now());
  return 'succeeded';
}

export const dorkJobs = {
  [DORK_RUN]: defineProviderJob({ module: 'dorks', kind: DORK_RUN, provider: 'web-search', run: runDorks }),
  'dorks.schedule': {
    group: 'dorks.schedule',
    concurrency: 1,
    priority: 5,
    retried: true,
    platformSchedule: '20 3 * * *',
    scheduledWhen: (config: AppContext['config']) => config.dorkSchedule,
    run: queueDueDorkRuns,
  },
};
