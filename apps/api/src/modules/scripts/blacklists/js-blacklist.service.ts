// The JS blacklist's verbs: list (filters, sort, paging, the families for the filter), CSV export
// (the columns the CSV import reads, then status, notes and hits), add one entry by hand, change
// its status, family or notes, delete it. Always within the session's company.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { csvStream, EXPORT_BATCH } from '../../../platform/findings/findings.csv.js';
import {
  and,
  capped,
  likeContains,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
} from '../../../platform/findings/findings.query.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { BlacklistKind, JsBlacklistTable } from '../scripts/scripts.table.js';
import { normaliseEntry } from './js-blacklist.values.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

type Status = 'active' | 'inactive';

export interface BlacklistFilters {
  q?: string | undefined;
  kind?: BlacklistKind[] | undefined;
  status?: Status | undefined;
  family?: string | undefined;
  is_demo?: boolean | undefined;
}

export interface BlacklistListInput extends BlacklistFilters, PageInput {
  sort?: string | undefined;
}

export interface BlacklistInput {
  kind?: BlacklistKind | undefined;
  value: string;
  source?: string | undefined;
  family?: string | null | undefined;
  status?: Status | undefined;
  notes?: string | null | undefined;
}

export interface BlacklistUpdate {
  id: number;
  status?: Status | undefined;
  family?: string | null | undefined;
  notes?: string | null | undefined;
}

function conditions(scope: TenantScope, filters: BlacklistFilters) {
  const c = [tenantFilter('b', scope)];
  const q = filters.q?.trim().toLowerCase();
  if (q) {
    c.push(sql`(b.value like ${likeContains(q)} or lower(b.source) like ${likeContains(q)}
      or lower(coalesce(b.notes, '')) like ${likeContains(q)})`);
  }
  if (filters.kind?.length) c.push(sql`b.kind in (${sql.join(filters.kind)})`);
  if (filters.status) c.push(sql`b.status = ${filters.status}`);
  if (filters.family) c.push(sql`b.family = ${filters.family}`);
  if (filters.is_demo !== undefined) c.push(sql`b.is_demo = ${filters.is_demo}`);
  return c;
}

const filtered = (db: Executor, scope: TenantScope, filters: BlacklistFilters) =>
  db.selectFrom('js_blacklist as b').where(and(conditions(scope, filters)));

type EntryRow = Pick<
  JsBlacklistTable,
  'kind' | 'value' | 'source' | 'family' | 'notes' | 'first_seen_at' | 'last_seen_at' | 'created_at' | 'updated_at'
> & { id: number; status: Status; hits: number; is_demo: boolean };

const columns = [
  'b.id',
  'b.kind',
  'b.value',
  'b.source',
  'b.family',
  'b.status',
  'b.notes',
  'b.first_seen_at',
  'b.last_seen_at',
  'b.hits',
  'b.is_demo',
  'b.created_at',
  'b.updated_at',
] as const;

function toEntry(row: EntryRow) {
  return {
    ...row,
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const sortColumns = {
  first_seen_at: 'b.first_seen_at',
  last_seen_at: 'b.last_seen_at',
  value: 'b.value',
  hits: 'b.hits',
} as const;

export async function listJsBlacklist({ ctx, auth, input }: Verb<BlacklistListInput>) {
  const scope = requireScope(auth.scope);
  const order = orderOf(input.sort, sortColumns, '-first_seen_at');
  const query = filtered(ctx.db, scope, input).select(columns).orderBy(orderSql(order)).orderBy('b.id', order.dir);
  const { rows, meta } = await pageOf(ctx.db, query, capped(filtered(ctx.db, scope, input).select('b.id')), input);
  const families = await ctx.db
    .selectFrom('js_blacklist as b')
    .select('b.family')
    .distinct()
    .where(tenantFilter('b', scope))
    .where('b.family', 'is not', null)
    .orderBy('b.family')
    .execute();
  return { data: rows.map(toEntry), meta, families: families.flatMap((f) => (f.family ? [f.family] : [])) };
}

export function exportJsBlacklist({ ctx, auth, input }: Verb<BlacklistFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    ['kind', 'value', 'source', 'family', 'first_seen', 'last_seen', 'status', 'notes', 'hits'],
    (after) =>
      filtered(ctx.db, scope, input)
        .select(columns)
        .where('b.id', '>', after)
        .orderBy('b.id')
        .limit(EXPORT_BATCH)
        .execute(),
    (r) => [r.kind, r.value, r.source, r.family, r.first_seen_at, r.last_seen_at, r.status, r.notes, r.hits],
  );
}

async function entryOf(db: Executor, scope: TenantScope, id: number) {
  const row = await filtered(db, scope, {}).select(columns).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw new ServiceError('not_found', 'Blacklist entry not found.');
  return { data: toEntry(row) };
}

const blank = (text: string | null | undefined) => text?.trim() || null;

export async function createJsBlacklistEntry({ ctx, auth, input }: Verb<BlacklistInput>) {
  const scope = requireScope(auth.scope);
  const entry = normaliseEntry(input.kind, input.value);
  if (!entry.ok) throw validationError({ value: [entry.reason] });
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('js_blacklist')
      .values({
        company_id: scope.companyId,
        kind: entry.kind,
        value: entry.value,
        source: blank(input.source) ?? 'manual',
        family: blank(input.family),
        status: input.status ?? 'active',
        notes: blank(input.notes),
        first_seen_at: now,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['company_id', 'kind', 'value']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new ServiceError('conflict', `The blacklist already holds this ${entry.kind}.`);
    return row.id;
  });
  return entryOf(ctx.db, scope, id);
}

export async function updateJsBlacklistEntry({ ctx, auth, input }: Verb<BlacklistUpdate>) {
  const scope = requireScope(auth.scope);
  const changes = {
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.family === undefined ? {} : { family: blank(input.family) }),
    ...(input.notes === undefined ? {} : { notes: blank(input.notes) }),
  };
  const updated = await ctx.db.transaction().execute((trx) =>
    trx
      .updateTable('js_blacklist')
      .set({ ...changes, updated_at: ctx.clock.now() })
      .where(tenantFilter('js_blacklist', scope))
      .where('id', '=', input.id)
      .executeTakeFirst(),
  );
  if (Number(updated.numUpdatedRows) === 0) throw new ServiceError('not_found', 'Blacklist entry not found.');
  return entryOf(ctx.db, scope, input.id);
}

export async function deleteJsBlacklistEntry({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx
        .deleteFrom('js_blacklist')
        .where(tenantFilter('js_blacklist', scope))
        .where('id', '=', input.id)
        .executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Blacklist entry not found.');
  return { message: 'Blacklist entry deleted.' };
}
