// The store blacklist (/vtexblacklist): fraudulent or cloned store domains of a company with their
// evidence, registrar and host (RDAP), and the takedown workflow. `addToStoreBlacklist` is the one
// way in, for a user's entry, a promoted clone candidate (clones/) and the demo; it runs in the
// caller's transaction and queues the entry's first check (RDAP and liveness: store-blacklist.check.ts).
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { insertEvents } from '../../../platform/events/events.repository.js';
import { csvStream } from '../../../platform/findings/findings.csv.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope } from '../../../shared/tenant.js';
import type { StoreBlacklistStatus } from '../clones/clones.table.js';
import { queueBlacklistCheck } from './store-blacklist.queue.js';
import {
  type EntryChanges,
  entryBatchAfter,
  findEntry,
  historyOf,
  listEntries,
  recordChanges,
  registrarsOf,
  type StoreBlacklistFilters,
  type StoreBlacklistListInput,
  toEntry,
} from './store-blacklist.repository.js';
import { allowedMove, NOTES_MAX, nextStatuses, storeDomain, storeUrl } from './store-blacklist.values.js';

export interface StoreBlacklistAddition {
  companyId: number;
  /** A domain (or a URL, whose host is taken); normalised, a 422 naming `domain` when it is not one. */
  domain: string;
  /** A URL on the domain (the page seen); a 422 naming `url` when it is not one. */
  url?: string | null | undefined;
  /** The clone candidate it was promoted from (/vtexdork). */
  candidateId?: number | null | undefined;
  /** What shows the store is fraudulent (similarity, capture, fingerprints…), kept as JSON. */
  evidence?: Record<string, unknown> | undefined;
  notes?: string | undefined;
  /** Where it starts: suspected (default) or confirmed. */
  status?: 'suspected' | 'confirmed' | undefined;
  actorUserId: number | null;
  isDemo?: boolean | undefined;
  now: Date;
}

/** The entry's id; `created` false when the company's blacklist already held the domain (left as it was). */
export interface AddedToStoreBlacklist {
  id: number;
  created: boolean;
}

/**
 * Adds a domain to the company's store blacklist in the caller's transaction: the entry, its first
 * history line and an event, and a check queued at once (registrar and host, online or not).
 */
export async function addToStoreBlacklist(db: Executor, input: StoreBlacklistAddition): Promise<AddedToStoreBlacklist> {
  const domain = storeDomain(input.domain);
  if (!domain.ok) throw validationError({ domain: [domain.reason] });
  const url = storeUrl(input.url, domain.value);
  if (!url.ok) throw validationError({ url: [url.reason] });
  const status: StoreBlacklistStatus = input.status ?? 'suspected';
  const row = await db
    .insertInto('store_blacklist')
    .values({
      company_id: input.companyId,
      candidate_id: input.candidateId ?? null,
      domain: domain.value,
      url: url.value,
      status,
      evidence: JSON.stringify(input.evidence ?? {}),
      notes: (input.notes ?? '').trim().slice(0, NOTES_MAX),
      next_check_at: input.now,
      is_demo: input.isDemo ?? false,
      created_by: input.actorUserId,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['company_id', 'domain']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    const existing = await db
      .selectFrom('store_blacklist')
      .select('id')
      .where('company_id', '=', input.companyId)
      .where('domain', '=', domain.value)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }
  await db
    .insertInto('store_blacklist_changes')
    .values({
      company_id: input.companyId,
      entry_id: row.id,
      field: 'status',
      from_value: null,
      to_value: status,
      actor_user_id: input.actorUserId,
      at: input.now,
    })
    .execute();
  await insertEvents(db, [
    {
      companyId: input.companyId,
      module: 'scripts',
      kind: 'store_blacklist.changed',
      severity: null,
      title: `${domain.value} added to the store blacklist (${status.replace('_', ' ')})`,
      actorUserId: input.actorUserId,
      details: { entry_id: row.id, domain: domain.value, field: 'status', from: null, to: status },
      at: input.now,
    },
  ]);
  await queueBlacklistCheck(db, input.companyId, input.now, input.isDemo ?? false);
  return { id: row.id, created: true };
}

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export async function listStoreBlacklist({ ctx, auth, input }: Verb<StoreBlacklistListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listEntries(ctx.db, scope, input);
  return { data: rows.map(toEntry), meta, registrars: await registrarsOf(ctx.db, scope) };
}

export function exportStoreBlacklist({ ctx, auth, input }: Verb<StoreBlacklistFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      'domain',
      'url',
      'status',
      'registrar',
      'host',
      'address',
      'takedown_reference',
      'takedown_requested_at',
      'last_checked_at',
      'last_online_at',
      'offline_since',
      'notes',
      'created_at',
    ],
    (after) => entryBatchAfter(ctx.db, scope, input, after),
    (r) => [
      r.domain,
      r.url,
      r.status,
      r.registrar,
      r.host,
      r.address,
      r.takedown_reference,
      r.takedown_requested_at,
      r.last_checked_at,
      r.last_online_at,
      r.offline_since,
      r.notes,
      r.created_at,
    ],
  );
}

const notFound = () => new ServiceError('not_found', 'Store blacklist entry not found.');

function evidenceOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function getStoreBlacklistEntry({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await findEntry(ctx.db, scope, input.id);
  if (!row) throw notFound();
  const history = await historyOf(ctx.db, scope, input.id);
  return {
    data: {
      ...toEntry(row),
      evidence: evidenceOf(row.evidence),
      history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    },
  };
}

async function entryResponse(db: Executor, scope: TenantScope, id: number) {
  const row = await findEntry(db, scope, id);
  if (!row) throw notFound();
  return { data: toEntry(row) };
}

export async function createStoreBlacklistEntry({
  ctx,
  auth,
  input,
}: Verb<{
  domain: string;
  url?: string | null | undefined;
  status?: 'suspected' | 'confirmed' | undefined;
  notes?: string | undefined;
}>) {
  const scope = requireScope(auth.scope);
  const added = await ctx.db.transaction().execute((trx) =>
    addToStoreBlacklist(trx, {
      ...input,
      companyId: scope.companyId,
      actorUserId: scope.userId,
      now: ctx.clock.now(),
    }),
  );
  if (!added.created) throw new ServiceError('conflict', 'This domain is already on the store blacklist.');
  return entryResponse(ctx.db, scope, added.id);
}

export interface StoreBlacklistUpdate {
  id: number;
  status?: StoreBlacklistStatus | undefined;
  notes?: string | undefined;
  takedown_reference?: string | null | undefined;
}

export async function updateStoreBlacklistEntry({ ctx, auth, input }: Verb<StoreBlacklistUpdate>) {
  const scope = requireScope(auth.scope);
  await ctx.db.transaction().execute(async (trx) => {
    const entry = await findEntry(trx, scope, input.id, true);
    if (!entry) throw notFound();
    if (input.status !== undefined && input.status !== entry.status && !allowedMove(entry.status, input.status)) {
      const allowed = nextStatuses[entry.status].map((s) => s.replace('_', ' ')).join(' or ');
      throw validationError({
        status: [`A ${entry.status.replace('_', ' ')} entry can only move to ${allowed}.`],
      });
    }
    const changes: EntryChanges = {
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.notes === undefined ? {} : { notes: input.notes.trim() }),
      ...(input.takedown_reference === undefined
        ? {}
        : { takedown_reference: input.takedown_reference?.trim() || null }),
    };
    await recordChanges(trx, entry, changes, { actorUserId: scope.userId, now: ctx.clock.now() });
  });
  return entryResponse(ctx.db, scope, input.id);
}

export async function checkStoreBlacklistEntry({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const entry = await findEntry(trx, scope, input.id, true);
    if (!entry) throw notFound();
    await trx.updateTable('store_blacklist').set({ next_check_at: now }).where('id', '=', entry.id).execute();
    await queueBlacklistCheck(trx, scope.companyId, now, entry.is_demo);
  });
  return { message: 'The check is queued.' };
}
