// Probe runs as the API reads them, always within the session's company (tenantFilter), and the
// queueing of a run (by the API, the schedule or the demo), one queued or running per inventory.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { capped, type PageInput, pageOf } from '../../../platform/findings/findings.query.js';
import type { FindingStatus, Severity } from '../../../platform/findings/findings.table.js';
import { queueJob } from '../../../platform/jobs/job-queue.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import { ofSupplier } from '../inventory.sql.js';
import type { ProbeJobOptions } from './probe-settings.js';

export const PROBE_JOB = 'assets.probe';

/** The job's name, which also tells which inventory it probes (the pending run's key). */
export const inventoryLabel = (supplierId: number | null) =>
  supplierId === null ? 'Probe run: company assets' : `Probe run: supplier ${supplierId}`;

const bySupplier = (alias: string, supplierId: number | null) => ofSupplier(`${alias}.supplier_id`, supplierId);

export async function pendingRun(db: Executor, scope: TenantScope, supplierId: number | null) {
  return db
    .selectFrom('jobs as j')
    .select(['j.id as job_id', 'j.status'])
    .where(tenantFilter('j', scope))
    .where('j.kind', '=', PROBE_JOB)
    .where('j.file_name', '=', inventoryLabel(supplierId))
    .where('j.status', 'in', ['queued', 'running'])
    .$narrowType<{ status: 'queued' | 'running' }>()
    .orderBy('j.id', 'desc')
    .executeTakeFirst();
}

export interface QueueRun {
  companyId: number;
  options: Partial<ProbeJobOptions> & { supplier_id: number | null };
  createdBy: number | null;
  isDemo: boolean;
  now: Date;
  /** Below the imports' 0 for the demo's run, which waits for them. */
  priority?: number;
}

export async function queueProbeRun(db: Executor, input: QueueRun): Promise<number> {
  return queueJob(db, {
    kind: PROBE_JOB,
    module: 'assets',
    companyId: input.companyId,
    label: inventoryLabel(input.options.supplier_id),
    options: input.options,
    priority: input.priority ?? 0,
    isDemo: input.isDemo,
    createdBy: input.createdBy,
    now: input.now,
  });
}

export const SCOPE_VERIFY_JOB = 'assets.scope-verify';

/** Queues the check of a company's scope entries not verified yet (the demo's, before its runs). */
export function queueScopeVerify(
  db: Executor,
  input: { companyId: number; isDemo: boolean; now: Date; priority: number },
) {
  return queueJob(db, {
    kind: SCOPE_VERIFY_JOB,
    module: 'assets',
    companyId: input.companyId,
    label: 'Scope verification',
    options: {},
    priority: input.priority,
    isDemo: input.isDemo,
    createdBy: null,
    now: input.now,
  });
}

export function supplierOf(db: Executor, scope: TenantScope, supplierId: number) {
  return db
    .selectFrom('suppliers as s')
    .select('s.id')
    .where(tenantFilter('s', scope))
    .where('s.id', '=', supplierId)
    .executeTakeFirst();
}

const runColumns = [
  'r.id',
  'r.job_id',
  'r.supplier_id',
  'r.status',
  'r.targets',
  'r.checks',
  'r.new_assets',
  'r.gone_assets',
  'r.findings_opened',
  'r.findings_resolved',
  'r.is_demo',
  'r.error',
  'r.started_at',
  'r.finished_at',
] as const;

export function listRunRows(db: Executor, scope: TenantScope, supplierId: number | null, input: PageInput) {
  const base = db.selectFrom('probe_runs as r').where(tenantFilter('r', scope)).where(bySupplier('r', supplierId));
  return pageOf(db, base.select(runColumns).orderBy('r.id', 'desc'), capped(base), input);
}

export function findRunRow(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('probe_runs as r')
    .select(runColumns)
    .where(tenantFilter('r', scope))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export type RunRow = NonNullable<Awaited<ReturnType<typeof findRunRow>>>;

/** What the run changed: its rows of the assets' history, newest first. */
export function runChangeRows(db: Executor, scope: TenantScope, jobId: number, limit: number) {
  return db
    .selectFrom('asset_changes as c')
    .innerJoin('assets as a', 'a.id', 'c.asset_id')
    .select(['c.asset_id', 'a.type', 'a.value', 'c.change', 'c.field', 'c.from_value', 'c.to_value', 'c.at'])
    .where(tenantFilter('c', scope))
    .where('c.job_id', '=', jobId)
    .where('c.source', '=', 'probe')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The findings the run opened (created while it ran, on its inventory), reopened or resolved (its
 * job's status changes), with their asset. Later runs seeing them again change none of this.
 */
export async function runFindingRows(db: Executor, scope: TenantScope, run: RunRow, limit: number) {
  const jobId = run.job_id ?? 0;
  const until = run.finished_at ?? new Date('9999-12-31T00:00:00Z');
  return sql<{
    id: number;
    title: string;
    severity: Severity;
    status: FindingStatus;
    asset_id: number;
    change: 'opened' | 'reopened' | 'resolved';
  }>`
    select f.id, f.title, f.severity, f.status, af.asset_id, w.change
    from (
      select fc.finding_id, case when fc.to_value = 'resolved' then 'resolved' else 'reopened' end as change
      from finding_changes fc
      where ${tenantFilter('fc', scope)} and fc.job_id = ${jobId} and fc.field = 'status'
      union all
      select o.id, 'opened' from findings o join asset_findings oa on oa.finding_id = o.id
      where ${tenantFilter('o', scope)} and o.module = 'assets' and ${bySupplier('oa', run.supplier_id)}
        and o.created_at >= ${run.started_at} and o.created_at <= ${until}
    ) w
    join findings f on f.id = w.finding_id
    join asset_findings af on af.finding_id = f.id
    where ${tenantFilter('f', scope)}
    order by f.id desc
    limit ${limit}`
    .execute(db)
    .then((r) => r.rows);
}
