// The asset inventory's verbs: list, CSV export, one asset with its neighbourhood, a manual add
// (through the importers' writer, source `manual`) and a change of tags or owner (kept in its
// history).
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { iso } from '../../platform/findings/findings.query.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { AssetGraph } from './assets.graph.js';
import { writeGraphs } from './assets.ingest.js';
import {
  type AssetFilters,
  type AssetListInput,
  type AssetListRow,
  assetBatchAfter,
  findAsset,
  findingsOf,
  historyOf,
  listAssetRows,
  observationsOf,
  relationsOf,
} from './assets.repository.js';
import type { AssetType } from './assets.table.js';
import { addAsset } from './hosts.parser.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

/** A JSON text column as an object (`{}` when it is not one). */
export function objectOf(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function toAsset(r: AssetListRow) {
  return {
    id: r.id,
    type: r.type,
    value: r.value,
    supplier: r.supplier_id === null ? null : { id: r.supplier_id, name: r.supplier_name ?? '' },
    sources: r.sources,
    tags: r.tags,
    owner: r.owner,
    details: objectOf(r.details),
    first_seen_at: r.first_seen_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    gone_at: iso(r.gone_at),
    last_probed_at: iso(r.last_probed_at),
    open_findings: r.open_findings,
    is_demo: r.is_demo,
  };
}

export async function listAssets({ ctx, auth, input }: Verb<AssetListInput>) {
  const { rows, meta } = await listAssetRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toAsset), meta };
}

export function exportAssets({ ctx, auth, input }: Verb<AssetFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      'id',
      'type',
      'value',
      'supplier',
      'sources',
      'tags',
      'owner',
      'first_seen_at',
      'last_seen_at',
      'gone_at',
      'open_findings',
    ],
    (after) => assetBatchAfter(ctx.db, scope, input, after),
    (r) => [
      r.id,
      r.type,
      r.value,
      r.supplier_name,
      r.sources,
      r.tags,
      r.owner,
      r.first_seen_at,
      r.last_seen_at,
      r.gone_at,
      r.open_findings,
    ],
  );
}

async function assetOf(db: Executor, scope: TenantScope, id: number) {
  const row = await findAsset(db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Asset not found.');
  return toAsset(row);
}

export async function getAsset({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const asset = await assetOf(ctx.db, scope, input.id);
  const [relations, findings, history, observations] = await Promise.all([
    relationsOf(ctx.db, scope, input.id),
    findingsOf(ctx.db, scope, input.id),
    historyOf(ctx.db, scope, input.id),
    observationsOf(ctx.db, scope, input.id),
  ]);
  return {
    data: {
      ...asset,
      relations: relations.map((r) => ({
        direction: r.direction,
        kind: r.kind,
        asset: { id: r.id, type: r.type, value: r.value },
        source: r.source,
        first_seen_at: r.first_seen_at.toISOString(),
        last_seen_at: r.last_seen_at.toISOString(),
      })),
      findings: findings.map((f) => ({
        ...f,
        first_seen_at: f.first_seen_at.toISOString(),
        last_seen_at: f.last_seen_at.toISOString(),
      })),
      history: history.map(({ actor_id, actor_name, at, ...h }) => ({
        ...h,
        actor: actor_id === null ? null : { id: actor_id, name: actor_name ?? '' },
        at: at.toISOString(),
      })),
      observations: observations.map((o) => ({
        probe: o.probe,
        run_id: o.run_id,
        result: objectOf(o.result),
        observed_at: o.observed_at.toISOString(),
      })),
    },
  };
}

/** 422 unless the supplier is one of the scope's company. */
export async function checkSupplier(db: Executor, scope: TenantScope, supplierId: number | undefined) {
  if (supplierId === undefined) return null;
  const row = await db
    .selectFrom('suppliers')
    .select('id')
    .where(tenantFilter('suppliers', scope))
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!row) throw validationError({ supplier_id: ['The selected supplier is invalid.'] });
  return row.id;
}

interface AssetInput {
  type: AssetType;
  value: string;
  supplier_id?: number | undefined;
  tags?: string[] | undefined;
  owner?: string | null | undefined;
}

export async function createAsset({ ctx, auth, input }: Verb<AssetInput>) {
  const scope = requireScope(auth.scope);
  const graph = new AssetGraph();
  const added = addAsset(graph, input.value, input.type);
  if (!added.ok) throw validationError({ value: [added.reason] });
  const node = graph.nodes[added.node];
  if (node) {
    node.tags = [...new Set(input.tags ?? [])];
    node.owner = input.owner?.trim() || null;
  }
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const supplierId = await checkSupplier(trx, scope, input.supplier_id);
    const upserted = await writeGraphs(trx, { companyId: scope.companyId, supplierId }, [graph.record()], {
      source: 'manual',
      jobId: null,
      actorUserId: auth.user.id,
      isDemo: false,
      now,
      seenAt: now,
    });
    return upserted.find((u) => u.key === `${node?.type}|${node?.value}`)?.id;
  });
  if (id === undefined) throw new Error('The manual asset was not written.');
  return { data: await assetOf(ctx.db, scope, id) };
}

/** New tags or owner; each change is a history row (tagged, owner) with the member as actor. */
export async function updateAsset({
  ctx,
  auth,
  input,
}: Verb<{ id: number; tags?: string[] | undefined; owner?: string | null | undefined }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('assets')
      .select(['tags', 'owner'])
      .where(tenantFilter('assets', scope))
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ServiceError('not_found', 'Asset not found.');
    const tags = input.tags === undefined ? row.tags : [...new Set(input.tags.map((t) => t.trim()))].sort();
    const owner = input.owner === undefined ? row.owner : input.owner?.trim() || null;
    const changes = [
      ...(tags.join('\n') !== row.tags.join('\n')
        ? [{ change: 'tagged' as const, field: 'tags', from_value: row.tags.join(', '), to_value: tags.join(', ') }]
        : []),
      ...(owner !== row.owner
        ? [{ change: 'owner' as const, field: 'owner', from_value: row.owner, to_value: owner }]
        : []),
    ];
    if (changes.length === 0) return;
    await trx
      .updateTable('assets')
      .set({ tags, owner, updated_at: now })
      .where(tenantFilter('assets', scope))
      .where('id', '=', input.id)
      .execute();
    await trx
      .insertInto('asset_changes')
      .values(
        changes.map((c) => ({
          ...c,
          company_id: scope.companyId,
          asset_id: input.id,
          source: 'manual',
          actor_user_id: auth.user.id,
          at: now,
        })),
      )
      .execute();
  });
  return { data: await assetOf(ctx.db, scope, input.id) };
}
