// How a search result becomes a dork result and its finding, for a provider run and an imported
// results page alike: the URL is normalised into a key (scheme-less host, path and the sorted query
// KEYS, never their values), values of secret-looking query keys are redacted before the URL is
// stored, results outside the company's domains are dropped, and one row per key is upserted with
// the dorks that found it (merged across runs and dorks) and its finding of kind `dork`.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { upsertFindings } from '../../platform/findings/findings.ingest.js';
import type { GhdbCategory } from './dorks.table.js';
import { severityOfCategory } from './dorks.templates.js';

export interface DorkHit {
  url: string;
  title: string;
  snippet: string;
  /** The dork that found it (null for an imported page whose query is not in the catalogue). */
  dorkId: number | null;
  category: GhdbCategory;
}

export interface NormalisedUrl {
  key: string;
  /** The URL as stored: secret-looking query values replaced by REDACTED. */
  url: string;
  host: string;
}

const SECRET_KEY = /(token|key|pass|pwd|secret|auth|sig|session|sid|code|credential)/i;

/** The result's key and storable URL, or null for what is not an http(s) URL with a host name. */
export function normaliseResultUrl(raw: string): NormalisedUrl | null {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const port = parsed.port ? `:${parsed.port}` : '';
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
  const keys = [...new Set([...parsed.searchParams.keys()])].sort();
  for (const key of keys) {
    if (SECRET_KEY.test(key)) parsed.searchParams.set(key, 'REDACTED');
  }
  parsed.hash = '';
  const query = keys.length > 0 ? `?${keys.join('&')}` : '';
  return { key: `${host}${port}${path}${query}`.slice(0, 2000), url: parsed.toString().slice(0, 2000), host };
}

/** Whether the host is one of the domains or under one. */
export function inDomains(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

export interface DorkWriteScope {
  companyId: number;
  domains: readonly string[];
  provider: string;
  runId: number | null;
  /** The job the findings count on (the run's or the import's). */
  jobId: number | null;
  isDemo: boolean;
  seenAt: Date;
  now: Date;
}

export interface DorkWriteOutcome {
  /** Results kept (in the company's domains), after de-duplication. */
  results: number;
  /** Results never seen before. */
  added: number;
  ignored: number;
}

function findingTitle(hit: DorkHit, url: NormalisedUrl): string {
  const page = hit.title.trim() || url.key.slice(url.host.length) || '/';
  return `Indexed by a search engine on ${url.host}: ${page}`.slice(0, 300);
}

/** Writes one batch of hits in the caller's transaction. */
export async function writeDorkHits(db: Executor, scope: DorkWriteScope, hits: DorkHit[]): Promise<DorkWriteOutcome> {
  const byKey = new Map<string, { hit: DorkHit; url: NormalisedUrl; dorkIds: Set<number> }>();
  let ignored = 0;
  for (const hit of hits) {
    const url = normaliseResultUrl(hit.url);
    if (!url || !inDomains(url.host, scope.domains)) {
      ignored += 1;
      continue;
    }
    const entry = byKey.get(url.key) ?? { hit, url, dorkIds: new Set<number>() };
    if (hit.dorkId !== null) entry.dorkIds.add(hit.dorkId);
    byKey.set(url.key, entry);
  }
  const rows = [...byKey.values()];
  if (rows.length === 0) return { results: 0, added: 0, ignored };
  const findings = await upsertFindings(
    db,
    { companyId: scope.companyId, module: 'dorks', jobId: scope.jobId, isDemo: scope.isDemo, now: scope.now },
    rows.map(({ hit, url }) => ({
      fingerprint: `dork:${url.key}`,
      title: findingTitle(hit, url),
      severity: severityOfCategory[hit.category],
      seenAt: scope.seenAt,
    })),
  );
  const findingOf = new Map(findings.map((f) => [f.fingerprint, f.id]));
  const seen = (scope.seenAt > scope.now ? scope.now : scope.seenAt).toISOString();
  const result = await sql<{ inserted: boolean }>`
    insert into dork_results as r (company_id, finding_id, url_key, url, host, title, snippet, category, dork_ids,
      provider, first_seen_at, last_seen_at, last_run_id, is_demo)
    select ${scope.companyId}, t.finding_id, t.url_key, t.url, t.host, t.title, t.snippet, t.category,
      coalesce((select array_agg(x::int) from json_array_elements_text(t.dork_ids::json) x), '{}'),
      ${scope.provider}, ${seen}::timestamptz, ${seen}::timestamptz, ${scope.runId}::int, ${scope.isDemo}
    from unnest(${rows.map((r) => findingOf.get(`dork:${r.url.key}`) ?? null)}::int[],
      ${rows.map((r) => r.url.key)}::text[], ${rows.map((r) => r.url.url)}::text[], ${rows.map((r) => r.url.host)}::text[],
      ${rows.map((r) => r.hit.title.slice(0, 500))}::text[], ${rows.map((r) => r.hit.snippet.slice(0, 2000))}::text[],
      ${rows.map((r) => r.hit.category)}::text[], ${rows.map((r) => JSON.stringify([...r.dorkIds]))}::text[])
      as t(finding_id, url_key, url, host, title, snippet, category, dork_ids)
    on conflict (company_id, url_key) do update set
      finding_id = coalesce(excluded.finding_id, r.finding_id),
      url = excluded.url,
      title = case when excluded.title <> '' then excluded.title else r.title end,
      snippet = case when excluded.snippet <> '' then excluded.snippet else r.snippet end,
      dork_ids = array(select distinct unnest(r.dork_ids || excluded.dork_ids) order by 1),
      provider = excluded.provider,
      last_seen_at = greatest(r.last_seen_at, excluded.last_seen_at),
      -- A run's queries that find the same page again count once (one sighting per run or import batch).
      seen_count = r.seen_count + case when excluded.last_run_id is not null and excluded.last_run_id = r.last_run_id then 0 else 1 end,
      last_run_id = coalesce(excluded.last_run_id, r.last_run_id)
    returning (xmax = 0) as inserted`.execute(db);
  const added = result.rows.filter((r) => r.inserted).length;
  return { results: rows.length, added, ignored };
}

/** The company's domains, lower case (what `site:` is run for and what results must be under). */
export async function companyDomains(db: Executor, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', companyId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain.toLowerCase());
}
