// The store blacklist's reads (list, export batches, one entry, its history, the registrars for the
// filter) and its one writer of changes: each changed field gets a history line, and a member's
// change or a status the re-check moved gets an event. Always within the session's company.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { insertEvents } from '../../../platform/events/events.repository.js';
import { EXPORT_BATCH } from '../../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  iso,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../../platform/findings/findings.query.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { StoreBlacklistRow, StoreBlacklistStatus } from '../clones/clones.table.js';
import { nextStatuses } from './store-blacklist.values.js';

export interface StoreBlacklistFilters {
  q?: string | undefined;
  status?: StoreBlacklistStatus[] | undefined;
  registrar?: string | undefined;
  is_demo?: boolean | undefined;
}

export interface StoreBlacklistListInput extends StoreBlacklistFilters, PageInput {
  sort?: string | undefined;
}

function conditions(scope: TenantScope, filters: StoreBlacklistFilters) {
  const c = [tenantFilter('b', scope)];
  const q = filters.q?.trim().toLowerCase();
  if (q) {
    const like = likeContains(q);
    c.push(sql`(b.domain like ${like} or lower(coalesce(b.url, '')) like ${like} or lower(b.notes) like ${like}
      or lower(coalesce(b.registrar, '')) like ${like} or lower(coalesce(b.host, '')) like ${like}
      or lower(coalesce(b.takedown_reference, '')) like ${like})`);
  }
  if (filters.status?.length) c.push(sql`b.status in (${sql.join(filters.status)})`);
  if (filters.registrar?.trim()) c.push(sql`b.registrar = ${filters.registrar.trim()}`);
  if (filters.is_demo !== undefined) c.push(sql`b.is_demo = ${filters.is_demo}`);
  return c;
}

const filtered = (db: Executor, scope: TenantScope, filters: StoreBlacklistFilters) =>
  db.selectFrom('store_blacklist as b').where(and(conditions(scope, filters)));

/** The workflow's order, for sorting by status. */
const statusRank =
  "case b.status when 'suspected' then 1 when 'confirmed' then 2 when 'takedown_requested' then 3 else 4 end";
const sortColumns = {
  created_at: 'b.created_at',
  domain: 'b.domain',
  status: statusRank,
  registrar: 'b.registrar',
  last_checked_at: 'b.last_checked_at',
} as const;

export function toEntry(row: StoreBlacklistRow) {
  return {
    id: row.id,
    domain: row.domain,
    url: row.url,
    status: row.status,
    next_statuses: [...nextStatuses[row.status]],
    registrar: row.registrar,
    host: row.host,
    address: row.address,
    notes: row.notes,
    takedown_reference: row.takedown_reference,
    takedown_requested_at: iso(row.takedown_requested_at),
    last_checked_at: iso(row.last_checked_at),
    last_online_at: iso(row.last_online_at),
    offline_since: iso(row.offline_since),
    next_check_at: iso(row.next_check_at),
    candidate_id: row.candidate_id,
    is_demo: row.is_demo,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listEntries(db: Executor, scope: TenantScope, input: StoreBlacklistListInput) {
  const order = orderOf(input.sort, sortColumns, '-created_at');
  const nullable = order.column === sortColumns.registrar || order.column === sortColumns.last_checked_at;
  const query = filtered(db, scope, input).selectAll('b').orderBy(orderSql(order, nullable)).orderBy('b.id', order.dir);
  return pageOf(db, query, capped(filtered(db, scope, input).select('b.id')), input);
}

export function entryBatchAfter(db: Executor, scope: TenantScope, filters: StoreBlacklistFilters, after: number) {
  return filtered(db, scope, filters)
    .selectAll('b')
    .where('b.id', '>', after)
    .orderBy('b.id')
    .limit(EXPORT_BATCH)
    .execute();
}

export async function registrarsOf(db: Executor, scope: TenantScope): Promise<string[]> {
  const rows = await db
    .selectFrom('store_blacklist as b')
    .select('b.registrar')
    .distinct()
    .where(tenantFilter('b', scope))
    .where('b.registrar', 'is not', null)
    .orderBy('b.registrar')
    .limit(500)
    .execute();
  return rows.flatMap((r) => (r.registrar ? [r.registrar] : []));
}

/** One entry of the company; `forUpdate` locks it for the caller's transaction. */
export function findEntry(db: Executor, scope: TenantScope, id: number, forUpdate = false) {
  const query = filtered(db, scope, {}).selectAll('b').where('b.id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function historyOf(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('store_blacklist_changes as h')
    .leftJoin('users as u', 'u.id', 'h.actor_user_id')
    .select(['h.id', 'h.field', 'h.from_value', 'h.to_value', 'u.name as actor_name', 'h.at'])
    .where(tenantFilter('h', scope))
    .where('h.entry_id', '=', id)
    .orderBy('h.id')
    .limit(1000)
    .execute();
}

/** The fields a change may touch, with their history names. */
export type ChangedField = 'status' | 'notes' | 'takedown_reference' | 'registrar' | 'host' | 'address';
export type EntryChanges = Partial<Record<ChangedField, string | null>>;

const label = (status: string | null) => (status ?? '').replace('_', ' ');

function titleOf(domain: string, field: ChangedField, from: string | null, to: string | null): string {
  if (field === 'status') return `${domain}: ${label(from)} → ${label(to)} (store blacklist)`;
  if (field === 'takedown_reference') return `${domain}: takedown reference ${to ?? 'removed'} (store blacklist)`;
  return `${domain}: ${field} changed (store blacklist)`;
}

/**
 * Writes `changes` (the fields that differ from `entry`) to the entry, its history and, for a
 * member's change or a status the system moved, an event; plus the columns that follow a status
 * (when a takedown was requested, since when it is offline). In the caller's transaction.
 */
export async function recordChanges(
  db: Executor,
  entry: StoreBlacklistRow,
  changes: EntryChanges,
  who: { actorUserId: number | null; now: Date },
  extra: Partial<Pick<StoreBlacklistRow, 'last_checked_at' | 'last_online_at' | 'next_check_at'>> = {},
): Promise<ChangedField[]> {
  const changed = (Object.entries(changes) as [ChangedField, string | null][]).filter(
    ([field, value]) => entry[field] !== value,
  );
  const to = changes.status as StoreBlacklistStatus | undefined;
  const statusColumns =
    to && to !== entry.status
      ? {
          ...(to === 'takedown_requested' ? { takedown_requested_at: who.now } : {}),
          offline_since: to === 'offline' ? who.now : null,
        }
      : {};
  await db
    .updateTable('store_blacklist')
    .set({
      ...Object.fromEntries(changed),
      ...statusColumns,
      ...extra,
      ...(changed.length ? { updated_at: who.now } : {}),
    })
    .where('id', '=', entry.id)
    .execute();
  if (changed.length === 0) return [];
  await db
    .insertInto('store_blacklist_changes')
    .values(
      changed.map(([field, value]) => ({
        company_id: entry.company_id,
        entry_id: entry.id,
        field,
        from_value: entry[field],
        to_value: value,
        actor_user_id: who.actorUserId,
        at: who.now,
      })),
    )
    .execute();
  const announced = changed.filter(([field]) => who.actorUserId !== null || field === 'status');
  await insertEvents(
    db,
    announced.map(([field, value]) => ({
      companyId: entry.company_id,
      module: 'scripts' as const,
      kind: 'store_blacklist.changed' as const,
      severity: null,
      title: titleOf(entry.domain, field, entry[field], value),
      actorUserId: who.actorUserId,
      details: { entry_id: entry.id, domain: entry.domain, field, from: entry[field], to: value },
      at: who.now,
    })),
  );
  return changed.map(([field]) => field);
}
