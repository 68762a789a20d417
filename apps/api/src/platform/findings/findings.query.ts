// Building blocks every monitoring list shares: the common filters as SQL fragments over the
// `findings` alias, the capped total (exact up to 10,000), and sort keys mapped to columns.
import { type Expression, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { type FindingStatus, type Module, openStatuses, type Severity } from './findings.table.js';

export const TOTAL_CAP = 10_000;

export interface FindingFilters {
  module?: Module | undefined;
  status?: FindingStatus[] | undefined;
  severity?: Severity[] | undefined;
  assignee_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  is_demo?: boolean | undefined;
  /** What changed in a window (platform/insights counts these; its numbers link to them). */
  first_seen_from?: string | undefined;
  first_seen_to?: string | undefined;
  resolved_from?: string | undefined;
  resolved_to?: string | undefined;
  reopened_from?: string | undefined;
  reopened_to?: string | undefined;
  breached_from?: string | undefined;
  breached_to?: string | undefined;
}

export interface PageInput {
  page?: number | undefined;
  page_size?: number | undefined;
}

/** Conditions on `findings` (aliased `f`): always the tenant first. */
export function findingConditions(scope: TenantScope, filters: FindingFilters): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [tenantFilter('f', scope)];
  if (filters.module) c.push(sql`f.module = ${filters.module}`);
  if (filters.status?.length) c.push(sql`f.status in (${sql.join(filters.status)})`);
  if (filters.severity?.length) c.push(sql`f.severity in (${sql.join(filters.severity)})`);
  if (filters.assignee_id !== undefined) {
    c.push(filters.assignee_id === 0 ? sql`f.assignee_id is null` : sql`f.assignee_id = ${filters.assignee_id}`);
  }
  if (filters.from) c.push(sql`f.last_seen_at >= ${new Date(filters.from)}`);
  if (filters.to) c.push(sql`f.last_seen_at < ${new Date(filters.to)}`);
  if (filters.is_demo !== undefined) c.push(sql`f.is_demo = ${filters.is_demo}`);
  c.push(...changeConditions(filters));
  return c;
}

const instant = (value: string | undefined) => (value ? new Date(value) : undefined);

/**
 * The window conditions of what changed (one definition for the insights' counts and the lists they
 * link to): first seen; resolved and still resolved; set back to work after resolved (the history);
 * due in the window and not resolved by then (still open, or resolved late).
 */
export function changeConditions(filters: FindingFilters): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [];
  const window = (column: RawBuilder<unknown>, from: string | undefined, to: string | undefined) => {
    const start = instant(from);
    const end = instant(to);
    if (start) c.push(sql`${column} >= ${start}`);
    if (end) c.push(sql`${column} < ${end}`);
    return Boolean(start || end);
  };
  window(sql`f.first_seen_at`, filters.first_seen_from, filters.first_seen_to);
  if (window(sql`f.resolved_at`, filters.resolved_from, filters.resolved_to)) c.push(sql`f.status = 'resolved'`);
  if (filters.reopened_from || filters.reopened_to) {
    const start = instant(filters.reopened_from);
    const end = instant(filters.reopened_to);
    c.push(sql`exists (select 1 from finding_changes fc where fc.company_id = f.company_id and fc.finding_id = f.id
      and fc.field = 'status' and fc.from_value = 'resolved' and fc.to_value <> 'resolved'
      ${start ? sql`and fc.at >= ${start}` : sql``} ${end ? sql`and fc.at < ${end}` : sql``})`);
  }
  if (window(sql`f.due_at`, filters.breached_from, filters.breached_to)) {
    c.push(sql`(f.status in (${sql.join(openStatuses)}) or (f.status = 'resolved' and f.resolved_at > f.due_at))`);
  }
  return c;
}

export function and(conditions: RawBuilder<unknown>[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

/** Escapes LIKE wildcards so user text matches literally (prefix search). */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

/** The same for text found anywhere in the value. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

export interface PageMeta {
  page: number;
  page_size: number;
  total: number;
  total_is_lower_bound: boolean;
  has_more: boolean;
}

/**
 * Runs one page of `query` (already filtered and ordered) plus a capped count (the same filters):
 * large tables never pay for an exact count above 10,000.
 */
interface PagedQuery<T> {
  limit(n: number): { offset(n: number): { execute(): Promise<T[]> } };
}

/** The rows to count, capped: `(cap) => <filtered query selecting anything>.limit(cap)`. */
export type CountOf = (cap: number) => Expression<unknown>;

/** A count that joins only what the filters need is built from its own (smaller) query. */
export function capped<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>): CountOf {
  return (cap) => base.clearSelect().select(sql<number>`1`.as('one')).limit(cap);
}

/** Whether a list filters on the shared finding columns (else a count can skip the findings table). */
export function hasFindingFilters(filters: FindingFilters): boolean {
  return (
    Boolean(filters.status?.length) ||
    Boolean(filters.severity?.length) ||
    filters.assignee_id !== undefined ||
    Boolean(filters.from) ||
    Boolean(filters.to) ||
    filters.is_demo !== undefined ||
    changeConditions(filters).length > 0
  );
}

export async function pageOf<T>(
  db: Executor,
  query: PagedQuery<T>,
  countOf: CountOf,
  input: PageInput,
): Promise<{ rows: T[]; meta: PageMeta }> {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? 25;
  const offset = (page - 1) * pageSize;
  const rows = await query
    .limit(pageSize + 1)
    .offset(offset)
    .execute();
  const hasMore = rows.length > pageSize;
  const data = rows.slice(0, pageSize);
  let total = offset + data.length;
  let lowerBound = false;
  if (!(page === 1 && !hasMore)) {
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from (${countOf(TOTAL_CAP + 1)}) as capped`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
    if (total > TOTAL_CAP) {
      total = Math.max(TOTAL_CAP, offset + data.length);
      lowerBound = true;
    }
  }
  return {
    rows: data,
    meta: { page, page_size: pageSize, total, total_is_lower_bound: lowerBound, has_more: hasMore },
  };
}

/** A finding's severity as a number to sort by (critical highest), for `orderOf`'s columns. */
export const SEVERITY_RANK =
  "case f.severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 else 1 end";

/** A list's order: the column (an SQL expression of the code's own, never the client's text) and direction. */
export interface Order {
  column: string;
  dir: 'asc' | 'desc';
}

/**
 * A list's `sort` parameter (`key` ascending, `-key` descending) mapped through `columns` (sort key →
 * SQL expression). No sort, or a key `columns` lacks, gives `fallback`: itself a sort value such as
 * `'-last_seen_at'` whose key must be in `columns`.
 */
export function orderOf(sort: string | undefined, columns: Readonly<Record<string, string>>, fallback: string): Order {
  const known = sort !== undefined && Object.hasOwn(columns, sort.replace(/^-/, ''));
  const chosen = known ? sort : fallback;
  const column = columns[chosen.replace(/^-/, '')];
  if (column === undefined) throw new Error(`The fallback sort '${fallback}' names no column.`);
  return { column, dir: chosen.startsWith('-') ? 'desc' : 'asc' };
}

/** The order as SQL for `orderBy`: `column dir`, and `nulls last` when asked (a nullable column's empty values last both ways). */
export function orderSql(order: Order, nullsLast = false): RawBuilder<unknown> {
  return sql.raw(`${order.column} ${order.dir}${nullsLast ? ' nulls last' : ''}`);
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** Prefix match on a column indexed with COLLATE "C" (LIKE plus a range the index can use). */
export function prefixMatch(column: string, text: string): RawBuilder<unknown> {
  const ref = sql.raw(`${column} collate "C"`);
  const value = text.trim().toLowerCase();
  return sql`(${ref} >= ${value} and ${ref} < ${`${value}\u{10FFFF}`} and ${ref} like ${likePrefix(value)})`;
}
