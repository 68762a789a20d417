// What every group of the search (the platform's findings and each module's `search` sources) asks
// the database, written once: the typed text as the words the indexes of migration
// 2026-12-02-1100-search hold, and a bounded, ranked read of one table (ADR 0031).
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { excerptAround, findMatches, foldWord } from '../../shared/text-match.js';
import { likeContains } from '../findings/findings.query.js';

/** How many matching rows a group ranks at most: the rest is never read (a common word costs no more). */
export const SEARCH_CANDIDATES = 200;

/** The words of the typed text, folded as the index folds them (lower case, no accents), per typed term. */
export function searchTerms(text: string): string[][] {
  return text
    .trim()
    .split(/\s+/)
    .map((term) =>
      foldWord(term)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    )
    .filter((words) => words.length > 0);
}

/**
 * The tsquery of the typed text: every word found at its start, the words of one typed term in
 * order ("john.smith" is john followed by smith), the terms all present. null when nothing is a word.
 */
export function searchQuery(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((words) => words.map((word) => `'${word}':*`).join(' <-> ')).join(' & ');
}

/**
 * The words of `expression` as the search's indexes hold them (migration 2026-12-02-1100): write the
 * index as `to_tsvector('vigil_search', translate(<expression>, '.@/:_-+\<>&', '           '))`, the
 * same expression over the table's columns (the planner matches it as written, aliases aside).
 */
export function searchVector(expression: string): RawBuilder<unknown> {
  return sql.raw(`to_tsvector('vigil_search', translate(${expression}, '.@/:_-+\\<>&', '           '))`);
}

/** The LIKE pattern of text inside a lower-case value (a trigram index serves it from 3 characters). */
export function containsPattern(text: string): string | null {
  const folded = text.trim().toLowerCase();
  return folded.length >= 3 ? likeContains(folded) : null;
}

export interface TextSearch {
  /** `from` and joins, e.g. sql`dork_results d`. */
  from: RawBuilder<unknown>;
  /** The indexed expression over the table's alias (see searchVector). */
  expression: string;
  /** Conditions besides the text: the companies (tenantsFilter) first. */
  where: RawBuilder<unknown>[];
  /** The select list (what the source maps to hits). */
  columns: RawBuilder<unknown>;
  /** Ties of rank go to the most recent: this column. */
  recency: string;
}

/**
 * The best `limit` rows whose expression holds every typed word at a word's start: the first
 * SEARCH_CANDIDATES matches the index gives are ranked (ts_rank, then recency), so a word found in
 * a million rows reads no more than a rare one.
 */
export async function rankedText<Row>(db: Executor, search: TextSearch, text: string, limit: number): Promise<Row[]> {
  const query = searchQuery(text);
  if (!query) return [];
  const vector = searchVector(search.expression);
  const tsquery = sql`to_tsquery('vigil_search', ${query})`;
  const result = await sql<Row>`
    select * from (
      select ${search.columns}, ts_rank(${vector}, ${tsquery}) as search_rank, ${sql.raw(search.recency)} as search_recency
      from ${search.from}
      where ${sql.join([...search.where, sql`${vector} @@ ${tsquery}`], sql` and `)}
      limit ${SEARCH_CANDIDATES}
    ) candidates
    order by search_rank desc, search_recency desc nulls last
    limit ${limit}`.execute(db);
  return result.rows;
}

/** A plain-text extract of `text` (≤ 300 characters) around the first place a typed word starts. */
export function snippetOf(text: string | null, typed: string, max = 300): string | null {
  if (!text) return null;
  if (text.length <= max) return text.replace(/\s+/g, ' ').trim();
  const first = searchTerms(typed)[0]?.[0];
  return excerptAround(text, first ? findMatches(text, first, { prefix: true })[0]?.start : undefined, max);
}
