// The `assets.probe` job: one run over one inventory (the company's own assets, or one supplier's).
// Targets are read in batches by id, so names the run meets (a mail exchanger in scope) join the
// same run; each batch commits with the job's checkpoint (the last target's id): a run stopped by a
// shutdown resumes after it, a cancel stops it at the next batch. Its end is probe-finish.ts.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import { LEASE_MS, MAX_ATTEMPTS } from '../../../platform/imports/import-runner.js';
import { finishJob } from '../../../platform/imports/imports.repository.js';
import type { RunOutcome } from '../../../platform/jobs/job-kind.types.js';
import { cancelRequested, endJob, extendLease } from '../../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../../platform/jobs/jobs.table.js';
import type { AssetType } from '../assets.table.js';
import type { ProbeTarget } from './probe.types.js';
import { finishRun } from './probe-finish.js';
import { ProbeNet } from './probe-net.js';
import { loadScope } from './probe-scope.js';
import { probeJobOptions, settingsOf } from './probe-settings.js';
import { probeTarget, type TargetOutcome } from './probe-target.js';
import { ofInventory, type RunContext, writeBatch } from './probe-writer.js';

/** Targets probed at once, one batch per commit: as many as the run's connections at once, 8 to 64. */
const batchSizeOf = (concurrency: number) => Math.min(64, Math.max(8, concurrency));
const TARGET_TYPES: AssetType[] = ['domain', 'subdomain', 'email_domain', 'ip'];

/** The run of this job: the one a resumed job started, or a new one. */
async function runOf(ctx: AppContext, job: ClaimedJob, companyId: number, supplierId: number | null) {
  const existing = await ctx.db.selectFrom('probe_runs').selectAll().where('job_id', '=', job.id).executeTakeFirst();
  if (existing) return existing;
  return ctx.db
    .insertInto('probe_runs')
    .values({
      company_id: companyId,
      supplier_id: supplierId,
      job_id: job.id,
      status: 'running',
      is_demo: job.is_demo,
      started_at: ctx.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stopped by a shutdown: back in the queue, to resume after its checkpoint. */
async function release(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  await finishJob(ctx.db, job.id, { status: 'queued', at: null });
  return 'released';
}

export async function runProbeJob(ctx: AppContext, job: ClaimedJob, signal: AbortSignal): Promise<RunOutcome> {
  const parsed = probeJobOptions.safeParse(JSON.parse(job.options ?? '{}'));
  if (job.company_id === null || !parsed.success) {
    return endJob(ctx.db, job.id, ctx.clock.now(), { status: 'failed', error: 'Not a probe run of a company.' });
  }
  const options = parsed.data;
  const companyId = job.company_id;
  const settings = settingsOf(ctx.config.probes, options);
  const runRow = await runOf(ctx, job, companyId, options.supplier_id);
  const run: RunContext = {
    runId: runRow.id,
    jobId: job.id,
    companyId,
    supplierId: options.supplier_id,
    isDemo: job.is_demo,
    now: ctx.clock.now(),
  };
  const finish = (end: Parameters<typeof finishRun>[3]) =>
    ctx.db.transaction().execute((trx) => finishRun(trx, { ...run, now: ctx.clock.now() }, runRow.started_at, end));
  // As an import: an attempt that died before committing a batch is not tried again (a target that
  // crashes the server must not do it again), nor is a run that has had its attempts.
  if (job.crashed || job.attempts > MAX_ATTEMPTS) {
    const error = job.crashed
      ? 'The server stopped during the run before it committed a batch (a crash or a restart); it is not run again.'
      : `Gave up after ${MAX_ATTEMPTS} attempts.`;
    await finish({ status: 'failed', error });
    return 'failed';
  }
  const net = new ProbeNet(await loadScope(ctx.db, run, settings), settings);
  const lease = setInterval(() => {
    void extendLease(ctx.db, job.id, new Date(ctx.clock.now().getTime() + LEASE_MS)).catch(() => undefined);
  }, LEASE_MS / 3);
  try {
    const total = await countTargets(ctx, run);
    let after = job.checkpoint;
    for (;;) {
      if (await cancelRequested(ctx.db, job.id)) {
        await finish({ status: 'cancelled' });
        return 'cancelled';
      }
      if (signal.aborted) return release(ctx, job);
      const batch = await nextTargets(ctx, run, after, batchSizeOf(settings.concurrency));
      const last = batch.at(-1);
      if (!last) break;
      const now = ctx.clock.now();
      const outcomes = await Promise.all(batch.map((t) => probeTarget(net, t, now).catch(failedOutcome(t))));
      await ctx.db.transaction().execute(async (trx) => {
        const counts = await writeBatch(trx, { ...run, now }, outcomes);
        await trx
          .updateTable('probe_runs')
          .set((eb) => ({
            targets: eb('targets', '+', counts.targets),
            checks: eb('checks', '+', counts.checks),
            new_assets: eb('new_assets', '+', counts.newAssets),
            gone_assets: eb('gone_assets', '+', counts.goneAssets),
            findings_opened: eb('findings_opened', '+', counts.findingsOpened),
          }))
          .where('id', '=', run.runId)
          .execute();
        await trx
          .updateTable('jobs')
          .set((eb) => ({
            checkpoint: last.id,
            read_count: eb('read_count', '+', batch.length),
            added_count: eb('added_count', '+', counts.newAssets),
            progress: Math.min(0.99, total > 0 ? (job.read_count + batch.length) / total : 0),
            lease_expires_at: new Date(now.getTime() + LEASE_MS),
          }))
          .where('id', '=', job.id)
          .execute();
      });
      job.read_count += batch.length;
      after = last.id;
    }
    await finish({ status: 'done' });
    return 'succeeded';
  } catch (error) {
    await finish({ status: 'failed', error: `Stopped by an unexpected error: ${(error as Error).message}` });
    return 'failed';
  } finally {
    clearInterval(lease);
  }
}

function failedOutcome(target: ProbeTarget) {
  return (error: unknown): TargetOutcome => ({
    target,
    skipped: `failed: ${(error as Error).message}`,
    alive: false,
    observations: {},
    findings: [],
    discovered: [],
  });
}

function nextTargets(ctx: AppContext, run: RunContext, after: number, size: number): Promise<ProbeTarget[]> {
  return ctx.db
    .selectFrom('assets as a')
    .select(['a.id', 'a.type', 'a.value'])
    .where(ofInventory('a', run))
    .where('a.type', 'in', TARGET_TYPES)
    .where('a.id', '>', after)
    .orderBy('a.id')
    .limit(size)
    .execute();
}

async function countTargets(ctx: AppContext, run: RunContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('assets as a')
    .select(sql<string>`count(*)`.as('n'))
    .where(ofInventory('a', run))
    .where('a.type', 'in', TARGET_TYPES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
