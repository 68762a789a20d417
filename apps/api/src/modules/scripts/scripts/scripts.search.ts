// The client-side scripts module's group of the search: scripts loaded by the company's store
// pages, by the words of their URL or host, with the page they were seen on.
import { sql } from 'kysely';
import type { SearchHit, SearchInput, SearchSource } from '../../../platform/monitoring/monitoring-module.js';
import { rankedText } from '../../../platform/search/search.sql.js';
import { tenantsFilter } from '../../../shared/tenant.js';

interface ScriptRow {
  id: number;
  company_id: number;
  page_id: number;
  store_id: number;
  url: string;
  page_url: string;
  last_seen_at: Date;
}

async function searchScripts({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const rows = await rankedText<ScriptRow>(
    db,
    {
      from: sql`page_scripts s join store_pages p on p.id = s.page_id`,
      expression: `coalesce(s.url, '') || ' ' || coalesce(s.host, '')`,
      where: [tenantsFilter('s', companyIds), sql`s.url is not null`],
      columns: sql`s.id, s.company_id, s.page_id, p.store_id, s.url, p.url as page_url, s.last_seen_at`,
      recency: 's.last_seen_at',
    },
    text,
    limit,
  );
  return rows.map((s) => ({
    company_id: s.company_id,
    id: String(s.id),
    title: s.url,
    snippet: s.page_url,
    link: `/scripts?store_id=${s.store_id}&page_id=${s.page_id}&script=${s.id}`,
    at: new Date(s.last_seen_at).toISOString(),
    severity: null,
  }));
}

export const scriptsSearch: readonly SearchSource[] = [{ kind: 'scripts', search: searchScripts }];
