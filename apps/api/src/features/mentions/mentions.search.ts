// The restricted environment's group of the cross-module search: mentions of the user's companies
// that are findings (the link opens the finding), by the words of their title and text (word
// starts, through the `mentions_fulltext` index) or the start of their source's or actor's name.
import { sql } from 'kysely';
import { findMatches } from '../../shared/text-match.js';
import type { SearchHit, SearchInput, SearchSource } from '../monitoring/monitoring-module.js';
import { snippetOf } from './mentions.ingest.js';
import { mentionDocument } from './mentions.repository.js';

/** `acme:* & leak:*`: each word of the text as a prefix, or null when it holds no word. */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 10)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

export async function searchMentions({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const query = prefixQuery(text);
  if (!query || companyIds.length === 0) return [];
  const like = `${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await db
    .selectFrom('mentions as m')
    .innerJoin('findings as f', (join) =>
      join.onRef('f.id', '=', 'm.finding_id').onRef('f.company_id', '=', 'm.company_id'),
    )
    .select(['f.id', 'f.company_id', 'f.title', 'f.severity', 'm.posted_at', 'm.body'])
    .where('m.company_id', 'in', companyIds)
    .where(
      sql<boolean>`(${mentionDocument} @@ to_tsquery('simple', ${query}) or lower(m.source_name) like ${like}
        or lower(m.actor) like ${like})`,
    )
    .orderBy(sql`ts_rank(${mentionDocument}, to_tsquery('simple', ${query}))`, 'desc')
    .orderBy('m.posted_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    company_id: r.company_id,
    id: String(r.id),
    title: r.title,
    snippet: snippetOf(r.body, findMatches(r.body, text, { prefix: true })[0]),
    link: `/restrictedenvironment?open=${r.id}`,
    at: r.posted_at.toISOString(),
    severity: r.severity,
  }));
}

export const mentionsSearch: SearchSource = { kind: 'mentions', search: searchMentions };
