// The restricted environment's group of the cross-module search: mentions of the user's companies
// that are findings (the link opens the finding), by the words of their title and text, through
// the search's index recipe (migration 2026-12-02-1110-mentions-search, ADR 0031).
import { sql } from 'kysely';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { rankedText, snippetOf } from '../../platform/search/search.sql.js';
import { tenantsFilter } from '../../shared/tenant.js';

interface MentionHitRow {
  id: number;
  company_id: number;
  title: string;
  severity: string;
  body: string;
  posted_at: Date;
}

async function searchMentions({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const rows = await rankedText<MentionHitRow>(
    db,
    {
      from: sql`mentions m join findings f on f.id = m.finding_id and f.company_id = m.company_id`,
      expression: `coalesce(m.title, '') || ' ' || m.body`,
      where: [tenantsFilter('m', companyIds)],
      columns: sql`f.id, f.company_id, f.title, f.severity, m.body, m.posted_at`,
      recency: 'm.posted_at',
    },
    text,
    limit,
  );
  return rows.map((r) => ({
    company_id: r.company_id,
    id: String(r.id),
    title: r.title,
    snippet: snippetOf(r.body, text),
    link: `/restrictedenvironment?open=${r.id}`,
    at: new Date(r.posted_at).toISOString(),
    severity: r.severity,
  }));
}

export const mentionsSearch: SearchSource = { kind: 'mentions', search: searchMentions };
