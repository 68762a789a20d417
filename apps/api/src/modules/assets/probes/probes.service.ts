// The probe runs' verbs: start one (administrators and analysts; one queued or running per
// inventory), list an inventory's runs with the pending one, and one run with its diff.
import type { AppContext } from '../../../app-context.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { ServiceError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope } from '../../../shared/tenant.js';
import { isProbeName } from './probe.types.js';
import {
  findRunRow,
  listRunRows,
  pendingRun,
  queueProbeRun,
  type RunRow,
  runChangeRows,
  runFindingRows,
  supplierOf,
} from './probes.repository.js';

const DIFF_LIMIT = 500;

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

/** The inventory asked for: the company's own (null), or one of its suppliers (404 for another's). */
async function inventoryOf(ctx: AppContext, scope: TenantScope, supplierId: number | null | undefined) {
  if (supplierId === null || supplierId === undefined) return null;
  if (!(await supplierOf(ctx.db, scope, supplierId))) throw new ServiceError('not_found', 'Supplier not found.');
  return supplierId;
}

const toRun = (r: RunRow) => ({
  ...r,
  started_at: r.started_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
});

export async function startProbeRun({ ctx, auth, input }: Verb<{ supplier_id?: number | null | undefined }>) {
  const scope = requireScope(auth.scope);
  const supplierId = await inventoryOf(ctx, scope, input.supplier_id);
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    if (await pendingRun(trx, scope, supplierId)) {
      throw new ServiceError('conflict', 'A probe run of these assets is already queued or running.');
    }
    return queueProbeRun(trx, {
      companyId: scope.companyId,
      options: { supplier_id: supplierId },
      createdBy: auth.user.id,
      isDemo: false,
      now: ctx.clock.now(),
    });
  });
  return { data: { job_id: jobId, supplier_id: supplierId } };
}

export async function listProbeRuns({
  ctx,
  auth,
  input,
}: Verb<{ supplier_id?: number | undefined; page?: number | undefined; page_size?: number | undefined }>) {
  const scope = requireScope(auth.scope);
  const supplierId = await inventoryOf(ctx, scope, input.supplier_id);
  const [{ rows, meta }, pending] = await Promise.all([
    listRunRows(ctx.db, scope, supplierId, input),
    pendingRun(ctx.db, scope, supplierId),
  ]);
  return { data: rows.map(toRun), meta, pending: pending ?? null };
}

export async function getProbeRun({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const run = await findRunRow(ctx.db, scope, input.id);
  if (!run) throw new ServiceError('not_found', 'Probe run not found.');
  const [changes, findings] = await Promise.all([
    run.job_id === null ? [] : runChangeRows(ctx.db, scope, run.job_id, DIFF_LIMIT),
    run.job_id === null ? [] : runFindingRows(ctx.db, scope, run, DIFF_LIMIT),
  ]);
  return {
    data: {
      run: toRun(run),
      changes: changes.map((c) => ({
        asset_id: c.asset_id,
        asset_type: c.type,
        asset_value: c.value,
        probe: c.change === 'changed' && c.field !== null && isProbeName(c.field) ? c.field : null,
        change:
          c.change === 'gone' || (c.change === 'changed' && c.to_value === null)
            ? ('gone' as const)
            : c.change === 'changed' && c.from_value !== null
              ? ('changed' as const)
              : ('new' as const),
        from: c.from_value,
        to: c.to_value,
        at: c.at.toISOString(),
      })),
      findings,
    },
  };
}
