// The public CVE landscape (/analytics): aggregates of the shared catalogue only — `cves`,
// `cve_products` and `catalogue_feeds`, which hold no company's data (ADR 0034). Its test proves
// that no other table is read and that tenant data never changes the answer.

import type { components } from '@vigil/api-client';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Clock, DAY, MINUTE } from '../../shared/clock.js';

export type CveLandscape = components['schemas']['CveLandscape'];
type Week = CveLandscape['weeks'][number];
type Severity = Exclude<keyof Week, 'week' | 'kev_added'>;

/** The only tables the landscape reads: global reference data. */
export const landscapeTables = ['cves', 'cve_products', 'catalogue_feeds'] as const;

const severities: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
/** EPSS buckets, about one order of magnitude each: most CVEs score below 1 %. */
export const epssBounds = [0, 0.001, 0.01, 0.1, 0.5, 1] as const;
const TOP_VENDORS = 10;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Monday 00:00 UTC of the week holding `now`. */
function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY);
}

/** `weeks` weeks ending with the current one: their Mondays, and the end (exclusive). */
export function landscapePeriod(now: Date, weeks: number) {
  const last = weekStart(now);
  const mondays = Array.from({ length: weeks }, (_, i) => new Date(last.getTime() - (weeks - 1 - i) * 7 * DAY));
  return { mondays, from: mondays[0] as Date, end: new Date(last.getTime() + 7 * DAY) };
}

/** `to_char` of a week's Monday, so weeks are keyed as text on both databases. */
const mondayOf = (column: RawBuilder<unknown>) => sql<string>`to_char(date_trunc('week', ${column}), 'YYYY-MM-DD')`;

async function publishedPerWeek(db: Db, from: Date, end: Date) {
  const { rows } = await sql<{ week: string; severity: string; n: string }>`
    select ${mondayOf(sql`published_at at time zone 'UTC'`)} as week, severity, count(*) as n
    from cves where published_at >= ${from} and published_at < ${end}
    group by 1, 2`.execute(db);
  return rows;
}

async function kevAddedPerWeek(db: Db, from: Date, end: Date) {
  const { rows } = await sql<{ week: string; n: string }>`
    select ${mondayOf(sql`kev_date_added::timestamp`)} as week, count(*) as n
    from cves where kev_date_added >= ${day(from)}::date and kev_date_added < ${day(end)}::date
    group by 1`.execute(db);
  return rows;
}

async function totalsAndEpss(db: Db) {
  const buckets = epssBounds.slice(1).map((to, i) => {
    const from = epssBounds[i] as number;
    const upper = to === 1 ? sql`epss <= 1` : sql`epss < ${to}`;
    return sql`count(*) filter (where epss >= ${from} and ${upper})`;
  });
  const { rows } = await sql<{ cves: string; kev: string; with_epss: string; updated: Date | null; buckets: string[] }>`
    select count(*) as cves, count(*) filter (where kev_date_added is not null) as kev,
      count(epss) as with_epss, max(updated_at) as updated,
      array[${sql.join(buckets)}]::text[] as buckets
    from cves`.execute(db);
  return rows[0];
}

async function topVendors(db: Db, from: Date, end: Date) {
  return db
    .selectFrom('cve_products as p')
    .innerJoin('cves as c', 'c.cve_id', 'p.cve_id')
    .where('c.published_at', '>=', from)
    .where('c.published_at', '<', end)
    .select(['p.vendor', sql<string>`count(distinct p.cve_id)`.as('n')])
    .groupBy('p.vendor')
    .orderBy(sql`count(distinct p.cve_id)`, 'desc')
    .orderBy('p.vendor')
    .limit(TOP_VENDORS)
    .execute();
}

/**
 * The week the landscape ends with: `now`'s, unless the catalogue's newest publication (of a CVE
 * with products, which the vendors chart needs) is older than the whole period (a shipped snapshot,
 * an old upload): then that publication's week, so the charts show the latest period the catalogue
 * holds instead of empty weeks. Read from the end of the published index.
 */
async function landscapeEnd(db: Db, now: Date, weeks: number): Promise<Date> {
  const newest = await db
    .selectFrom('cves as c')
    .select('c.published_at')
    .where('c.published_at', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('cve_products as p').select('p.cve_id').whereRef('p.cve_id', '=', 'c.cve_id')),
    )
    .orderBy('c.published_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const at = newest?.published_at;
  return at && at < landscapePeriod(now, weeks).from ? at : now;
}

/** The landscape of the `weeks` weeks up to `now`'s week (or the catalogue's newest), from the reference tables alone. */
export async function cveLandscape(db: Db, now: Date, weeks: number): Promise<CveLandscape> {
  const { mondays, from, end } = landscapePeriod(await landscapeEnd(db, now, weeks), weeks);
  const [published, kev, totals, vendors, feeds] = await Promise.all([
    publishedPerWeek(db, from, end),
    kevAddedPerWeek(db, from, end),
    totalsAndEpss(db),
    topVendors(db, from, end),
    db.selectFrom('catalogue_feeds').select(['feed', 'last_success_at']).execute(),
  ]);
  const series = mondays.map((monday): Week => {
    const week = day(monday);
    const count = (severity: Severity) =>
      published
        .filter(
          (r) => r.week === week && (severities.includes(r.severity as Severity) ? r.severity : 'info') === severity,
        )
        .reduce((sum, r) => sum + Number(r.n), 0);
    const added = kev.find((r) => r.week === week);
    return {
      week,
      ...(Object.fromEntries(severities.map((s) => [s, count(s)])) as Record<Severity, number>),
      kev_added: Number(added?.n ?? 0),
    };
  });
  const sum = (pick: (w: Week) => number) => series.reduce((total, w) => total + pick(w), 0);
  return {
    period: { from: day(from), to: day(new Date(end.getTime() - DAY)), weeks },
    totals: {
      cves: Number(totals?.cves ?? 0),
      kev: Number(totals?.kev ?? 0),
      with_epss: Number(totals?.with_epss ?? 0),
      published_in_period: sum((w) => severities.reduce((n, s) => n + w[s], 0)),
      kev_added_in_period: sum((w) => w.kev_added),
    },
    weeks: series,
    epss: epssBounds.slice(1).map((to, i) => ({
      from: epssBounds[i] as number,
      to,
      cves: Number(totals?.buckets[i] ?? 0),
    })),
    top_vendors: vendors.map((v) => ({ vendor: v.vendor, cves: Number(v.n) })),
    freshness: {
      last_updated_at: totals?.updated ? new Date(totals.updated).toISOString() : null,
      feeds: (['nvd', 'kev', 'epss'] as const).map((feed) => {
        const at = feeds.find((f) => f.feed === feed)?.last_success_at;
        return { feed, last_success_at: at ? at.toISOString() : null };
      }),
    },
  };
}

export const LANDSCAPE_TTL = 5 * MINUTE;

/** The catalogue's version: its latest change and latest feed sync (two index ends). */
async function catalogueVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ cves: Date | null; feeds: Date | null }>`
    select (select max(updated_at) from cves) as cves,
      (select max(last_success_at) from catalogue_feeds) as feeds`.execute(db);
  const at = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : '-');
  return `${at(rows[0]?.cves)} ${at(rows[0]?.feeds)}`;
}

interface Entry {
  at: number;
  version: string;
  value: Promise<CveLandscape>;
}

/**
 * The landscape as a public call serves it: computed again only when the catalogue changed or
 * after five minutes (the weeks move on), once per `weeks`; callers at the same time share one
 * computation, so a flood of calls costs an index read each.
 */
export function landscapeCache(db: Db, clock: Clock) {
  const entries = new Map<number, Entry>();
  return async (weeks: number): Promise<CveLandscape> => {
    const now = clock.now();
    const version = await catalogueVersion(db);
    const cached = entries.get(weeks);
    if (cached && cached.version === version && now.getTime() - cached.at < LANDSCAPE_TTL) return cached.value;
    const entry: Entry = { at: now.getTime(), version, value: cveLandscape(db, now, weeks) };
    entries.set(weeks, entry);
    // A failure is not kept: the next call tries again.
    entry.value.catch(() => entries.get(weeks) === entry && entries.delete(weeks));
    return entry.value;
  };
}
