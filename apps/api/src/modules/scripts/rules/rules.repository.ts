// The rules a company sees: Vigil's default set (company_id null) and its own, each with the
// company's effective switch (a default rule's js_rule_settings row, else the rule's own flag) and
// the company's hit count. Every read goes through tenantFilter for the company's rows.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import {
  and,
  capped,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../../platform/findings/findings.query.js';
import type { Severity } from '../../../platform/findings/findings.table.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';

export interface RuleFilters {
  q?: string | undefined;
  family?: string | undefined;
  severity?: Severity[] | undefined;
  owner?: 'vigil' | 'company' | undefined;
  enabled?: boolean | undefined;
}

export interface RuleListInput extends RuleFilters, PageInput {
  sort?:
    | 'key'
    | '-key'
    | 'name'
    | '-name'
    | 'severity'
    | '-severity'
    | 'hits'
    | '-hits'
    | 'family'
    | '-family'
    | undefined;
}

/** `r.enabled`, and for a default rule the company's switch (on unless it turned it off). */
const effectiveEnabled = sql<boolean>`(r.enabled and coalesce(s.enabled, true))`;

function visible(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('js_rules as r')
    .leftJoin('js_rule_settings as s', (join) => join.onRef('s.rule_id', '=', 'r.id').on(tenantFilter('s', scope)))
    .where(sql<boolean>`(r.company_id is null or ${tenantFilter('r', scope)})`);
}

function conditions(filters: RuleFilters) {
  const c = [sql`true`];
  const q = filters.q?.trim().toLowerCase();
  if (q) {
    c.push(sql`(lower(r.key) like ${likeContains(q)} or lower(r.name) like ${likeContains(q)}
      or lower(r.description) like ${likeContains(q)})`);
  }
  if (filters.family) c.push(sql`r.family = ${filters.family}`);
  if (filters.severity?.length) c.push(sql`r.severity in (${sql.join(filters.severity)})`);
  if (filters.owner) c.push(filters.owner === 'vigil' ? sql`r.company_id is null` : sql`r.company_id is not null`);
  if (filters.enabled !== undefined) c.push(sql`${effectiveEnabled} = ${filters.enabled}`);
  return c;
}

function withColumns(db: Executor, scope: TenantScope, filters: RuleFilters) {
  return visible(db, scope)
    .where(and(conditions(filters)))
    .select([
      'r.id',
      'r.company_id',
      'r.key',
      'r.name',
      'r.family',
      'r.severity',
      'r.reference',
      'r.description',
      'r.definition',
      'r.version',
      'r.updated_at',
      effectiveEnabled.as('enabled'),
      sql<number>`(select count(*)::int from js_rule_hits h where h.rule_id = r.id and ${tenantFilter('h', scope)})`.as(
        'hits',
      ),
      sql<Date | null>`(select max(h.at) from js_rule_hits h where h.rule_id = r.id and ${tenantFilter('h', scope)})`.as(
        'last_hit_at',
      ),
    ]);
}

export type RuleRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const ruleOrder = {
  key: 'r.key',
  name: 'r.name',
  family: 'r.family',
  severity:
    "case r.severity when 'critical' then 1 when 'high' then 2 when 'medium' then 3 when 'low' then 4 else 5 end",
  hits: 'hits',
} as const;

export function listRuleRows(db: Executor, scope: TenantScope, input: RuleListInput) {
  const order = orderOf(input.sort, ruleOrder, 'key');
  const query = withColumns(db, scope, input).orderBy(orderSql(order)).orderBy('r.id', order.dir);
  const count = visible(db, scope)
    .where(and(conditions(input)))
    .select('r.id');
  return pageOf(db, query, capped(count), input);
}

export async function ruleFamilies(db: Executor, scope: TenantScope): Promise<string[]> {
  const rows = await visible(db, scope).select('r.family').distinct().orderBy('r.family').execute();
  return rows.map((r) => r.family);
}

/** One rule the company sees; undefined for another company's rule or no rule. */
export function findRule(db: Executor, scope: TenantScope, id: number) {
  return withColumns(db, scope, {}).where('r.id', '=', id).executeTakeFirst();
}

export function ruleVersions(db: Executor, ruleId: number) {
  return db
    .selectFrom('js_rule_versions as v')
    .leftJoin('users as u', 'u.id', 'v.changed_by')
    .select(['v.version', 'v.name', 'v.severity', 'v.definition', 'v.enabled', 'v.changed_at', 'u.name as changed_by'])
    .where('v.rule_id', '=', ruleId)
    .orderBy('v.version', 'desc')
    .limit(100)
    .execute();
}

/** The rules enabled for the company, for a scan or a test (at most a few hundred rows). */
export function enabledRules(db: Executor, scope: TenantScope) {
  return visible(db, scope)
    .where(effectiveEnabled)
    .select(['r.id', 'r.key', 'r.name', 'r.family', 'r.severity', 'r.version', 'r.reference', 'r.definition'])
    .orderBy('r.key')
    .execute();
}
