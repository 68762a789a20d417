// Test helpers of the probes: a company's assets written straight into the inventory (as an
// import would have), a probe run queued with the local targets' options and run to its end, and
// the company's findings of module `assets` by fingerprint.
import type { VigilApp } from '../app.js';
import type { AssetType } from '../modules/assets/assets.table.js';
import type { ProbeJobOptions } from '../modules/assets/probes/probe-settings.js';
import { queueProbeRun } from '../modules/assets/probes/probes.repository.js';

export async function seedAssets(
  app: VigilApp,
  companyId: number,
  assets: [AssetType, string][],
  supplierId: number | null = null,
): Promise<void> {
  const now = app.ctx.clock.now();
  await app.ctx.db
    .insertInto('assets')
    .values(
      assets.map(([type, value]) => ({
        company_id: companyId,
        supplier_id: supplierId,
        type,
        value,
        sources: ['hosts'],
        first_seen_at: now,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Queues a run of the inventory with these options and drains the worker; the run's row. */
export async function runProbes(
  app: VigilApp,
  companyId: number,
  options: Partial<ProbeJobOptions>,
  supplierId: number | null = null,
) {
  const jobId = await queueProbeRun(app.ctx.db, {
    companyId,
    options: { timeout_ms: 2000, rate: 500, ...options, supplier_id: supplierId },
    createdBy: null,
    isDemo: false,
    now: app.ctx.clock.now(),
  });
  await waitForJob(app, jobId);
  return app.ctx.db.selectFrom('probe_runs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
}

/** Drains the worker until the job has ended (the app's own worker may be running it). */
export async function waitForJob(app: VigilApp, jobId: number): Promise<string> {
  for (let i = 0; i < 1200; i += 1) {
    await app.jobs.drain();
    const job = await app.ctx.db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow();
    if (!['queued', 'running'].includes(job.status)) return job.status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not end`);
}

export async function assetFindings(app: VigilApp, companyId: number) {
  const rows = await app.ctx.db
    .selectFrom('findings as f')
    .innerJoin('asset_findings as af', 'af.finding_id', 'f.id')
    .select([
      'f.id',
      'f.fingerprint',
      'f.status',
      'f.severity',
      'f.reopen_count',
      'f.supplier_id',
      'af.asset_id',
      'af.probe',
    ])
    .where('f.company_id', '=', companyId)
    .where('f.module', '=', 'assets')
    .execute();
  return new Map(rows.map((r) => [r.fingerprint, r]));
}

/**
 * Test setup: these scope entries of the inventory, already verified (as POST
 * /asset-scopes/{id}/verify would leave them), so a run may contact them (ADR 0041).
 */
export async function verifiedScope(
  app: VigilApp,
  companyId: number,
  entries: { kind: 'domain' | 'netblock'; value: string }[],
  supplierId: number | null = null,
): Promise<void> {
  const now = app.ctx.clock.now();
  await app.ctx.db
    .insertInto('asset_scopes')
    .values(
      entries.map((e) => ({
        company_id: companyId,
        supplier_id: supplierId,
        kind: e.kind,
        value: e.value,
        created_by: null,
        created_at: now,
        status: 'verified' as const,
        method: 'dns_txt' as const,
        verified_at: now,
        checked_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'supplier_id', 'kind', 'value']).doUpdateSet({ status: 'verified', checked_at: now }),
    )
    .execute();
}
