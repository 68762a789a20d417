// Proof of control of the scope (ADR 0041): an administrator's check of one entry (POST
// /asset-scopes/{id}/verify), the worker's re-checks (job `assets.scope-verify`: every verified
// entry whose proof is a day old; lost proof sets the entry `lost`, which pauses its probing, with an
// audit entry), the demo's first verification (through the demo DNS server, then its probe runs),
// and a platform operator's approval of a netblock with a reason (the operator CLI).
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { appendLog } from '../../platform/imports/imports.repository.js';
import type { RunOutcome } from '../../platform/jobs/job-kind.types.js';
import { endJob } from '../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../platform/jobs/jobs.table.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope, tenantFilter } from '../../shared/tenant.js';
import { settingsOf } from './probes/probe-settings.js';
import { queueDemoProbeRuns } from './probes/probes.demo.js';
import { type ProofResult, proveDomain, proveNetblock } from './scope-proof.js';
import { tokenOf } from './scope-token.js';
import { toScope } from './scopes.service.js';

/** A verified entry's proof is checked again once it is this old. */
export const RECHECK_MS = 24 * 3_600_000;

interface Entry {
  id: number;
  company_id: number;
  supplier_id: number | null;
  kind: 'domain' | 'netblock';
  value: string;
  status: 'unverified' | 'verified' | 'lost';
  method: string | null;
}

const entryColumns = ['id', 'company_id', 'supplier_id', 'kind', 'value', 'status', 'method'] as const;

/** Runs the entry's check with the probes' settings (resolver, connect_to, private addresses). */
async function proofOf(ctx: AppContext, entry: Entry): Promise<ProofResult> {
  const settings = settingsOf(ctx.config.probes, { supplier_id: entry.supplier_id });
  if (entry.kind === 'domain') {
    return proveDomain(settings, entry.value, await tokenOf(ctx.db, entry.company_id, ctx.clock.now()));
  }
  const domains = await ctx.db
    .selectFrom('asset_scopes')
    .select('value')
    .where('company_id', '=', entry.company_id)
    .where('supplier_id', entry.supplier_id === null ? 'is' : '=', entry.supplier_id)
    .where('kind', '=', 'domain')
    .where('status', '=', 'verified')
    .execute();
  return proveNetblock(
    settings,
    entry.value,
    domains.map((d) => d.value),
  );
}

/** Checks one entry and writes the outcome: verified, or (a verified one failing) lost. */
async function checkEntry(ctx: AppContext, entry: Entry, by: { userId: number | null }): Promise<ProofResult> {
  // An operator's approval stands until the entry is removed: there is nothing to check again.
  if (entry.status === 'verified' && entry.method === 'operator') {
    return { ok: true, found: 'Approved by a platform operator.' };
  }
  const proof = await proofOf(ctx, entry);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const status = proof.ok ? 'verified' : entry.status === 'verified' ? 'lost' : entry.status;
    await trx
      .updateTable('asset_scopes')
      .set({
        status,
        checked_at: now,
        check_note: proof.found.slice(0, 2000),
        ...(proof.ok
          ? { method: proof.method ?? null, ...(entry.status === 'verified' ? {} : { verified_at: now }) }
          : {}),
      })
      .where('id', '=', entry.id)
      .execute();
    if (status !== entry.status) {
      await recordAudit(trx, {
        event: status === 'verified' ? 'scope.verified' : 'scope.verification_lost',
        at: now,
        userId: by.userId,
        companyId: entry.company_id,
        details: { scope_id: entry.id, value: entry.value, supplier_id: entry.supplier_id, found: proof.found },
      });
    }
  });
  return proof;
}

export async function verifyAssetScope({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { id: number };
}) {
  const scope = requireScope(auth.scope);
  const entry = await ctx.db
    .selectFrom('asset_scopes')
    .select(entryColumns)
    .where(tenantFilter('asset_scopes', scope))
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!entry) throw new ServiceError('not_found', 'Scope entry not found.');
  const proof = await checkEntry(ctx, entry, { userId: auth.user.id });
  const row = await ctx.db.selectFrom('asset_scopes').selectAll().where('id', '=', entry.id).executeTakeFirstOrThrow();
  const message = proof.ok
    ? `${entry.value} is verified: ${proof.found} Probes may contact it from the next run.`
    : `${entry.value} is not verified: ${proof.found}`;
  return { data: toScope(row), verified: proof.ok, message };
}

/**
 * The job: with no company (the platform's schedule), every verified entry whose proof is due is
 * checked again; with a company (the demo), each of its entries not verified yet is checked, then
 * the demo's probe runs are queued.
 */
export async function runScopeVerifyJob(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  let query = ctx.db.selectFrom('asset_scopes').select(entryColumns).orderBy('kind').orderBy('id').limit(500);
  query =
    job.company_id === null
      ? query
          .where('status', '=', 'verified')
          .where((eb) => eb.or([eb('method', 'is', null), eb('method', '!=', 'operator')]))
          .where((eb) =>
            eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', new Date(now.getTime() - RECHECK_MS))]),
          )
      : query.where('company_id', '=', job.company_id).where('status', '!=', 'verified');
  const entries = await query.execute();
  let kept = 0;
  for (const entry of entries) if ((await checkEntry(ctx, entry, { userId: null })).ok) kept += 1;
  const said =
    job.company_id === null
      ? `${kept} of ${entries.length} proofs still hold.`
      : `${kept} of ${entries.length} entries verified.`;
  await appendLog(ctx.db, job.id, kept === entries.length ? 'info' : 'warn', said, ctx.clock.now());
  if (job.company_id !== null && job.is_demo) await queueDemoProbeRuns(ctx.db, job.company_id, ctx.clock.now());
  await endJob(ctx.db, job.id, ctx.clock.now());
  return 'succeeded';
}

/** A platform operator's approval of a netblock (the operator CLI), with its reason, audited. */
export async function approveScope(db: Executor, id: number, reason: string, now: Date): Promise<string> {
  if (reason.trim().length < 10) throw new Error('Say why the netblock is approved (at least 10 characters).');
  const entry = await db.selectFrom('asset_scopes').select(entryColumns).where('id', '=', id).executeTakeFirst();
  if (!entry) throw new Error(`No scope entry ${id}.`);
  if (entry.kind !== 'netblock')
    throw new Error(`Scope entry ${id} is a domain: its owner proves it by DNS or a file.`);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('asset_scopes')
      .set({
        status: 'verified',
        method: 'operator',
        verified_at: now,
        checked_at: now,
        approval_reason: reason.trim(),
        check_note: `Approved by a platform operator: ${reason.trim()}`,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      event: 'scope.approved',
      at: now,
      companyId: entry.company_id,
      details: { scope_id: id, value: entry.value, supplier_id: entry.supplier_id, reason: reason.trim() },
    });
  });
  return `${entry.value} (scope entry ${id}, company ${entry.company_id}): approved for probing.`;
}
