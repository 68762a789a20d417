// The code-hosting module's group of the search: where a secret was found in code, by repository,
// file path or author (the secret itself is only ever shown redacted, in the finding's title).
import { sql } from 'kysely';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { rankedText } from '../../platform/search/search.sql.js';
import { tenantsFilter } from '../../shared/tenant.js';

interface OccurrenceRow {
  id: number;
  company_id: number;
  finding_id: number;
  title: string;
  repository: string;
  file_path: string;
  line: number;
  severity: string;
  last_seen_at: Date;
}

async function searchCodeHits({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const rows = await rankedText<OccurrenceRow>(
    db,
    {
      from: sql`secret_occurrences o join findings f on f.id = o.finding_id`,
      expression: `o.repository || ' ' || o.file_path || ' ' || coalesce(o.author, '')`,
      where: [tenantsFilter('o', companyIds)],
      columns: sql`o.id, o.company_id, o.finding_id, f.title, o.repository, o.file_path, o.line, f.severity, o.last_seen_at`,
      recency: 'o.last_seen_at',
    },
    text,
    limit,
  );
  return rows.map((o) => ({
    company_id: o.company_id,
    id: String(o.id),
    title: `${o.repository}/${o.file_path}:${o.line}`,
    snippet: o.title,
    link: `/gitdork?open=${o.finding_id}`,
    at: new Date(o.last_seen_at).toISOString(),
    severity: o.severity,
  }));
}

export const secretsSearch: readonly SearchSource[] = [{ kind: 'code', search: searchCodeHits }];
