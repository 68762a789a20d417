// The asset inventory's queries: the filtered list (a page, or CSV batches after an id), one asset
// with its relations both ways, findings, history and latest probe results. Every query starts
// from the scope's company.
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../platform/findings/findings.query.js';
import { openStatuses } from '../../platform/findings/findings.table.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { AssetType } from './assets.table.js';

export interface AssetFilters {
  q?: string | undefined;
  supplier_id?: number | undefined;
  owner?: 'company' | 'suppliers' | undefined;
  type?: AssetType[] | undefined;
  source?: string | undefined;
  tag?: string | undefined;
  status?: 'active' | 'gone' | undefined;
  new_since_last_scan?: boolean | undefined;
  is_demo?: boolean | undefined;
}

export type AssetSort =
  | '-last_seen_at'
  | 'last_seen_at'
  | '-first_seen_at'
  | 'first_seen_at'
  | 'value'
  | '-value'
  | 'type'
  | '-type';

export interface AssetListInput extends AssetFilters, PageInput {
  sort?: AssetSort | undefined;
}

/**
 * The start of the latest finished probe run of the asset's inventory: computed once when the list
 * is one inventory's, per asset when it is every supplier's.
 */
function lastScanStart(scope: TenantScope, f: AssetFilters) {
  const inventory =
    f.supplier_id !== undefined
      ? sql`pr.supplier_id = ${f.supplier_id}`
      : f.owner === 'suppliers'
        ? sql`pr.supplier_id = a.supplier_id`
        : sql`pr.supplier_id is null`;
  return sql`(select max(pr.started_at) from probe_runs pr
    where ${tenantFilter('pr', scope)} and ${inventory} and pr.status = 'done')`;
}

function conditions(scope: TenantScope, f: AssetFilters) {
  const c: RawBuilder<unknown>[] = [tenantFilter('a', scope)];
  if (f.supplier_id !== undefined) c.push(sql`a.supplier_id = ${f.supplier_id}`);
  else if (f.owner === 'suppliers') c.push(sql`a.supplier_id is not null`);
  else c.push(sql`a.supplier_id is null`);
  if (f.type?.length) c.push(sql`a.type in (${sql.join(f.type)})`);
  if (f.source) c.push(sql`${f.source} = any(a.sources)`);
  if (f.tag) c.push(sql`${f.tag} = any(a.tags)`);
  if (f.status === 'active') c.push(sql`a.gone_at is null`);
  if (f.status === 'gone') c.push(sql`a.gone_at is not null`);
  if (f.new_since_last_scan !== undefined) {
    const since = sql`a.first_seen_at >= coalesce(${lastScanStart(scope, f)}, '-infinity')`;
    c.push(f.new_since_last_scan ? since : sql`not ${since}`);
  }
  if (f.is_demo !== undefined) c.push(sql`a.is_demo = ${f.is_demo}`);
  const q = f.q?.trim().toLowerCase();
  if (q) c.push(sql`a.value like ${likeContains(q)}`);
  return c;
}

function base(db: Executor, scope: TenantScope, filters: AssetFilters) {
  return db.selectFrom('assets as a').where(and(conditions(scope, filters)));
}

const openFindings = sql<number>`(select count(*)::int from asset_findings af join findings f on f.id = af.finding_id
  where af.asset_id = a.id and f.status in (${sql.join(openStatuses)}))`;

function withColumns(query: ReturnType<typeof base>) {
  return query
    .leftJoin('suppliers as s', 's.id', 'a.supplier_id')
    .select([
      'a.id',
      'a.type',
      'a.value',
      'a.supplier_id',
      's.name as supplier_name',
      'a.sources',
      'a.tags',
      'a.owner',
      'a.details',
      'a.first_seen_at',
      'a.last_seen_at',
      'a.gone_at',
      'a.last_probed_at',
      'a.is_demo',
      openFindings.as('open_findings'),
    ]);
}

export type AssetListRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const sortColumns = {
  last_seen_at: 'a.last_seen_at',
  first_seen_at: 'a.first_seen_at',
  value: 'a.value',
  type: 'a.type',
} as const;

export function listAssetRows(db: Executor, scope: TenantScope, input: AssetListInput) {
  const order = orderOf(input.sort, sortColumns, '-last_seen_at');
  const query = withColumns(base(db, scope, input))
    .orderBy(orderSql(order))
    .orderBy('a.id', order.dir);
  return pageOf(db, query, capped(base(db, scope, input)), input);
}

export function assetBatchAfter(db: Executor, scope: TenantScope, filters: AssetFilters, after: number) {
  return withColumns(base(db, scope, filters))
    .where('a.id', '>', after)
    .orderBy('a.id')
    .limit(EXPORT_BATCH)
    .execute();
}

/** One asset of the scope's company (either inventory); undefined for any other id. */
export function findAsset(db: Executor, scope: TenantScope, id: number) {
  return withColumns(db.selectFrom('assets as a').where(tenantFilter('a', scope)))
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Its relations both ways with the asset at the other end. */
export async function relationsOf(db: Executor, scope: TenantScope, id: number) {
  /** The relations whose `self` end is the asset, each with the asset at its `other` end. */
  const side = (self: 'from_asset_id' | 'to_asset_id', other: 'from_asset_id' | 'to_asset_id') =>
    db
      .selectFrom('asset_relations as r')
      .innerJoin('assets as o', 'o.id', `r.${other}`)
      .select(['r.kind', 'r.source', 'r.first_seen_at', 'r.last_seen_at', 'o.id', 'o.type', 'o.value'])
      .where(tenantFilter('r', scope))
      .where(`r.${self}`, '=', id)
      .orderBy('r.kind')
      .orderBy('o.value')
      .limit(500)
      .execute();
  const [out, into] = [await side('from_asset_id', 'to_asset_id'), await side('to_asset_id', 'from_asset_id')];
  return [
    ...out.map((r) => ({ direction: 'out' as const, ...r })),
    ...into.map((r) => ({ direction: 'in' as const, ...r })),
  ];
}

export function findingsOf(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('asset_findings as af')
    .innerJoin('findings as f', 'f.id', 'af.finding_id')
    .select(['f.id', 'f.module', 'f.title', 'f.severity', 'f.status', 'af.probe', 'f.first_seen_at', 'f.last_seen_at'])
    .where(tenantFilter('af', scope))
    .where('af.asset_id', '=', id)
    .orderBy('f.last_seen_at', 'desc')
    .limit(200)
    .execute();
}

export function historyOf(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('asset_changes as c')
    .leftJoin('users as u', 'u.id', 'c.actor_user_id')
    .select([
      'c.id',
      'c.change',
      'c.field',
      'c.from_value',
      'c.to_value',
      'c.source',
      'c.at',
      'u.id as actor_id',
      'u.name as actor_name',
    ])
    .where(tenantFilter('c', scope))
    .where('c.asset_id', '=', id)
    .orderBy('c.id', 'desc')
    .limit(100)
    .execute();
}

export function observationsOf(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('probe_observations as o')
    .select(['o.probe', 'o.run_id', 'o.result', 'o.observed_at'])
    .where(tenantFilter('o', scope))
    .where('o.asset_id', '=', id)
    .orderBy('o.probe')
    .execute();
}
