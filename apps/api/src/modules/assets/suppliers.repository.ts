// The supplier portfolio's queries. Each supplier carries its latest daily rating snapshot and the
// one about 30 days before it (the trend), its open findings (findings.supplier_id), its assets
// still there and its scope domains.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
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
import type { SupplierTier } from './assets.table.js';

export interface SupplierListInput extends PageInput {
  q?: string | undefined;
  tier?: SupplierTier[] | undefined;
  sort?: 'name' | '-name' | 'tier' | '-tier' | 'score' | '-score' | 'contract_end' | '-contract_end' | undefined;
}

function conditions(scope: TenantScope, input: Pick<SupplierListInput, 'q' | 'tier'>) {
  const c = [tenantFilter('s', scope)];
  const q = input.q?.trim().toLowerCase();
  if (q) c.push(sql`(lower(s.name) like ${likeContains(q)} or lower(coalesce(s.website, '')) like ${likeContains(q)})`);
  if (input.tier?.length) c.push(sql`s.tier in (${sql.join(input.tier)})`);
  return c;
}

function base(db: Executor, scope: TenantScope, input: Pick<SupplierListInput, 'q' | 'tier'>) {
  return db.selectFrom('suppliers as s').where(and(conditions(scope, input)));
}

function withColumns(query: ReturnType<typeof base>) {
  return query
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('risk_snapshots as rs')
          .select(['rs.score', 'rs.grade', 'rs.day'])
          .whereRef('rs.company_id', '=', 's.company_id')
          .whereRef('rs.supplier_id', '=', 's.id')
          .orderBy('rs.day', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('risk_snapshots as rp')
          .select(['rp.score'])
          .whereRef('rp.company_id', '=', 's.company_id')
          .whereRef('rp.supplier_id', '=', 's.id')
          .where(sql<boolean>`rp.day <= latest.day - 30`)
          .orderBy('rp.day', 'desc')
          .limit(1)
          .as('previous'),
      (join) => join.onTrue(),
    )
    .select([
      's.id',
      's.name',
      's.tier',
      's.website',
      's.contact_name',
      's.contact_email',
      sql<string | null>`s.contract_start::text`.as('contract_start'),
      sql<string | null>`s.contract_end::text`.as('contract_end'),
      's.notes',
      's.questionnaire_status',
      's.is_demo',
      's.created_at',
      's.updated_at',
      sql<string | null>`latest.score::text`.as('score'),
      'latest.grade',
      sql<string | null>`latest.day::text`.as('rating_day'),
      sql<string | null>`previous.score::text`.as('previous_score'),
      sql<number>`(select count(*)::int from findings f where f.company_id = s.company_id and f.supplier_id = s.id
        and f.status in (${sql.join(openStatuses)}))`.as('open_findings'),
      sql<number>`(select count(*)::int from assets a where a.company_id = s.company_id and a.supplier_id = s.id
        and a.gone_at is null)`.as('asset_count'),
      sql<string[]>`array(select sc.value from asset_scopes sc where sc.company_id = s.company_id
        and sc.supplier_id = s.id and sc.kind = 'domain' order by sc.value)`.as('domains'),
    ]);
}

export type SupplierListRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const supplierOrder = {
  tier: "case s.tier when 'critical' then 1 when 'high' then 2 when 'medium' then 3 else 4 end",
  score: 'latest.score',
  contract_end: 's.contract_end',
  name: 'lower(s.name)',
} as const;

export function listSupplierRows(db: Executor, scope: TenantScope, input: SupplierListInput) {
  const order = orderOf(input.sort, supplierOrder, 'name');
  const nullable = order.column === supplierOrder.score || order.column === supplierOrder.contract_end;
  const query = withColumns(base(db, scope, input))
    .orderBy(orderSql(order, nullable))
    .orderBy('s.id', order.dir);
  return pageOf(db, query, capped(base(db, scope, input)), input);
}

/** One supplier of the scope's company; undefined for any other id. */
export function findSupplier(db: Executor, scope: TenantScope, id: number) {
  return withColumns(base(db, scope, {}))
    .where('s.id', '=', id)
    .executeTakeFirst();
}
