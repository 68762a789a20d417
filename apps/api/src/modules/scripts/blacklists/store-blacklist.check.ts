// The store blacklist's check (job kind `scripts.blacklist-recheck`). For one company: each entry
// due (next_check_at passed), one at a time, asks RDAP for the domain's registrar and its address's
// network (the host), and whether the store still answers (store-blacklist.liveness.ts); then, in one
// transaction per entry, records what changed: a confirmed or takedown-requested store that no longer
// answers goes offline, an offline one that answers again goes back to confirmed (a suspected entry
// keeps its status: a member decides first). Registrar, host and address changes go in the history.
// Without a company (the six-hourly platform schedule): one check queued per company with entries due.
// An entry is due again 6 hours later (24 when offline); a restarted job resumes with the entries
// still due.
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import { appendLog } from '../../../platform/imports/imports.repository.js';
import type { RunOutcome } from '../../../platform/jobs/job-kind.types.js';
import { cancelRequested, endJob, extendLease } from '../../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../../platform/jobs/jobs.table.js';
import { ProviderFailed, ProviderThrottled, type RdapProvider } from '../../../platform/providers/provider.types.js';
import { getProviders } from '../../../platform/providers/providers.js';
import { HOUR } from '../../../shared/clock.js';
import type { StoreBlacklistRow } from '../clones/clones.table.js';
import { ScanRefused } from '../scanner/scan-proxy.js';
import { checkLiveness, type Liveness } from './store-blacklist.liveness.js';
import { queueBlacklistCheck } from './store-blacklist.queue.js';
import { type EntryChanges, recordChanges } from './store-blacklist.repository.js';

export const CHECK_EVERY_MS = 6 * HOUR;
export const OFFLINE_CHECK_EVERY_MS = 24 * HOUR;
/** Entries checked per job; the rest stay due for the next one (queued at the end). */
const BATCH = 200;
const LEASE_MS = 60_000;

interface Registration {
  registrar?: string | null;
  host?: string | null;
}

/** RDAP's answers for the entry; `throttled` once the provider asked to wait (no more asked this run). */
async function registrationOf(
  rdap: RdapProvider | null,
  entry: StoreBlacklistRow,
  address: string | null,
  state: { throttled: boolean; notes: string[] },
): Promise<Registration> {
  if (!rdap || state.throttled) return {};
  const call = { companyId: entry.company_id, runId: null };
  try {
    const domain = await rdap.domain(entry.domain, call);
    const network = address ? await rdap.ip(address, call) : null;
    return {
      ...(domain?.registrar ? { registrar: domain.registrar } : {}),
      ...(network?.name ? { host: network.name } : {}),
    };
  } catch (error) {
    if (error instanceof ProviderThrottled) state.throttled = true;
    else if (!(error instanceof ProviderFailed)) throw error;
    state.notes.push(`${entry.domain}: registration data not read (${error.message})`);
    return {};
  }
}

function statusAfter(entry: StoreBlacklistRow, live: Liveness): EntryChanges {
  if (!live.online && (entry.status === 'confirmed' || entry.status === 'takedown_requested')) {
    return { status: 'offline' };
  }
  if (live.online && entry.status === 'offline') return { status: 'confirmed' };
  return {};
}

async function checkEntry(
  ctx: AppContext,
  id: number,
  rdap: RdapProvider | null,
  state: { throttled: boolean; notes: string[] },
) {
  const entry = await ctx.db.selectFrom('store_blacklist').selectAll().where('id', '=', id).executeTakeFirst();
  if (!entry) return;
  let live: Liveness | null = null;
  try {
    live = await checkLiveness(entry.domain, entry.url, ctx.config.scan, ctx.config.scan.timeoutMs);
  } catch (error) {
    if (!(error instanceof ScanRefused)) throw error;
    state.notes.push(`${entry.domain}: not checked (${error.message})`);
  }
  const registration = await registrationOf(rdap, entry, live?.address ?? null, state);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Read again under a lock: a member may have moved it while the check ran.
    const current = await trx
      .selectFrom('store_blacklist')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return;
    const changes: EntryChanges = {
      ...registration,
      ...(live?.address ? { address: live.address } : {}),
      ...(live ? statusAfter(current, live) : {}),
    };
    const offline = (changes.status ?? current.status) === 'offline';
    await recordChanges(
      trx,
      current,
      changes,
      { actorUserId: null, now },
      {
        last_checked_at: now,
        ...(live?.online ? { last_online_at: now } : {}),
        next_check_at: new Date(now.getTime() + (offline ? OFFLINE_CHECK_EVERY_MS : CHECK_EVERY_MS)),
      },
    );
  });
}

/** The company's due entries, oldest due first. */
function dueEntries(ctx: AppContext, companyId: number, now: Date) {
  return ctx.db
    .selectFrom('store_blacklist')
    .select('id')
    .where('company_id', '=', companyId)
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
}

/** The platform's run: one check queued per company with an entry due. */
async function queueCompanyChecks(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const now = ctx.clock.now();
  const count = await ctx.db.transaction().execute(async (trx) => {
    const companies = await trx
      .selectFrom('store_blacklist')
      .select('company_id')
      .select(sql<boolean>`bool_and(is_demo)`.as('demo'))
      .where('next_check_at', '<=', now)
      .groupBy('company_id')
      .execute();
    for (const c of companies) await queueBlacklistCheck(trx, c.company_id, now, c.demo);
    await appendLog(trx, job.id, 'info', `${companies.length} store blacklist checks queued.`, now);
    return companies.length;
  });
  await endJob(ctx.db, job.id, ctx.clock.now());
  return count >= 0 ? 'succeeded' : 'failed';
}

/** Stopped by a shutdown: back in the queue (the entries not checked yet are still due). */
async function release(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  await ctx.db.updateTable('jobs').set({ status: 'queued', lease_expires_at: null }).where('id', '=', job.id).execute();
  return 'released';
}

export async function runBlacklistCheck(ctx: AppContext, job: ClaimedJob, signal: AbortSignal): Promise<RunOutcome> {
  if (job.company_id === null) return queueCompanyChecks(ctx, job);
  const companyId = job.company_id;
  const rdap = getProviders(ctx).rdap;
  const state = { throttled: false, notes: [] as string[] };
  const due = await dueEntries(ctx, companyId, ctx.clock.now());
  let checked = 0;
  for (const { id } of due) {
    if (signal.aborted) return release(ctx, job);
    if (await cancelRequested(ctx.db, job.id)) break;
    await extendLease(ctx.db, job.id, new Date(ctx.clock.now().getTime() + LEASE_MS));
    await checkEntry(ctx, id, rdap, state);
    checked += 1;
  }
  const now = ctx.clock.now();
  const cancelled = await cancelRequested(ctx.db, job.id);
  await ctx.db.transaction().execute(async (trx) => {
    for (const note of state.notes.slice(0, 50)) await appendLog(trx, job.id, 'warn', note, now);
    const without = rdap ? '' : ' Registrar and host not read: RDAP is not configured (set RDAP_URL).';
    await appendLog(trx, job.id, 'info', `${checked} store blacklist entries checked.${without}`, now);
    await trx.updateTable('jobs').set({ read_count: checked }).where('id', '=', job.id).execute();
    if (!cancelled && due.length === BATCH) await queueBlacklistCheck(trx, companyId, now, job.is_demo);
  });
  if (cancelled) {
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: now, lease_expires_at: null })
      .where('id', '=', job.id)
      .execute();
    return 'cancelled';
  }
  await endJob(ctx.db, job.id, now);
  return 'succeeded';
}
