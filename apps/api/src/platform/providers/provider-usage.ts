// What the providers cost: requests, results, throttled answers and failures per company, provider
// and day (provider_usage, what the screens show), each request also on its run; and the window
// each provider's quota is counted in (provider_limits: one row per provider, shared by every
// process, since a deployment has one credential per provider). Windows are fixed and aligned
// (a minute, a UTC day), so every process computes the same one.
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { type ProviderId, ProviderThrottled } from './provider.types.js';

export interface UsageDelta {
  requests?: number;
  results?: number;
  throttled?: number;
  failures?: number;
}

export interface ProviderLimit {
  max: number;
  windowMs: number;
}

/** The UTC day, as a date literal (a Date would be cast in the session's time zone). */
const dayOf = (now: Date) => sql<Date>`${now.toISOString().slice(0, 10)}::date`;

export async function countUsage(
  db: Executor,
  companyId: number,
  provider: ProviderId,
  now: Date,
  delta: UsageDelta,
): Promise<void> {
  const values = {
    requests: delta.requests ?? 0,
    results: delta.results ?? 0,
    throttled: delta.throttled ?? 0,
    failures: delta.failures ?? 0,
  };
  await db
    .insertInto('provider_usage')
    .values({ company_id: companyId, provider, day: dayOf(now), ...values })
    .onConflict((oc) =>
      oc.columns(['company_id', 'provider', 'day']).doUpdateSet((eb) => ({
        requests: eb('provider_usage.requests', '+', values.requests),
        results: eb('provider_usage.results', '+', values.results),
        throttled: eb('provider_usage.throttled', '+', values.throttled),
        failures: eb('provider_usage.failures', '+', values.failures),
      })),
    )
    .execute();
}

export async function countRunRequest(db: Executor, runId: number): Promise<void> {
  await db
    .updateTable('provider_runs')
    .set((eb) => ({ requests: eb('requests', '+', 1) }))
    .where('id', '=', runId)
    .execute();
}

/**
 * Takes one request from the provider's window, or throws ProviderThrottled with the time it
 * opens again (the window's end, or the block a 429 set).
 */
export async function takeSlot(db: Db, provider: ProviderId, limit: ProviderLimit, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const retryAt = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('provider_limits')
      .values({ provider, window_started_at: windowStart, used: 0 })
      .onConflict((oc) => oc.column('provider').doNothing())
      .execute();
    const row = await trx
      .selectFrom('provider_limits')
      .selectAll()
      .where('provider', '=', provider)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.blocked_until && row.blocked_until > now) return row.blocked_until;
    const current = row.window_started_at.getTime() === windowStart.getTime();
    if (current && row.used >= limit.max) return new Date(windowStart.getTime() + limit.windowMs);
    await trx
      .updateTable('provider_limits')
      .set({ window_started_at: windowStart, used: current ? row.used + 1 : 1, blocked_until: null })
      .where('provider', '=', provider)
      .execute();
    return null;
  });
  if (retryAt) throw new ProviderThrottled(provider, retryAt);
}

/** The provider said "too many requests": nobody asks it again before `until`. */
export async function blockProvider(db: Executor, provider: ProviderId, until: Date, now: Date): Promise<void> {
  await db
    .insertInto('provider_limits')
    .values({ provider, window_started_at: now, used: 0, blocked_until: until })
    .onConflict((oc) => oc.column('provider').doUpdateSet({ blocked_until: until }))
    .execute();
}

/** The company's usage today, per provider. */
export async function usageToday(db: Executor, companyId: number, now: Date) {
  const rows = await db
    .selectFrom('provider_usage')
    .select(['provider', 'requests', 'results', 'throttled', 'failures'])
    .where('company_id', '=', companyId)
    .where('day', '=', dayOf(now))
    .execute();
  return new Map(rows.map((r) => [r.provider, r]));
}

export async function blockedProviders(db: Executor, now: Date): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('provider_limits')
    .select(['provider', 'blocked_until'])
    .where('blocked_until', '>', now)
    .execute();
  return new Map(rows.flatMap((r) => (r.blocked_until ? [[r.provider, r.blocked_until] as const] : [])));
}
