// The end of a probe run, in one transaction: what was not seen again is gone (the assets the
// probes had met from a target probed this run) or resolved (the findings of a target whose probe
// ran this run without finding them again), the run's counts and status, the run's one timeline
// event, and the alert evaluation of what it found (as an import's end does).
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { queueEvaluation } from '../../../platform/alerts/alerts.queue.js';
import { insertEvents } from '../../../platform/events/events.repository.js';
import { describeTally, importTally, summaryOf, worstOf } from '../../../platform/findings/findings.ingest.js';
import { appendLog } from '../../../platform/imports/imports.repository.js';
import { endJob } from '../../../platform/jobs/jobs.repository.js';
import { queueRatingRefresh } from '../../../platform/risk/risk.queue.js';
import { insertChanges, ofInventory, type RunContext } from './probe-writer.js';

const RESOLVABLE = ['new', 'in_review', 'confirmed', 'risk_accepted'];

/** Assets met by the probes from a target probed this run, and not met again: gone. */
async function markGone(db: Executor, run: RunContext, startedAt: Date): Promise<number> {
  const gone = await sql<{ id: number }>`
    update assets a set gone_at = ${run.now}, updated_at = ${run.now}
    where ${ofInventory('a', run)} and a.gone_at is null and a.last_seen_at < ${startedAt}
      and a.type in ('ip', 'certificate', 'service')
      and a.id in (select r.to_asset_id from asset_relations r join assets t on t.id = r.from_asset_id
        where r.company_id = ${run.companyId} and r.source = 'probe' and t.last_probed_at >= ${startedAt})
    returning a.id`.execute(db);
  await insertChanges(
    db,
    run,
    gone.rows.map((r) => ({ asset_id: r.id, change: 'gone' as const })),
  );
  return gone.rows.length;
}

/** Open findings of the inventory whose probe ran on their asset this run and did not find them. */
async function resolveUnseen(db: Executor, run: RunContext, startedAt: Date): Promise<number> {
  const resolved = await sql<{ id: number; prev_status: string }>`
    update findings f set status = 'resolved', prev_status = f.status, resolved_at = ${run.now}, updated_at = ${run.now}
    from asset_findings af
    join probe_observations po on po.asset_id = af.asset_id and po.probe = af.probe and po.run_id = ${run.runId}
    where af.finding_id = f.id and ${ofInventory('af', run)} and f.company_id = ${run.companyId}
      and f.module = 'assets' and f.status in (${sql.join(RESOLVABLE)}) and f.last_seen_at < ${startedAt}
    returning f.id, f.prev_status`.execute(db);
  if (resolved.rows.length > 0) {
    await db
      .insertInto('finding_changes')
      .values(
        resolved.rows.map((r) => ({
          company_id: run.companyId,
          finding_id: r.id,
          field: 'status',
          from_value: r.prev_status,
          to_value: 'resolved',
          job_id: run.jobId,
          at: run.now,
        })),
      )
      .execute();
  }
  return resolved.rows.length;
}

export type RunEnd = { status: 'done' } | { status: 'cancelled' } | { status: 'failed'; error: string };

/** Ends the run and its job; a run that did not finish resolves nothing and marks nothing gone. */
export async function finishRun(db: Executor, run: RunContext, startedAt: Date, end: RunEnd): Promise<void> {
  const complete = end.status === 'done';
  const gone = complete ? await markGone(db, run, startedAt) : 0;
  const resolved = complete ? await resolveUnseen(db, run, startedAt) : 0;
  const row = await db
    .updateTable('probe_runs')
    .set((eb) => ({
      status: end.status,
      gone_assets: eb('gone_assets', '+', gone),
      findings_resolved: resolved,
      error: end.status === 'failed' ? end.error : null,
      finished_at: run.now,
    }))
    .where('id', '=', run.runId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const tally = await importTally(db, run.jobId);
  const worst = worstOf(tally);
  // Whose inventory ran, by name: the runs of several suppliers must not read as one run repeated.
  const supplier =
    run.supplierId === null
      ? undefined
      : await db.selectFrom('suppliers').select('name').where('id', '=', run.supplierId).executeTakeFirst();
  const inventory = run.supplierId === null ? 'company assets' : `supplier ${supplier?.name ?? run.supplierId}`;
  const verb = { done: 'done', cancelled: 'cancelled', failed: 'failed' }[end.status];
  const title =
    `Probe run of ${inventory} ${verb}: ${row.targets} hosts, ${describeTally(tally)}, ${resolved} resolved, ` +
    `${row.new_assets} new and ${row.gone_assets} gone assets`;
  await insertEvents(db, [
    {
      companyId: run.companyId,
      module: 'assets',
      kind: 'probes.finished',
      severity: worst,
      title,
      jobId: run.jobId,
      details: {
        run_id: run.runId,
        supplier_id: run.supplierId,
        supplier_name: supplier?.name ?? null,
        status: end.status,
        targets: row.targets,
        checks: row.checks,
        new_assets: row.new_assets,
        gone_assets: row.gone_assets,
        resolved,
        ...summaryOf(tally),
      },
      at: run.now,
    },
  ]);
  if (worst !== null) await queueEvaluation(db, run.companyId, run.jobId, run.now);
  await queueRatingRefresh(db, run.companyId, run.now);
  await appendLog(db, run.jobId, end.status === 'failed' ? 'error' : 'info', title, run.now);
  if (end.status === 'done') await endJob(db, run.jobId, run.now);
  else if (end.status === 'failed') await endJob(db, run.jobId, run.now, { status: 'failed', error: end.error });
  else {
    await db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: run.now, lease_expires_at: null })
      .where('id', '=', run.jobId)
      .execute();
  }
}
