// Writes archived URLs, from a provider run's page or an import's batch, in the caller's
// transaction: one row per normalised URL and company, the sources that knew it (a URL reported by
// Wayback and by urlscan is one row with both), its captures, their first and last dates and status
// codes. An interesting URL is a finding of kind `archive` (`archive:<url key>`); the finding is
// written when the URL is new to the company, newly interesting, or captured again after its last
// known capture (so a resolved one reopens only on fresh evidence, not on every sweep that lists
// the archive's old captures again).
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type IngestRow, upsertFindings } from '../../platform/findings/findings.ingest.js';
import { isWithinDomain } from '../../shared/host-name.js';
import { isInteresting, severityOf, tagsOf } from './archive-tags.js';
import type { NormalUrl } from './archive-url.js';
import type { ArchiveTag } from './archives.table.js';

export const archiveSources = ['wayback', 'commoncrawl', 'otx', 'urlscan', 'import'] as const;
export type ArchiveSource = (typeof archiveSources)[number];

export interface ArchiveCapture {
  url: NormalUrl;
  capturedAt: Date | null;
  status: number | null;
}

export interface ArchiveWriteTarget {
  companyId: number;
  /** The import writing (its findings' tally is counted on it); null for a provider run (the system's findings). */
  jobId: number | null;
  runId: number | null;
  source: ArchiveSource;
  isDemo: boolean;
  now: Date;
}

interface Merged {
  url: NormalUrl;
  tags: ArchiveTag[];
  captures: number;
  first: Date | null;
  last: Date | null;
  statuses: Set<number>;
}

/** Whether a host is one of the company's domains or under one. */
export function inDomains(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => isWithinDomain(host, domain));
}

const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

function merge(captures: readonly ArchiveCapture[]): Merged[] {
  const byKey = new Map<string, Merged>();
  for (const c of captures) {
    const seen = byKey.get(c.url.key);
    if (!seen) {
      const statuses = new Set(c.status === null ? [] : [c.status]);
      byKey.set(c.url.key, { url: c.url, tags: [], captures: 1, first: c.capturedAt, last: c.capturedAt, statuses });
      continue;
    }
    seen.captures += 1;
    seen.first = earlier(seen.first, c.capturedAt);
    seen.last = later(seen.last, c.capturedAt);
    if (c.status !== null) seen.statuses.add(c.status);
    // A capture whose query carried a secret makes the URL's sample the one to show (redacted).
    if (c.url.secretInQuery && !seen.url.secretInQuery) seen.url = c.url;
  }
  for (const m of byKey.values()) m.tags = tagsOf(m.url);
  return [...byKey.values()];
}

/** `{"a","b"}`: a text[] literal for unnest's array-of-arrays argument. */
const textArray = (values: readonly (string | number)[]) =>
  `{${values.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

export interface ArchiveWriteOutcome {
  added: number;
  updated: number;
  findings: number;
}

export async function writeArchivedUrls(
  db: Executor,
  target: ArchiveWriteTarget,
  captures: readonly ArchiveCapture[],
): Promise<ArchiveWriteOutcome> {
  const rows = merge(captures);
  if (rows.length === 0) return { added: 0, updated: 0, findings: 0 };
  const keys = rows.map((r) => r.url.key);
  const before = new Map(
    (
      await db
        .selectFrom('archived_urls')
        .select(['url_key', 'last_captured_at', 'finding_id'])
        .where('company_id', '=', target.companyId)
        .where('url_key', 'in', keys)
        .execute()
    ).map((r) => [r.url_key, r]),
  );
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const written = await sql<{ id: number; url_key: string; inserted: boolean; interesting: boolean }>`
    insert into archived_urls as a (company_id, url_key, host, path, query_keys, extension, sample_url, providers, tags,
      interesting, status_codes, captures, first_captured_at, last_captured_at, first_seen_at, last_seen_at, last_run_id,
      is_demo)
    select ${target.companyId}, t.url_key, t.host, t.path, t.query_keys::text[], t.extension, t.sample_url,
      array[${target.source}]::text[], t.tags::text[], t.interesting, t.status_codes::int[], t.captures, t.first_at,
      t.last_at, ${target.now}::timestamptz, ${target.now}::timestamptz, ${target.runId}::int, ${target.isDemo}
    from unnest(${keys}::text[], ${rows.map((r) => r.url.host)}::text[], ${rows.map((r) => r.url.path)}::text[],
      ${rows.map((r) => textArray(r.url.queryKeys))}::text[], ${rows.map((r) => r.url.extension)}::text[],
      ${rows.map((r) => r.url.sampleUrl)}::text[], ${rows.map((r) => textArray(r.tags))}::text[],
      ${rows.map((r) => isInteresting(r.tags))}::boolean[], ${rows.map((r) => textArray([...r.statuses].sort()))}::text[],
      ${rows.map((r) => r.captures)}::int[], ${rows.map((r) => iso(r.first))}::timestamptz[],
      ${rows.map((r) => iso(r.last))}::timestamptz[])
      as t(url_key, host, path, query_keys, extension, sample_url, tags, interesting, status_codes, captures, first_at, last_at)
    on conflict (company_id, url_key) do update set
      providers = array(select distinct p from unnest(a.providers || excluded.providers) as p order by p),
      tags = array(select distinct g from unnest(a.tags || excluded.tags) as g order by g),
      interesting = a.interesting or excluded.interesting,
      status_codes = array(select distinct s from unnest(a.status_codes || excluded.status_codes) as s order by s),
      -- A source reporting a URL again reports its captures again: the larger count, not the sum.
      captures = case when ${target.source} = any(a.providers) then greatest(a.captures, excluded.captures)
        else a.captures + excluded.captures end,
      sample_url = case when excluded.tags @> array['secret_in_query'] and not a.tags @> array['secret_in_query']
        then excluded.sample_url else a.sample_url end,
      first_captured_at = least(a.first_captured_at, excluded.first_captured_at),
      last_captured_at = greatest(a.last_captured_at, excluded.last_captured_at),
      last_seen_at = excluded.last_seen_at,
      last_run_id = coalesce(excluded.last_run_id, a.last_run_id)
    returning a.id, a.url_key, (xmax = 0) as inserted, a.interesting`.execute(db);
  const merged = new Map(rows.map((r) => [r.url.key, r]));
  const due = written.rows.filter((w) => {
    const row = merged.get(w.url_key);
    const old = before.get(w.url_key);
    if (!row || !w.interesting) return false;
    if (!old || old.finding_id === null) return true;
    return row.last !== null && (old.last_captured_at === null || row.last > old.last_captured_at);
  });
  const findings = await writeFindings(db, target, due, merged);
  const added = written.rows.filter((w) => w.inserted).length;
  return { added, updated: written.rows.length - added, findings };
}

async function writeFindings(
  db: Executor,
  target: ArchiveWriteTarget,
  due: { id: number; url_key: string }[],
  merged: Map<string, Merged>,
): Promise<number> {
  if (due.length === 0) return 0;
  const tagsNow = await db
    .selectFrom('archived_urls')
    .select(['id', 'tags'])
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .execute();
  const tagsById = new Map(tagsNow.map((t) => [t.id, t.tags as ArchiveTag[]]));
  const input: (IngestRow & { id: number })[] = due.map((d) => {
    const tags = tagsById.get(d.id) ?? [];
    const row = merged.get(d.url_key);
    return {
      id: d.id,
      fingerprint: `archive:${d.url_key}`,
      title: `Archived URL (${tags.join(', ')}): ${d.url_key.slice(0, 300)}`,
      severity: severityOf(tags),
      seenAt: row?.last ?? target.now,
    };
  });
  const results = await upsertFindings(
    db,
    { companyId: target.companyId, module: 'archives', jobId: target.jobId, isDemo: target.isDemo, now: target.now },
    input,
  );
  const idOf = new Map(input.map((i) => [i.fingerprint, i.id]));
  const links = results.map((r) => ({ urlId: idOf.get(r.fingerprint) ?? 0, findingId: r.id }));
  await sql`
    update archived_urls a set finding_id = t.finding_id
    from unnest(${links.map((l) => l.urlId)}::int[], ${links.map((l) => l.findingId)}::int[]) as t(id, finding_id)
    where a.id = t.id and a.company_id = ${target.companyId}`.execute(db);
  return results.filter((r) => r.inserted || r.reopened).length;
}
