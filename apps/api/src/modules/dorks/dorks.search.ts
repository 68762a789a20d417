// The dork module's group of the search: what search engines showed of the company's sites, by
// the words of a result's title, snippet or URL.
import { sql } from 'kysely';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { rankedText, snippetOf } from '../../platform/search/search.sql.js';
import { tenantsFilter } from '../../shared/tenant.js';

interface DorkResultRow {
  id: number;
  company_id: number;
  finding_id: number | null;
  url: string;
  host: string;
  title: string;
  snippet: string;
  severity: string | null;
  last_seen_at: Date;
}

async function searchDorkResults({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const rows = await rankedText<DorkResultRow>(
    db,
    {
      from: sql`dork_results d left join findings f on f.id = d.finding_id`,
      expression: `d.title || ' ' || d.snippet || ' ' || d.url`,
      where: [tenantsFilter('d', companyIds)],
      columns: sql`d.id, d.company_id, d.finding_id, d.url, d.host, d.title, d.snippet, f.severity, d.last_seen_at`,
      recency: 'd.last_seen_at',
    },
    text,
    limit,
  );
  return rows.map((d) => ({
    company_id: d.company_id,
    id: String(d.id),
    title: d.title || d.url,
    snippet: snippetOf([d.url, d.snippet].filter(Boolean).join(' · '), text),
    link: d.finding_id ? `/googledork?open=${d.finding_id}` : `/googledork?q=${encodeURIComponent(d.host)}`,
    at: new Date(d.last_seen_at).toISOString(),
    severity: d.severity,
  }));
}

export const dorksSearch: readonly SearchSource[] = [{ kind: 'dork-results', search: searchDorkResults }];
