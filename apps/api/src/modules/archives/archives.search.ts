// The archive module's group of the search: archived URLs of the company's domains, by the words
// of their host, path and query keys.
import { sql } from 'kysely';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { rankedText } from '../../platform/search/search.sql.js';
import { tenantsFilter } from '../../shared/tenant.js';

interface ArchivedUrlRow {
  id: number;
  company_id: number;
  finding_id: number | null;
  sample_url: string;
  tags: string[];
  severity: string | null;
  last_seen_at: Date;
}

async function searchArchivedUrls({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const rows = await rankedText<ArchivedUrlRow>(
    db,
    {
      from: sql`archived_urls a left join findings f on f.id = a.finding_id`,
      expression: 'a.url_key',
      where: [tenantsFilter('a', companyIds)],
      columns: sql`a.id, a.company_id, a.finding_id, a.sample_url, a.tags, f.severity, a.last_seen_at`,
      recency: 'a.last_seen_at',
    },
    text,
    limit,
  );
  return rows.map((a) => ({
    company_id: a.company_id,
    id: String(a.id),
    title: a.sample_url,
    snippet: a.tags.length > 0 ? a.tags.join(' · ') : null,
    link: a.finding_id ? `/gaudork?open=${a.finding_id}` : `/gaudork?url=${a.id}`,
    at: new Date(a.last_seen_at).toISOString(),
    severity: a.severity,
  }));
}

export const archivesSearch: readonly SearchSource[] = [{ kind: 'archived-urls', search: searchArchivedUrls }];
