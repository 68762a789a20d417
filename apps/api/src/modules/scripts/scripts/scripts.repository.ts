// The Script Manager's queries: the inventory (a page, or CSV batches after an id) with each
// script's page and store, approver and open findings, and one script's content excerpt, history,
// destinations, rule hits, blacklist hits and findings. Every query starts from the scope's company.
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { EXPORT_BATCH } from '../../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../../platform/findings/findings.query.js';
import { openStatuses } from '../../../platform/findings/findings.table.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { Authorisation, ScriptParty } from './scripts.table.js';

export interface ScriptFilters {
  q?: string | undefined;
  store_id?: number | undefined;
  page_id?: number | undefined;
  party?: ScriptParty[] | undefined;
  authorisation?: Authorisation[] | undefined;
  status?: 'active' | 'removed' | undefined;
  changed?: boolean | undefined;
  behaviour?: string[] | undefined;
  has_behaviour?: boolean | undefined;
  is_demo?: boolean | undefined;
}

export type ScriptSort =
  | '-last_seen_at'
  | 'last_seen_at'
  | '-first_seen_at'
  | 'first_seen_at'
  | 'script_key'
  | '-script_key'
  | 'party'
  | '-party'
  | 'authorisation'
  | '-authorisation';

export interface ScriptListInput extends ScriptFilters, PageInput {
  sort?: ScriptSort | undefined;
}

/** Authorised for one hash, and the content the latest scan received is another. */
const changed = sql<boolean>`(ps.authorisation = 'authorised' and ps.authorised_by_hash
  and ps.authorised_sha256 is distinct from ps.sha256)`;

function conditions(scope: TenantScope, f: ScriptFilters) {
  const c: RawBuilder<unknown>[] = [tenantFilter('ps', scope)];
  if (f.page_id !== undefined) c.push(sql`ps.page_id = ${f.page_id}`);
  if (f.store_id !== undefined) c.push(sql`p.store_id = ${f.store_id}`);
  if (f.party?.length) c.push(sql`ps.party in (${sql.join(f.party)})`);
  if (f.authorisation?.length) c.push(sql`ps.authorisation in (${sql.join(f.authorisation)})`);
  if (f.status === 'active') c.push(sql`ps.removed_at is null`);
  if (f.status === 'removed') c.push(sql`ps.removed_at is not null`);
  if (f.changed !== undefined) c.push(f.changed ? changed : sql`not ${changed}`);
  if (f.behaviour?.length) c.push(sql`ps.behaviours && ${sql.val(f.behaviour)}::text[]`);
  if (f.has_behaviour !== undefined) c.push(sql`cardinality(ps.behaviours) ${sql.raw(f.has_behaviour ? '>' : '=')} 0`);
  if (f.is_demo !== undefined) c.push(sql`ps.is_demo = ${f.is_demo}`);
  const q = f.q?.trim().toLowerCase();
  if (q) c.push(sql`lower(ps.script_key) like ${likeContains(q)}`);
  return c;
}

function base(db: Executor, scope: TenantScope, filters: ScriptFilters) {
  return db
    .selectFrom('page_scripts as ps')
    .innerJoin('store_pages as p', 'p.id', 'ps.page_id')
    .where(and(conditions(scope, filters)));
}

const openFindings = sql<number>`(select count(*)::int from script_findings sf join findings f on f.id = sf.finding_id
  where sf.page_script_id = ps.id and f.status in (${sql.join(openStatuses)}))`;

function withColumns(query: ReturnType<typeof base>) {
  return query
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .leftJoin('users as u', 'u.id', 'ps.approved_by')
    .select([
      'ps.id',
      'ps.page_id',
      'p.url as page_url',
      'p.page_type',
      'p.store_id',
      's.name as store_name',
      'ps.script_key',
      'ps.kind',
      'ps.url',
      'ps.host',
      'ps.party',
      'ps.loaded_by',
      'ps.sha256',
      'ps.sri',
      'ps.size',
      'ps.behaviours',
      'ps.authorisation',
      'ps.authorised_by_hash',
      'ps.authorised_sha256',
      'ps.authorised_host',
      'ps.justification',
      'ps.approved_by',
      'u.name as approver_name',
      'ps.approved_at',
      'ps.first_seen_at',
      'ps.last_seen_at',
      'ps.removed_at',
      'ps.is_demo',
      changed.as('changed'),
      openFindings.as('open_findings'),
    ]);
}

export type ScriptRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const sortColumns = {
  last_seen_at: 'ps.last_seen_at',
  first_seen_at: 'ps.first_seen_at',
  script_key: 'ps.script_key',
  party: 'ps.party',
  authorisation: 'ps.authorisation',
} as const;

export function listScriptRows(db: Executor, scope: TenantScope, input: ScriptListInput) {
  const order = orderOf(input.sort, sortColumns, '-last_seen_at');
  const query = withColumns(base(db, scope, input))
    .orderBy(orderSql(order))
    .orderBy('ps.id', order.dir);
  return pageOf(db, query, capped(base(db, scope, input)), input);
}

export function scriptBatchAfter(db: Executor, scope: TenantScope, filters: ScriptFilters, after: number) {
  return withColumns(base(db, scope, filters))
    .where('ps.id', '>', after)
    .orderBy('ps.id')
    .limit(EXPORT_BATCH)
    .execute();
}

export function findScript(db: Executor, scope: TenantScope, id: number) {
  return withColumns(base(db, scope, {}))
    .where('ps.id', '=', id)
    .executeTakeFirst();
}

/** The first `limit` characters of the content with this hash, and whether there is more. */
export async function contentExcerpt(db: Executor, scope: TenantScope, sha256: string, limit: number) {
  const row = await db
    .selectFrom('script_contents as c')
    .select([sql<string>`substr(c.content, 1, ${limit})`.as('excerpt'), sql<number>`length(c.content)`.as('length')])
    .where(tenantFilter('c', scope))
    .where('c.sha256', '=', sha256)
    .executeTakeFirst();
  return row ? { excerpt: row.excerpt, truncated: Number(row.length) > limit } : null;
}

export function historyOf(db: Executor, scope: TenantScope, scriptId: number) {
  return db
    .selectFrom('script_changes as c')
    .leftJoin('users as u', 'u.id', 'c.actor_user_id')
    .select([
      'c.id',
      'c.page_script_id',
      'c.scan_id',
      'c.change',
      'c.field',
      'c.from_value',
      'c.to_value',
      'c.actor_user_id',
      'u.name as actor_name',
      'c.at',
    ])
    .where(tenantFilter('c', scope))
    .where('c.page_script_id', '=', scriptId)
    .orderBy('c.id', 'desc')
    .limit(100)
    .execute();
}

export function destinationsOf(db: Executor, scope: TenantScope, scriptId: number) {
  return db
    .selectFrom('script_destinations as d')
    .select(['d.id', 'd.host', 'd.kind', 'd.first_seen_at', 'd.last_seen_at'])
    .where(tenantFilter('d', scope))
    .where('d.page_script_id', '=', scriptId)
    .orderBy('d.host')
    .orderBy('d.kind')
    .limit(500)
    .execute();
}

/** The rule hits of the script's latest scan that had any. */
export function ruleHitsOf(db: Executor, scope: TenantScope, scriptId: number) {
  return db
    .selectFrom('js_rule_hits as h')
    .innerJoin('js_rules as r', 'r.id', 'h.rule_id')
    .select([
      'h.rule_id',
      'r.key as rule_key',
      'r.name as rule_name',
      'r.family',
      'r.severity',
      'h.rule_version',
      'h.scan_id',
      'h.evidence',
      'h.at',
    ])
    .where(tenantFilter('h', scope))
    .where('h.page_script_id', '=', scriptId)
    .where(
      'h.scan_id',
      '=',
      db
        .selectFrom('js_rule_hits as l')
        .select((eb) => eb.fn.max('l.scan_id').as('scan_id'))
        .where(tenantFilter('l', scope))
        .where('l.page_script_id', '=', scriptId),
    )
    .orderBy('r.key')
    .limit(100)
    .execute();
}

/** The script's findings (its blacklist hits among them), newest first. */
export function scriptFindingsOf(db: Executor, scope: TenantScope, scriptId: number) {
  return db
    .selectFrom('script_findings as sf')
    .innerJoin('findings as f', 'f.id', 'sf.finding_id')
    .select([
      'f.id',
      'sf.kind',
      'f.title',
      'f.severity',
      'f.status',
      'sf.scan_id',
      'sf.evidence',
      'f.first_seen_at',
      'f.last_seen_at',
    ])
    .where(tenantFilter('sf', scope))
    .where('sf.page_script_id', '=', scriptId)
    .orderBy('f.id', 'desc')
    .limit(200)
    .execute();
}

export type ScriptFindingRow = Awaited<ReturnType<typeof scriptFindingsOf>>[number];
