// The assets importers' writer: one batch of parsed graphs into one inventory (the company's, or
// one supplier's), in the import's transaction. Assets are upserted (first seen the earliest, last
// seen the latest, sources, tags and details merged), then the relations between them; the
// history gets `discovered` for a new asset and `seen_again` for one a probe run had found gone.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { companyOf, type WriteContext, type WriteOutcome } from '../../platform/imports/import.types.js';
import { jobOptions } from '../../platform/imports/import-options.js';
import type { ImportJobRow } from '../../platform/imports/imports.table.js';
import { isWithinDomain } from '../../shared/host-name.js';
import { ServiceError } from '../../shared/service-error.js';
import { AssetGraph, type AssetNode, type AssetRecord } from './assets.graph.js';
import { ofSupplier } from './inventory.sql.js';

/** Where an import writes: the job's company, and the supplier its options name (null: the company's own). */
export interface Inventory {
  companyId: number;
  supplierId: number | null;
}

/**
 * The supplier an import's options name: `supplier` (an id, from the upload's `supplier_id`) or, for
 * the demo's files, `supplier_name`; undefined when it is not one of the company's suppliers.
 */
export async function supplierOf(
  db: Executor,
  companyId: number,
  options: Record<string, string>,
): Promise<number | undefined> {
  let query = db.selectFrom('suppliers').select('id').where('company_id', '=', companyId);
  query =
    options.supplier !== undefined
      ? query.where('id', '=', Number(options.supplier) || 0)
      : query.where('name', '=', options.supplier_name ?? '');
  return (await query.executeTakeFirst())?.id;
}

/** The inventory of an import job: the company's own, or the supplier its options name (checked at upload). */
export async function inventoryOf(db: Executor, job: ImportJobRow): Promise<Inventory> {
  const companyId = companyOf(job);
  const options = jobOptions(job);
  if (options.supplier === undefined && options.supplier_name === undefined) return { companyId, supplierId: null };
  const supplierId = await supplierOf(db, companyId, options);
  if (supplierId === undefined) throw new ServiceError('not_found', 'Supplier not found.');
  return { companyId, supplierId };
}

/** An import's inventory and its scope's domains (the names a scan saw become assets only within them). */
export interface ImportTarget extends Inventory {
  domains: string[];
}

/**
 * The record with the names its tool only saw (PTR, certificate names) that are within `domains`
 * made assets: the company scoped them, so they are its own, not the hosting provider's.
 */
export function withNamesInScope(record: AssetRecord, domains: string[]): AssetRecord {
  const inScope = (record.observed ?? []).filter((o) => domains.some((d) => isWithinDomain(o.name, d)));
  if (inScope.length === 0) return record;
  const graph = AssetGraph.from(record);
  for (const observed of inScope) graph.edge(graph.host(observed.name), observed.kind, observed.to);
  return graph.record(record.seenAt);
}

interface Sighting {
  node: AssetNode;
  seenAt: Date;
}

/** The nodes of the batch, one per type and value (details, tags merged; the latest sighting kept). */
function sightingsOf(records: AssetRecord[], context: Pick<WriteContext, 'now' | 'seenAt'>) {
  const byKey = new Map<string, Sighting>();
  for (const record of records) {
    const seenAt = record.seenAt && record.seenAt < context.now ? record.seenAt : context.seenAt;
    for (const node of record.nodes) {
      const key = `${node.type}|${node.value}`;
      const known = byKey.get(key);
      if (!known) byKey.set(key, { node: { ...node, details: { ...node.details } }, seenAt });
      else {
        Object.assign(known.node.details, node.details);
        known.node.tags = [...new Set([...known.node.tags, ...node.tags])];
        known.node.owner = node.owner ?? known.node.owner;
        if (seenAt > known.seenAt) known.seenAt = seenAt;
      }
    }
  }
  return byKey;
}

export interface UpsertedAsset {
  id: number;
  key: string;
  inserted: boolean;
  cameBack: boolean;
}

/** A text[] literal of tags (checked tags: no control characters), one element of the unnest's array. */
const arrayLiteral = (items: string[]) => `{${items.map((t) => JSON.stringify(t)).join(',')}}`;

/**
 * Upserts assets of one inventory from `source`; their ids by `type|value`, whether each is new,
 * and whether it came back (a probe run had found it gone before this sighting).
 */
export async function upsertAssets(
  db: Executor,
  inventory: Inventory,
  rows: { node: AssetNode; seenAt: Date }[],
  meta: { source: string; isDemo: boolean; now: Date },
): Promise<UpsertedAsset[]> {
  if (rows.length === 0) return [];
  const result = await sql<{ id: number; type: string; value: string; inserted: boolean; came_back: boolean }>`
    with input as (
      select * from unnest(${rows.map((r) => r.node.type)}::text[], ${rows.map((r) => r.node.value)}::text[],
        ${rows.map((r) => JSON.stringify(r.node.details))}::text[], ${rows.map((r) => arrayLiteral(r.node.tags))}::text[],
        ${rows.map((r) => r.node.owner)}::text[], ${rows.map((r) => r.seenAt.toISOString())}::timestamptz[])
        as t(type, value, details, tags, owner, seen)
    ), gone as (
      select a.id from assets a join input i on a.type = i.type and a.value = i.value
      where a.company_id = ${inventory.companyId} and ${ofSupplier('a.supplier_id', inventory.supplierId)}
        and a.gone_at < i.seen
    )
    insert into assets as a (company_id, supplier_id, type, value, sources, tags, owner, details, first_seen_at,
      last_seen_at, is_demo, created_at, updated_at)
    select ${inventory.companyId}, ${inventory.supplierId}::int, i.type, i.value, array[${meta.source}::text], i.tags::text[],
      i.owner, i.details, i.seen, i.seen, ${meta.isDemo}, ${meta.now}::timestamptz, ${meta.now}::timestamptz
    from input i
    on conflict (company_id, supplier_id, type, value) do update set
      sources = case when ${meta.source}::text = any(a.sources) then a.sources else a.sources || ${meta.source}::text end,
      tags = array(select distinct unnest(a.tags || excluded.tags) order by 1),
      owner = coalesce(excluded.owner, a.owner),
      details = (a.details::jsonb || excluded.details::jsonb)::text,
      first_seen_at = least(a.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(a.last_seen_at, excluded.last_seen_at),
      gone_at = case when excluded.last_seen_at > a.gone_at then null else a.gone_at end,
      updated_at = excluded.updated_at
    returning a.id, a.type, a.value, (xmax = 0) as inserted, a.id in (select id from gone) as came_back`.execute(db);
  return result.rows.map((r) => ({
    id: r.id,
    key: `${r.type}|${r.value}`,
    inserted: r.inserted,
    cameBack: r.came_back,
  }));
}

/** The history rows of an upsert: `discovered` for new assets, `seen_again` for ones that came back. */
export async function recordSightings(
  db: Executor,
  companyId: number,
  upserted: UpsertedAsset[],
  meta: { source: string; jobId: number | null; actorUserId?: number | null; now: Date },
): Promise<void> {
  const changes = upserted.filter((u) => u.inserted || u.cameBack);
  if (changes.length === 0) return;
  await db
    .insertInto('asset_changes')
    .values(
      changes.map((u) => ({
        company_id: companyId,
        asset_id: u.id,
        change: u.inserted ? ('discovered' as const) : ('seen_again' as const),
        source: meta.source,
        job_id: meta.jobId,
        actor_user_id: meta.actorUserId ?? null,
        at: meta.now,
      })),
    )
    .execute();
}

export interface GraphWrite {
  /** An import kind, `manual` or `probe`: the assets' source and the relations'. */
  source: string;
  jobId: number | null;
  actorUserId?: number | null;
  isDemo: boolean;
  now: Date;
  /** When records without their own date were seen. */
  seenAt: Date;
}

/** Upserts the graphs' assets and relations into one inventory; the assets' upsert results. */
export async function writeGraphs(
  db: Executor,
  inventory: Inventory,
  records: AssetRecord[],
  meta: GraphWrite,
): Promise<UpsertedAsset[]> {
  const { now } = meta;
  const sightings = sightingsOf(records, meta);
  // In key order, as every writer does: two imports of one company touching the same assets (the
  // domain every subdomain names) then lock them in the same order and wait instead of deadlocking.
  const ordered = [...sightings.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, s]) => s);
  const upserted = await upsertAssets(db, inventory, ordered, meta);
  await recordSightings(db, inventory.companyId, upserted, meta);
  const ids = new Map(upserted.map((u) => [u.key, u.id]));
  const edges = new Map<string, { from: number; kind: string; to: number; seen: Date }>();
  for (const record of records) {
    const seen = record.seenAt && record.seenAt < now ? record.seenAt : meta.seenAt;
    for (const edge of record.edges) {
      const from = record.nodes[edge.from];
      const to = record.nodes[edge.to];
      const fromId = from && ids.get(`${from.type}|${from.value}`);
      const toId = to && ids.get(`${to.type}|${to.value}`);
      if (!fromId || !toId) continue;
      const key = `${fromId}|${edge.kind}|${toId}`;
      const known = edges.get(key);
      if (!known || seen > known.seen) edges.set(key, { from: fromId, kind: edge.kind, to: toId, seen });
    }
  }
  const orderedEdges = [...edges.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, e]) => e);
  await upsertRelations(db, inventory.companyId, orderedEdges, meta.source);
  return upserted;
}

/**
 * Writes one batch of an assets import into the job's inventory. A record without assets (a host
 * nmap did not find up) is read and not kept: it counts as ignored.
 */
export async function writeAssets(
  db: Executor,
  context: WriteContext,
  target: ImportTarget,
  records: AssetRecord[],
): Promise<WriteOutcome> {
  const { job, now, seenAt } = context;
  const kept = records.filter((r) => r.nodes.length > 0).map((r) => withNamesInScope(r, target.domains));
  const upserted = await writeGraphs(db, target, kept, {
    source: job.kind,
    jobId: job.id,
    isDemo: job.is_demo,
    now,
    seenAt,
  });
  const added = upserted.filter((u) => u.inserted).length;
  return { added, updated: upserted.length - added, ignored: records.length - kept.length };
}

export async function upsertRelations(
  db: Executor,
  companyId: number,
  edges: { from: number; kind: string; to: number; seen: Date }[],
  source: string,
): Promise<void> {
  if (edges.length === 0) return;
  await sql`
    insert into asset_relations as r (company_id, from_asset_id, kind, to_asset_id, source, first_seen_at, last_seen_at)
    select ${companyId}, t.from_id, t.kind, t.to_id, ${source}, t.seen, t.seen
    from unnest(${edges.map((e) => e.from)}::int[], ${edges.map((e) => e.kind)}::text[], ${edges.map((e) => e.to)}::int[],
      ${edges.map((e) => e.seen.toISOString())}::timestamptz[]) as t(from_id, kind, to_id, seen)
    on conflict (from_asset_id, kind, to_asset_id) do update set
      first_seen_at = least(r.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(r.last_seen_at, excluded.last_seen_at)`.execute(db);
}
