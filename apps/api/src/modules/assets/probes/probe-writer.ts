// Writes one batch of probed targets in the batch's transaction: each probe's result as the
// target's latest observation (a change in the asset's history when it differs from the one
// before), the target seen or gone, the assets met (new, or back) with their relations, and the
// problems as findings of module `assets` linked to the target (asset_findings).
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { upsertFindings } from '../../../platform/findings/findings.ingest.js';
import type { AssetType } from '../assets.table.js';
import { ofSupplier } from '../inventory.sql.js';
import type { ProbeName } from './probe.types.js';
import { digestOf, summaryOf } from './probe-summary.js';
import { probeOfKind, type TargetOutcome } from './probe-target.js';

export interface RunContext {
  runId: number;
  jobId: number;
  companyId: number;
  supplierId: number | null;
  isDemo: boolean;
  now: Date;
}

export interface BatchCounts {
  targets: number;
  checks: number;
  newAssets: number;
  goneAssets: number;
  findingsOpened: number;
}

type Change = {
  asset_id: number;
  change: 'discovered' | 'seen_again' | 'changed' | 'gone';
  field?: string;
  from?: string | null;
  to?: string | null;
};

/** The inventory's rows of a table aliased `a` (the company's own, or one supplier's). */
export const ofInventory = (alias: string, run: Pick<RunContext, 'companyId' | 'supplierId'>) =>
  sql<boolean>`${sql.ref(`${alias}.company_id`)} = ${run.companyId} and ${ofSupplier(`${alias}.supplier_id`, run.supplierId)}`;

/** A finding's fingerprint: a supplier's carry its id, so the company's own never collide with them. */
export const fingerprintOf = (run: Pick<RunContext, 'supplierId'>, kind: string, key: string) =>
  `${kind}:${run.supplierId === null ? '' : `s${run.supplierId}:`}${key}`;

async function writeObservations(db: Executor, run: RunContext, outcomes: TargetOutcome[], changes: Change[]) {
  const rows = outcomes.flatMap((o) =>
    Object.entries(o.observations).map(([probe, result]) => ({
      asset: o.target.id,
      probe: probe as ProbeName,
      result,
    })),
  );
  if (rows.length === 0) return 0;
  const before = await db
    .selectFrom('probe_observations')
    .select(['asset_id', 'probe', 'digest', 'result'])
    .where('asset_id', 'in', [...new Set(rows.map((r) => r.asset))])
    .execute();
  const previous = new Map(before.map((b) => [`${b.asset_id}:${b.probe}`, b]));
  for (const row of rows) {
    const digest = digestOf(row.result);
    const prior = previous.get(`${row.asset}:${row.probe}`);
    if (!prior || prior.digest !== digest) {
      const from = prior ? summaryOf(row.probe, JSON.parse(prior.result) as Record<string, unknown>) : null;
      changes.push({
        asset_id: row.asset,
        change: 'changed',
        field: row.probe,
        from,
        to: summaryOf(row.probe, row.result),
      });
    }
    await db
      .insertInto('probe_observations')
      .values({
        company_id: run.companyId,
        asset_id: row.asset,
        probe: row.probe,
        run_id: run.runId,
        digest,
        result: JSON.stringify(row.result),
        observed_at: run.now,
      })
      .onConflict((oc) =>
        oc.columns(['asset_id', 'probe']).doUpdateSet((eb) => ({
          run_id: eb.ref('excluded.run_id'),
          digest: eb.ref('excluded.digest'),
          result: eb.ref('excluded.result'),
          observed_at: eb.ref('excluded.observed_at'),
        })),
      )
      .execute();
  }
  return rows.length;
}

/** The targets seen (or back) and the names that no longer resolve (gone). */
async function writeTargets(db: Executor, run: RunContext, outcomes: TargetOutcome[], changes: Change[]) {
  const ids = outcomes.map((o) => o.target.id);
  const rows = await db.selectFrom('assets').select(['id', 'gone_at']).where('id', 'in', ids).execute();
  const goneBefore = new Map(rows.map((r) => [r.id, r.gone_at !== null]));
  let gone = 0;
  for (const { target, alive } of outcomes) {
    const wasGone = goneBefore.get(target.id) ?? false;
    if (alive && wasGone) changes.push({ asset_id: target.id, change: 'seen_again' });
    if (!alive && !wasGone) {
      changes.push({ asset_id: target.id, change: 'gone' });
      gone += 1;
    }
    await db
      .updateTable('assets')
      .set(
        alive
          ? { last_probed_at: run.now, last_seen_at: run.now, gone_at: null, updated_at: run.now }
          : { last_probed_at: run.now, gone_at: wasGone ? undefined : run.now, updated_at: run.now },
      )
      .where('id', '=', target.id)
      .execute();
  }
  return gone;
}

/** The assets met, created or seen again, and their relation from the target. */
async function writeDiscovered(db: Executor, run: RunContext, outcomes: TargetOutcome[], changes: Change[]) {
  let created = 0;
  for (const { target, discovered } of outcomes) {
    for (const d of discovered) {
      const existing = await db
        .selectFrom('assets as a')
        .select(['a.id', 'a.gone_at', 'a.sources'])
        .where(ofInventory('a', run))
        .where('a.type', '=', d.type as AssetType)
        .where('a.value', '=', d.value)
        .executeTakeFirst();
      let id = existing?.id;
      if (!existing) {
        const row = await db
          .insertInto('assets')
          .values({
            company_id: run.companyId,
            supplier_id: run.supplierId,
            type: d.type,
            value: d.value,
            sources: ['probe'],
            details: JSON.stringify(d.details ?? {}),
            first_seen_at: run.now,
            last_seen_at: run.now,
            is_demo: run.isDemo,
            created_at: run.now,
            updated_at: run.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
        created += 1;
        changes.push({ asset_id: id, change: 'discovered' });
      } else {
        if (existing.gone_at) changes.push({ asset_id: existing.id, change: 'seen_again' });
        await db
          .updateTable('assets')
          .set({
            last_seen_at: run.now,
            gone_at: null,
            updated_at: run.now,
            ...(existing.sources.includes('probe') ? {} : { sources: [...existing.sources, 'probe'] }),
            ...(d.details ? { details: JSON.stringify(d.details) } : {}),
          })
          .where('id', '=', existing.id)
          .execute();
      }
      if (id === undefined || id === target.id) continue;
      await db
        .insertInto('asset_relations')
        .values({
          company_id: run.companyId,
          from_asset_id: target.id,
          kind: d.relation,
          to_asset_id: id,
          source: 'probe',
          first_seen_at: run.now,
          last_seen_at: run.now,
        })
        .onConflict((oc) => oc.columns(['from_asset_id', 'kind', 'to_asset_id']).doUpdateSet({ last_seen_at: run.now }))
        .execute();
    }
  }
  return created;
}

/** The problems as findings (new, seen again, or reopened) linked to their target. */
async function writeFindings(db: Executor, run: RunContext, outcomes: TargetOutcome[]) {
  const found = outcomes.flatMap((o) =>
    o.findings.map((f) => ({ ...f, fingerprint: fingerprintOf(run, f.kind, f.key), asset: o.target.id })),
  );
  if (found.length === 0) return 0;
  const scope = { companyId: run.companyId, module: 'assets', jobId: run.jobId, isDemo: run.isDemo, now: run.now };
  const results = await upsertFindings(
    db,
    scope,
    found.map((f) => ({ fingerprint: f.fingerprint, title: f.title, severity: f.severity, seenAt: run.now })),
  );
  const ids = new Map(results.map((r) => [r.fingerprint, r.id]));
  const links = new Map(
    found.flatMap((f) => {
      const id = ids.get(f.fingerprint);
      return id === undefined ? [] : [[id, f] as const];
    }),
  );
  for (const [findingId, f] of links) {
    await db
      .insertInto('asset_findings')
      .values({
        finding_id: findingId,
        company_id: run.companyId,
        asset_id: f.asset,
        supplier_id: run.supplierId,
        probe: probeOfKind(f.kind),
        evidence: JSON.stringify(f.evidence),
      })
      .onConflict((oc) =>
        oc.column('finding_id').doUpdateSet((eb) => ({
          asset_id: eb.ref('excluded.asset_id'),
          probe: eb.ref('excluded.probe'),
          evidence: eb.ref('excluded.evidence'),
        })),
      )
      .execute();
  }
  if (run.supplierId !== null) {
    await db
      .updateTable('findings')
      .set({ supplier_id: run.supplierId })
      .where('id', 'in', [...links.keys()])
      .where('supplier_id', 'is', null)
      .execute();
  }
  return results.filter((r) => r.inserted || r.reopened).length;
}

export async function writeBatch(db: Executor, run: RunContext, outcomes: TargetOutcome[]): Promise<BatchCounts> {
  const probed = outcomes.filter((o) => o.skipped === undefined);
  const counts: BatchCounts = { targets: probed.length, checks: 0, newAssets: 0, goneAssets: 0, findingsOpened: 0 };
  if (probed.length === 0) return counts;
  const changes: Change[] = [];
  counts.checks = await writeObservations(db, run, probed, changes);
  counts.goneAssets = await writeTargets(db, run, probed, changes);
  counts.newAssets = await writeDiscovered(db, run, probed, changes);
  counts.findingsOpened = await writeFindings(db, run, probed);
  await insertChanges(db, run, changes);
  return counts;
}

export async function insertChanges(db: Executor, run: RunContext, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('asset_changes')
    .values(
      changes.map((c) => ({
        company_id: run.companyId,
        asset_id: c.asset_id,
        change: c.change,
        field: c.field ?? null,
        from_value: c.from ?? null,
        to_value: c.to ?? null,
        source: 'probe',
        job_id: run.jobId,
        actor_user_id: null,
        at: run.now,
      })),
    )
    .execute();
}
