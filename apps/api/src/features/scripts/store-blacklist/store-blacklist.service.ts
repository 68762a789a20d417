// The store blacklist (/vtexblacklist): fraudulent or cloned store domains of a company with their
// evidence, registrar and host (RDAP), and the takedown workflow. `addToStoreBlacklist` is the one
// way in, for a user's entry, a promoted clone candidate (clones/) and the demo; it runs in the
// caller's transaction and queues the entry's first check (RDAP and liveness: store-blacklist.check.ts).
import type { Executor } from '../../../db/database.js';
import { validationError } from '../../../shared/http-error.js';
import { insertEvents } from '../../events/events.repository.js';
import type { StoreBlacklistStatus } from '../clones/clones.table.js';
import { queueBlacklistCheck } from './store-blacklist.queue.js';
import { NOTES_MAX, storeDomain, storeUrl } from './store-blacklist.values.js';

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
