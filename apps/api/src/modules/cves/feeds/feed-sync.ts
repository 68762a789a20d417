// The CVE catalogue keeps itself current: NVD CVE API 2.0 incrementally (by lastModStartDate and
// lastModEndDate, at most 120 days per range, 2,000 CVEs a page), the CISA KEV catalogue and the
// FIRST EPSS scores daily (skipped when unchanged). Each feed goes through the importers' own
// parser and writer, a batch per transaction with the job's counts; its cursor moves only when
// what it covers is written, so an interrupted sync resumes without writing twice. A failure is
// recorded on the feed (the operator status view) and fails the attempt (the job backs off).
import { gunzipSync } from 'node:zlib';
import { sql, type Updateable } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import type { Db, Executor } from '../../../db/database.js';
import { isRecord, type ParsedItem, type WriteContext } from '../../../platform/imports/import.types.js';
import { LEASE_MS } from '../../../platform/imports/import-runner.js';
import { textUpload } from '../../../platform/imports/import-unpack.js';
import type { RunOutcome } from '../../../platform/jobs/job-kind.types.js';
import { endJob, extendLease } from '../../../platform/jobs/jobs.repository.js';
import type { ClaimedJob } from '../../../platform/jobs/jobs.table.js';
import type { Clock } from '../../../shared/clock.js';
import type { CatalogueFeedsTable } from '../cves.table.js';
import { parseEpss, parseEpssMeta } from '../epss.parser.js';
import { writeEpss } from '../epss.writer.js';
import { parseKev } from '../kev.parser.js';
import { writeKev } from '../kev.writer.js';
import { parseNvd } from '../nvd.parser.js';
import { writeNvd } from '../nvd.writer.js';
import { FEED_TIMEOUT_MS, type FeedRequest, fetchFeed, RateLimiter } from './feed-http.js';

export type FeedName = CatalogueFeedsTable['feed'];
const DAY = 86_400_000;
const NVD_RANGE_MS = 120 * DAY;
export const NVD_PAGE_SIZE = 2000;
/** A first NVD sync starts this far back (older CVEs come from a manual full load by an operator). */
export const NVD_FIRST_SYNC_DAYS = 30;
const BATCH = 500;

export function feedState(db: Db, feed: FeedName) {
  return db.selectFrom('catalogue_feeds').selectAll().where('feed', '=', feed).executeTakeFirst();
}

type FeedValues = Partial<Omit<Updateable<CatalogueFeedsTable>, 'feed'>>;

async function recordFeed(db: Db, feed: FeedName, values: FeedValues): Promise<void> {
  await db
    .insertInto('catalogue_feeds')
    .values({ feed, ...values })
    .onConflict((oc) => oc.column('feed').doUpdateSet(values))
    .execute();
}

interface Totals {
  added: number;
  updated: number;
}

/** Writes parsed records a batch per transaction (with the job's counts); rejects are counted. */
async function writeItems<R>(
  ctx: AppContext,
  job: ClaimedJob,
  items: AsyncIterable<ParsedItem<R>>,
  write: (
    trx: Executor,
    context: WriteContext,
    state: unknown,
    records: R[],
  ) => Promise<{ added: number; updated: number }>,
  totals: Totals,
): Promise<void> {
  const now = ctx.clock.now();
  const context: WriteContext = { ctx, job, now, seenAt: now };
  let records: R[] = [];
  let rejected = 0;
  const flush = async () => {
    const batch = records;
    const refused = rejected;
    records = [];
    rejected = 0;
    await ctx.db.transaction().execute(async (trx) => {
      const outcome = batch.length > 0 ? await write(trx, context, undefined, batch) : { added: 0, updated: 0 };
      totals.added += outcome.added;
      totals.updated += outcome.updated;
      await trx
        .updateTable('jobs')
        .set((eb) => ({
          read_count: eb('read_count', '+', batch.length + refused),
          added_count: eb('added_count', '+', outcome.added),
          updated_count: eb('updated_count', '+', outcome.updated),
          rejected_count: eb('rejected_count', '+', refused),
        }))
        .where('id', '=', job.id)
        .execute();
    });
  };
  for await (const item of items) {
    if (item.kind === 'record') records.push(item.record);
    else rejected += 1;
    if (records.length >= BATCH) await flush();
  }
  await flush();
}

async function log(ctx: AppContext, job: ClaimedJob, message: string): Promise<void> {
  await ctx.db.insertInto('job_log').values({ job_id: job.id, level: 'info', message, at: ctx.clock.now() }).execute();
}

/** NVD: every CVE modified since the cursor, range by range, page by page. */
async function syncNvd({ ctx, job, totals, fetch }: Sync): Promise<string> {
  const { nvdUrl, nvdApiKey } = ctx.config.feeds;
  const limiter = new RateLimiter(ctx.clock, nvdApiKey ? 50 : 5, 30_000);
  const end = ctx.clock.now();
  const cursor = (await feedState(ctx.db, 'nvd'))?.cursor;
  let from = cursor ? new Date(cursor) : new Date(end.getTime() - NVD_FIRST_SYNC_DAYS * DAY);
  let pages = 0;
  while (from < end) {
    const to = new Date(Math.min(end.getTime(), from.getTime() + NVD_RANGE_MS));
    for (let start = 0, total = 1; start < total; start += NVD_PAGE_SIZE) {
      const url = new URL(nvdUrl);
      url.searchParams.set('lastModStartDate', from.toISOString());
      url.searchParams.set('lastModEndDate', to.toISOString());
      url.searchParams.set('resultsPerPage', String(NVD_PAGE_SIZE));
      url.searchParams.set('startIndex', String(start));
      const headers: Record<string, string> = nvdApiKey ? { apiKey: nvdApiKey } : {};
      const text = (await fetch({ feed: 'the NVD API', url, headers, limiter })).toString('utf8');
      const page: unknown = JSON.parse(text);
      total = isRecord(page) && typeof page.totalResults === 'number' ? page.totalResults : 0;
      await writeItems(ctx, job, parseNvd(textUpload([{ path: `nvd-${start}.json`, text }])), writeNvd, totals);
      pages += 1;
    }
    // The range is written: the next sync starts where it ended.
    await recordFeed(ctx.db, 'nvd', { cursor: to.toISOString() });
    from = to;
  }
  return `${pages} NVD pages up to ${end.toISOString()}`;
}

async function syncKev({ ctx, job, totals, fetch }: Sync): Promise<string> {
  const body = await fetch({ feed: 'the CISA KEV catalogue', url: new URL(ctx.config.feeds.kevUrl) });
  const text = body.toString('utf8');
  const parsed: unknown = JSON.parse(text);
  const version = isRecord(parsed) && typeof parsed.catalogVersion === 'string' ? parsed.catalogVersion : null;
  if (version && version === (await feedState(ctx.db, 'kev'))?.cursor) return `KEV catalogue ${version} unchanged`;
  const items = parseKev(textUpload([{ path: 'known_exploited_vulnerabilities.json', text }]));
  await writeItems(ctx, job, items, writeKev, totals);
  await recordFeed(ctx.db, 'kev', { cursor: version });
  return `KEV catalogue ${version ?? '(no version)'}`;
}

async function syncEpss({ ctx, job, totals, fetch }: Sync): Promise<string> {
  const url = new URL(ctx.config.feeds.epssUrl);
  const body = await fetch({ feed: 'the FIRST EPSS scores', url });
  const unpacked = url.pathname.endsWith('.gz') ? gunzipSync(body, { maxOutputLength: 512 * 1024 * 1024 }) : body;
  const text = unpacked.toString('utf8');
  const meta = parseEpssMeta(text.slice(0, text.indexOf('\n')));
  const version = meta.model && meta.scoreDate ? `${meta.model} ${meta.scoreDate}` : null;
  if (version && version === (await feedState(ctx.db, 'epss'))?.cursor) {
    return `EPSS scores of ${meta.scoreDate} unchanged`;
  }
  await writeItems(ctx, job, parseEpss(textUpload([{ path: 'epss_scores-current.csv', text }])), writeEpss, totals);
  await recordFeed(ctx.db, 'epss', { cursor: version });
  return `EPSS scores ${version ?? '(no model header)'}`;
}

const syncs = { nvd: syncNvd, kev: syncKev, epss: syncEpss };

/** What a feed's sync works with: the job, its counts, and requests that keep the job's lease. */
interface Sync {
  ctx: AppContext;
  job: ClaimedJob;
  totals: Totals;
  fetch(request: Omit<FeedRequest, 'clock' | 'signal'>): Promise<Buffer>;
}

/**
 * A sync whose waits (a back-off, the rate limit) and requests first extend the job's lease past
 * them, so that no other worker takes the job for dead while it waits on a feed.
 */
function startSync(appCtx: AppContext, job: ClaimedJob, signal: AbortSignal): Sync {
  const extend = (ms: number) => extendLease(appCtx.db, job.id, new Date(appCtx.clock.now().getTime() + ms + LEASE_MS));
  const clock: Clock = {
    now: () => appCtx.clock.now(),
    sleep: async (ms) => {
      await extend(ms);
      await appCtx.clock.sleep(ms);
    },
  };
  const ctx: AppContext = { ...appCtx, clock };
  return {
    ctx,
    job,
    totals: { added: 0, updated: 0 },
    fetch: async (request) => {
      await extend(FEED_TIMEOUT_MS);
      return fetchFeed({ ...request, clock, signal });
    },
  };
}

/** The job kinds' run: one feed's sync, its outcome on the feed row and in the job's log. */
export function feedSync(feed: FeedName) {
  return async (appCtx: AppContext, job: ClaimedJob, signal: AbortSignal): Promise<RunOutcome> => {
    const sync = startSync(appCtx, job, signal);
    const { ctx, totals } = sync;
    const now = ctx.clock.now();
    await recordFeed(ctx.db, feed, { last_attempt_at: now });
    try {
      const what = await syncs[feed](sync);
      await recordFeed(ctx.db, feed, {
        last_success_at: now,
        last_error: null,
        last_added: totals.added,
        last_updated: totals.updated,
      });
      await log(ctx, job, `Synced ${what}: ${totals.added} added, ${totals.updated} updated.`);
      return await endJob(ctx.db, job.id, ctx.clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await recordFeed(ctx.db, feed, { last_error: reason });
      throw error;
    }
  };
}

/** The catalogue's freshness for the operator status view: each feed's state and the rows it holds. */
export async function catalogueFreshness(db: Db) {
  const feeds = await db.selectFrom('catalogue_feeds').selectAll().execute();
  const counts = await sql<{ cves: string; kev: string; epss: string }>`
    select count(*) as cves, count(*) filter (where kev_date_added is not null) as kev,
      count(*) filter (where epss is not null) as epss from cves`.execute(db);
  const rows = counts.rows[0];
  return (['nvd', 'kev', 'epss'] as const).map((feed) => {
    const state = feeds.find((f) => f.feed === feed);
    return {
      feed,
      rows: Number(feed === 'nvd' ? rows?.cves : feed === 'kev' ? rows?.kev : rows?.epss),
      cursor: state?.cursor ?? null,
      last_attempt_at: state?.last_attempt_at?.toISOString() ?? null,
      last_success_at: state?.last_success_at?.toISOString() ?? null,
      last_error: state?.last_error ?? null,
      last_added: state?.last_added ?? 0,
      last_updated: state?.last_updated ?? 0,
    };
  });
}
