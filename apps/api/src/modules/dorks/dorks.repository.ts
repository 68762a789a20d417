// The dorks screen's reads: the catalogue as the company sees it, and the results joined to their
// findings. Every query starts from the scope's company.
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  type FindingFilters,
  findingConditions,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
  SEVERITY_RANK,
} from '../../platform/findings/findings.query.js';
import { coreColumns } from '../../platform/findings/findings.repository.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { effectiveEnabled, visibleDorks } from './dorks.catalogue.js';
import type { DorkSource, GhdbCategory } from './dorks.table.js';

export interface DorkListInput extends PageInput {
  q?: string | undefined;
  source?: DorkSource | undefined;
  category?: GhdbCategory | undefined;
  enabled?: boolean | undefined;
  sort?: string | undefined;
}

const resultCount = (companyId: number) =>
  sql<number>`(select count(*)::int from dork_results r where r.company_id = ${companyId} and d.id = any(r.dork_ids))`;

const dorkSorts = {
  title: 'lower(d.title)',
  category: 'd.category',
  source: 'd.source',
  published_on: 'd.published_on',
  // The select list's count (an output column may be ordered by its name).
  results: 'results',
};

export function dorkColumns(companyId: number) {
  return [
    'd.id',
    'd.company_id',
    'd.source',
    'd.category',
    'd.title',
    'd.query',
    'd.ghdb_id',
    'd.key',
    'd.author',
    sql<string | null>`d.published_on::text`.as('published_on'),
    effectiveEnabled.as('enabled'),
    resultCount(companyId).as('results'),
  ] as const;
}

export async function listDorkRows(db: Executor, scope: TenantScope, input: DorkListInput) {
  const c: RawBuilder<unknown>[] = [sql`true`];
  if (input.q?.trim()) {
    const pattern = likeContains(input.q.trim().toLowerCase());
    c.push(sql`(lower(d.title) like ${pattern} or lower(d.query) like ${pattern})`);
  }
  if (input.source) c.push(sql`d.source = ${input.source}`);
  if (input.category) c.push(sql`d.category = ${input.category}`);
  if (input.enabled !== undefined) c.push(sql`${effectiveEnabled} = ${input.enabled}`);
  const base = visibleDorks(db, scope.companyId).where(and(c));
  const query = base
    .select(dorkColumns(scope.companyId))
    .orderBy(orderSql(orderOf(input.sort, dorkSorts, 'title'), true))
    .orderBy('d.id');
  return pageOf(db, query, capped(base), input);
}

export function findDork(db: Executor, scope: TenantScope, id: number) {
  return visibleDorks(db, scope.companyId)
    .select(dorkColumns(scope.companyId))
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export interface DorkResultListInput extends Omit<FindingFilters, 'module'>, PageInput {
  q?: string | undefined;
  category?: GhdbCategory | undefined;
  dork_id?: number | undefined;
  host?: string | undefined;
  sort?: string | undefined;
}

const resultColumns = [
  ...coreColumns,
  'r.id as result_id',
  'r.url',
  'r.host',
  'r.title as page_title',
  'r.snippet',
  'r.category',
  'r.dork_ids',
  'r.provider',
  'r.seen_count',
] as const;

function resultBase(db: Executor, scope: TenantScope, input: DorkResultListInput) {
  const c = [...findingConditions(scope, { ...input, module: 'dorks' }), tenantFilter('r', scope)];
  if (input.q?.trim()) {
    const pattern = likeContains(input.q.trim().toLowerCase());
    c.push(sql`(lower(r.url) like ${pattern} or lower(r.title) like ${pattern} or lower(r.snippet) like ${pattern})`);
  }
  if (input.category) c.push(sql`r.category = ${input.category}`);
  if (input.dork_id !== undefined) c.push(sql`${input.dork_id}::int = any(r.dork_ids)`);
  if (input.host) c.push(sql`r.host = ${input.host.trim().toLowerCase()}`);
  return db.selectFrom('findings as f').innerJoin('dork_results as r', 'r.finding_id', 'f.id').where(and(c));
}

const resultSorts = {
  last_seen_at: 'f.last_seen_at',
  first_seen_at: 'f.first_seen_at',
  host: 'r.host',
  severity: SEVERITY_RANK,
};

export async function listDorkResultRows(db: Executor, scope: TenantScope, input: DorkResultListInput) {
  const base = resultBase(db, scope, input);
  const query = base
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select(resultColumns)
    .orderBy(orderSql(orderOf(input.sort, resultSorts, '-last_seen_at')))
    .orderBy('f.id', 'desc');
  return pageOf(db, query, capped(base), input);
}

export function dorkResultBatchAfter(db: Executor, scope: TenantScope, input: DorkResultListInput, after: number) {
  return resultBase(db, scope, input)
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select(resultColumns)
    .where('f.id', '>', after)
    .orderBy('f.id')
    .limit(EXPORT_BATCH)
    .execute();
}

export function findDorkResult(db: Executor, scope: TenantScope, findingId: number) {
  return resultBase(db, scope, {})
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select(resultColumns)
    .where('f.id', '=', findingId)
    .executeTakeFirst();
}

/** Titles of the dorks the rows name (those still in the catalogue the company sees). */
export async function dorkRefs(db: Executor, scope: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; title: string; source: DorkSource }>();
  const rows = await visibleDorks(db, scope.companyId)
    .select(['d.id', 'd.title', 'd.source'])
    .where('d.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
