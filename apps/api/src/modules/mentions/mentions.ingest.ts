// Writes mentions, from an import's batch, in the caller's transaction: one row per content hash
// and company (a post delivered again only updates when it was last seen: no new finding, no
// reopening), then matches the new ones against the company's enabled keywords. The re-match job
// (mentions.rematch.ts) runs the same matching over mentions already stored when keywords change.
// A mention that matches is a finding of kind `mention` (`mention:<hash>`); one that matches no
// more keeps its finding, which the workflow decides on.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { upsertFindings } from '../../platform/findings/findings.ingest.js';
import { excerptAround, type TextRange } from '../../shared/text-match.js';
import type { MentionRecord } from './mentions.feed.js';
import { type Keyword, type KeywordMatch, matchMention } from './mentions.match.js';
import { mentionSeverity } from './mentions.severity.js';
import type { MentionSourceType } from './mentions.table.js';

export interface MentionTarget {
  companyId: number;
  /** The import writing (its findings are counted on it); null for the re-match (the system's findings). */
  jobId: number | null;
  isDemo: boolean;
  now: Date;
}

/** What matching needs of a stored mention. */
export interface StoredMention {
  id: number;
  content_hash: string;
  source_type: MentionSourceType;
  source_name: string;
  posted_at: Date;
  title: string | null;
  body: string;
  finding_id: number | null;
}

export const SNIPPET_CHARS = 300;

/** Plain text around a range (the first match), at most 300 characters, "…" where it was cut. */
export function snippetOf(text: string, range: TextRange | undefined): string {
  return excerptAround(text, range?.start, SNIPPET_CHARS);
}

const sourceLabels: Readonly<Record<MentionSourceType, string>> = {
  forum: 'Forum',
  marketplace: 'Marketplace',
  ransomware_leak_site: 'Ransomware leak site',
  paste_site: 'Paste site',
  telegram: 'Telegram',
  other: 'Source',
};

function findingTitle(m: StoredMention, snippet: string): string {
  return `${sourceLabels[m.source_type]} ${m.source_name}: ${m.title ?? snippet}`.slice(0, 300);
}

/**
 * Stores the matches of these mentions (replacing the ones they had), their snippets, and a finding
 * for each that matches and has none yet. Returns how many findings were new or reopened.
 */
export async function applyMatches(
  db: Executor,
  target: MentionTarget,
  keywords: readonly Keyword[],
  mentions: readonly StoredMention[],
): Promise<number> {
  if (mentions.length === 0) return 0;
  const matched = mentions.map((m) => ({ mention: m, matches: matchMention(keywords, m.title, m.body) }));
  const ids = mentions.map((m) => m.id);
  await db
    .deleteFrom('mention_matches')
    .where('company_id', '=', target.companyId)
    .where('mention_id', 'in', ids)
    .execute();
  const rows = matched.flatMap(({ mention, matches }) => matches.map((k) => matchRow(target.companyId, mention.id, k)));
  if (rows.length > 0) await db.insertInto('mention_matches').values(rows).execute();
  const snippets = matched.map(({ mention, matches }) => snippetOf(mention.body, firstRange(matches)));
  await sql`
    update mentions m set snippet = t.snippet
    from unnest(${ids}::int[], ${snippets}::text[]) as t(id, snippet)
    where m.id = t.id and m.company_id = ${target.companyId}`.execute(db);
  const due = matched
    .map((entry, i) => ({ ...entry, snippet: snippets[i] ?? '' }))
    .filter((e) => e.matches.length > 0 && e.mention.finding_id === null);
  return writeFindings(db, target, due);
}

function matchRow(companyId: number, mentionId: number, k: KeywordMatch) {
  return {
    mention_id: mentionId,
    keyword_id: k.keyword.id,
    company_id: companyId,
    title_ranges: JSON.stringify(k.titleRanges),
    text_ranges: JSON.stringify(k.textRanges),
  };
}

function firstRange(matches: readonly KeywordMatch[]): TextRange | undefined {
  return matches.flatMap((m) => m.textRanges).sort((a, b) => a.start - b.start)[0];
}

async function writeFindings(
  db: Executor,
  target: MentionTarget,
  due: { mention: StoredMention; matches: KeywordMatch[]; snippet: string }[],
): Promise<number> {
  if (due.length === 0) return 0;
  const input = due.map(({ mention, matches, snippet }) => ({
    fingerprint: `mention:${mention.content_hash}`,
    title: findingTitle(mention, snippet),
    severity: mentionSeverity(
      mention.source_type,
      matches.map((m) => m.keyword.class),
    ),
    seenAt: mention.posted_at,
  }));
  const results = await upsertFindings(
    db,
    { companyId: target.companyId, module: 'mentions', jobId: target.jobId, isDemo: target.isDemo, now: target.now },
    input,
  );
  const mentionOf = new Map(due.map((d) => [`mention:${d.mention.content_hash}`, d.mention.id]));
  const links = results.map((r) => ({ mentionId: mentionOf.get(r.fingerprint) ?? 0, findingId: r.id }));
  await sql`
    update mentions m set finding_id = t.finding_id
    from unnest(${links.map((l) => l.mentionId)}::int[], ${links.map((l) => l.findingId)}::int[]) as t(id, finding_id)
    where m.id = t.id and m.company_id = ${target.companyId}`.execute(db);
  return results.filter((r) => r.inserted || r.reopened).length;
}

export interface MentionWriteOutcome {
  added: number;
  updated: number;
  findings: number;
}

/** Stores one batch of the feed and matches what is new in it. */
export async function writeMentions(
  db: Executor,
  target: MentionTarget,
  keywords: readonly Keyword[],
  records: readonly MentionRecord[],
): Promise<MentionWriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.hash, r])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, findings: 0 };
  const col = <T>(pick: (r: MentionRecord) => T) => unique.map(pick);
  const written = await sql<StoredMention & { inserted: boolean }>`
    insert into mentions as m (company_id, content_hash, source_type, source_name, actor, posted_at, title, body, url,
      archive_ref, first_seen_at, last_seen_at, job_id, is_demo)
    select ${target.companyId}, t.hash, t.source_type, t.source_name, t.actor, t.posted_at, t.title, t.body, t.url,
      t.archive_ref, ${target.now}::timestamptz, ${target.now}::timestamptz, ${target.jobId}::int, ${target.isDemo}
    from unnest(${col((r) => r.hash)}::text[], ${col((r) => r.sourceType)}::text[], ${col((r) => r.sourceName)}::text[],
      ${col((r) => r.actor)}::text[], ${col((r) => r.postedAt.toISOString())}::timestamptz[], ${col((r) => r.title)}::text[],
      ${col((r) => r.body)}::text[], ${col((r) => r.url)}::text[], ${col((r) => r.archiveRef)}::text[])
      as t(hash, source_type, source_name, actor, posted_at, title, body, url, archive_ref)
    on conflict (company_id, content_hash) do update set last_seen_at = excluded.last_seen_at
    returning m.id, m.content_hash, m.source_type, m.source_name, m.posted_at, m.title, m.body, m.finding_id,
      (xmax = 0) as inserted`.execute(db);
  const fresh = written.rows.filter((r) => r.inserted);
  const findings = await applyMatches(db, target, keywords, fresh);
  return { added: fresh.length, updated: written.rows.length - fresh.length, findings };
}

/** The company's enabled keywords, as matching reads them. */
export function enabledKeywords(db: Executor, companyId: number): Promise<Keyword[]> {
  return db
    .selectFrom('mention_keywords')
    .select(['id', 'class', 'term'])
    .where('company_id', '=', companyId)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
}
