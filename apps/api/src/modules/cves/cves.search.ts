// The CVE catalogue's group of the search: shared reference data (no company), found by its id
// (typed whole: that CVE first), words of its description, or a vendor or product it names.
import { sql } from 'kysely';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { rankedText, snippetOf } from '../../platform/search/search.sql.js';

interface CveRow {
  cve_id: string;
  description: string;
  severity: string | null;
  published_at: Date | null;
}

const CVE_ID = /^\s*(cve-\d{4}-\d{4,19})\s*$/i;

async function searchCves({ db, text, limit }: SearchInput): Promise<SearchHit[]> {
  const columns = sql`c.cve_id, c.description, c.severity, c.published_at`;
  // A whole CVE id typed: that CVE of the catalogue first, for any member, watched or not.
  const id = CVE_ID.exec(text)?.[1]?.toUpperCase();
  const exact = id ? (await sql<CveRow>`select ${columns} from cves c where c.cve_id = ${id}`.execute(db)).rows : [];
  const ranked = await rankedText<CveRow>(
    db,
    {
      from: sql`cves c`,
      expression: `c.cve_id || ' ' || c.description`,
      where: [],
      columns,
      recency: 'c.published_at',
    },
    text,
    limit,
  );
  const rows = [...exact, ...ranked.filter((r) => r.cve_id !== id)].slice(0, limit);
  if (rows.length < limit) {
    const name = text.trim().toLowerCase();
    const byProduct = await sql<CveRow>`
      select ${columns} from cves c
      where c.cve_id in (select p.cve_id from cve_products p where p.vendor = ${name} or p.product = ${name} limit 500)
        and c.cve_id <> all(${rows.map((r) => r.cve_id)}::text[])
      order by c.published_at desc limit ${limit - rows.length}`.execute(db);
    rows.push(...byProduct.rows);
  }
  return rows.map((c) => ({
    company_id: null,
    id: c.cve_id,
    title: c.cve_id,
    snippet: snippetOf(c.description, text),
    // Opens the CVE in CVE monitor's catalogue (whether or not the watch list matches it).
    link: `/cvemonitor?tab=catalogue&cve=${encodeURIComponent(c.cve_id)}`,
    at: c.published_at === null ? null : new Date(c.published_at).toISOString(),
    severity: c.severity,
  }));
}

export const cvesSearch: readonly SearchSource[] = [{ kind: 'cves', search: searchCves }];
