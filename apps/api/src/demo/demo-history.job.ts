// `demo.history`: queued by the demo loader after the demo's import jobs, it gives the demo companies
// the quarter a team that used the product would have — their people's triage since the findings
// were first seen (demo-history.triage.ts) and 90 daily rating snapshots computed from what was
// open each day (demo-history.ratings.ts). It waits until the demo's other work (imports, probe runs,
// scans, rating refreshes) has ended, so it sees every finding; it runs once, like the loader.
import { sql } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { Executor } from '../db/database.js';
import { appendLog, finishJob } from '../platform/imports/imports.repository.js';
import type { JobKind, RunOutcome } from '../platform/jobs/job-kind.types.js';
import { queueJob } from '../platform/jobs/job-queue.js';
import { endJob } from '../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../platform/jobs/jobs.table.js';
import { rateQuarter } from './demo-history.ratings.js';
import { triageCompany } from './demo-history.triage.js';

/** How long after its first claim it waits for the rest of the demo before writing its history anyway. */
const PATIENCE_MS = 15 * 60_000;
const RECHECK_MS = 500;

/** Queues the history job in the loader's transaction, below every other demo job. */
export async function queueDemoHistory(db: Executor, now: Date): Promise<void> {
  await queueJob(db, {
    kind: 'demo.history',
    module: 'risk',
    companyId: null,
    label: 'demo: a quarter of triage and daily ratings',
    isDemo: true,
    priority: -5,
    now,
  });
}

/** Other work still to do, but for the platform's scheduled runs (which never end for good). */
async function othersPending(ctx: AppContext, job: ClaimedJob, now: Date): Promise<number> {
  const row = await ctx.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', '<>', job.id)
    .where('schedule_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'running'),
        eb.and([eb('status', '=', 'queued'), eb.or([eb('run_at', 'is', null), eb('run_at', '<=', now)])]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function run(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  if ((await othersPending(ctx, job, now)) > 0 && now.getTime() - (job.started_at ?? now).getTime() < PATIENCE_MS) {
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
    await finishJob(ctx.db, job.id, { status: 'queued', at: null });
    return 'released';
  }
  const companies = await ctx.db
    .selectFrom('companies')
    .select('id')
    .where(sql<boolean>`exists (select 1 from findings f where f.company_id = companies.id and f.is_demo)`)
    .orderBy('id')
    .execute();
  // A few minutes before now: what the people did ends before the start that shows it.
  const latest = new Date(now.getTime() - 10 * 60_000);
  const began = Date.now();
  let changes = 0;
  let snapshots = 0;
  for (const { id } of companies) {
    const suppliers = await ctx.db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where('company_id', '=', id)
      .orderBy('id')
      .execute();
    await ctx.db.transaction().execute(async (trx) => {
      changes += await triageCompany(trx, id, latest);
      snapshots += await rateQuarter(trx, { id, suppliers }, now, ctx.modules.modules);
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await appendLog(
      trx,
      job.id,
      'info',
      `Demo history of ${companies.length} companies: ${changes} triage changes, ${snapshots} daily ratings, in ${((Date.now() - began) / 1000).toFixed(1)} s.`,
      now,
    );
  });
  return endJob(ctx.db, job.id, now);
}

export const demoHistoryJobKinds = {
  'demo.history': { group: 'demo.history', concurrency: 1, priority: -5, retried: false, run },
} satisfies Record<string, JobKind>;
