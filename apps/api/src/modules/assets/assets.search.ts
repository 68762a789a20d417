// The attack surface's group of the search: assets (hosts, addresses, URLs, certificates…) of the
// company's and its suppliers' inventories, found by any part of their value (trigram index).
import { sql } from 'kysely';
import { likePrefix } from '../../platform/findings/findings.query.js';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { containsPattern, SEARCH_CANDIDATES } from '../../platform/search/search.sql.js';
import { tenantsFilter } from '../../shared/tenant.js';

interface AssetRow {
  id: number;
  company_id: number;
  supplier_id: number | null;
  type: string;
  value: string;
  tags: string[];
  last_seen_at: Date;
}

/** Exact value first, then values that start with the text, then the rest, each the most recent first. */
async function searchAssets({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const lower = text.toLowerCase();
  const pattern = containsPattern(lower) ?? likePrefix(lower);
  const { rows } = await sql<AssetRow>`
    select * from (
      select a.id, a.company_id, a.supplier_id, a.type, a.value, a.tags, a.last_seen_at
      from assets a
      where ${tenantsFilter('a', companyIds)} and lower(a.value) like ${pattern}
      limit ${SEARCH_CANDIDATES}
    ) candidates
    order by lower(value) = ${lower} desc, lower(value) like ${likePrefix(lower)} desc, last_seen_at desc
    limit ${limit}`.execute(db);
  return rows.map((a) => ({
    company_id: a.company_id,
    id: String(a.id),
    title: a.value,
    snippet: [a.type, ...a.tags].join(' · '),
    link:
      a.supplier_id === null
        ? `/companyassets?asset=${a.id}`
        : `/supplierassets?supplier=${a.supplier_id}&asset=${a.id}`,
    at: new Date(a.last_seen_at).toISOString(),
    severity: null,
  }));
}

export const assetsSearch: readonly SearchSource[] = [{ kind: 'assets', search: searchAssets }];
