// The credentials module's groups of the search: leaked credentials (by e-mail, username, domain or
// source) and infected devices (by machine, malware family, address or a URL of their logs).
import { type RawBuilder, sql } from 'kysely';
import { likeContains, prefixMatch } from '../../platform/findings/findings.query.js';
import type { Severity } from '../../platform/findings/findings.table.js';
import type { SearchHit, SearchInput, SearchSource } from '../../platform/monitoring/monitoring-module.js';
import { containsPattern, rankedText } from '../../platform/search/search.sql.js';
import { tenantsFilter } from '../../shared/tenant.js';
import type { CredentialFindingsTable } from './credentials.table.js';

interface LeakRow {
  id: number;
  company_id: number;
  email: string;
  source_name: string;
  source_kind: CredentialFindingsTable['source_kind'];
  url: string | null;
  severity: Severity;
  last_seen_at: Date;
}

/**
 * Leaks are a million rows, so the cheap ways come first and the next runs only when the earlier
 * found too few: the start of an e-mail (b-tree), a domain or source whose name holds the text (the
 * few distinct pairs of credential_sources, then rows by value), then text inside an e-mail's local
 * part (trigram).
 */
async function searchLeaks({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const lower = text.toLowerCase();
  const rows: LeakRow[] = [];
  const more = async (condition: RawBuilder<unknown>) => {
    if (rows.length >= limit) return;
    const found = await db
      .selectFrom('credential_findings as c')
      .innerJoin('findings as f', 'f.id', 'c.finding_id')
      .select(['f.id', 'c.company_id', 'c.email', 'c.source_name', 'c.source_kind', 'c.url'])
      .select(['f.severity', 'f.last_seen_at'])
      .where(tenantsFilter('c', companyIds))
      .where(sql<boolean>`${condition}`)
      .$if(rows.length > 0, (q) =>
        q.where(
          'f.id',
          'not in',
          rows.map((r) => r.id),
        ),
      )
      .limit(limit - rows.length)
      .execute();
    rows.push(...found);
  };
  await more(prefixMatch('c.email', lower));
  if (rows.length < limit) {
    const pattern = likeContains(lower);
    const pairs = await db
      .selectFrom('credential_sources as s')
      .select(['s.source_name', 's.domain'])
      .where(tenantsFilter('s', companyIds))
      .where(sql<boolean>`(lower(s.source_name) like ${pattern} or s.domain like ${pattern})`)
      .limit(50)
      .execute();
    for (const pair of pairs) {
      await more(sql`(c.source_name = ${pair.source_name} and c.domain = ${pair.domain})`);
    }
  }
  // Inside an e-mail: the local part through its trigram index (the domain is found above); text
  // typed across the @ also holds its domain side.
  const [local = '', ...rest] = lower.split('@');
  const inside = containsPattern(local);
  if (inside) {
    await more(
      rest.length > 0
        ? sql`(split_part(c.email, '@', 1) like ${inside} and c.email like ${likeContains(lower)})`
        : sql`split_part(c.email, '@', 1) like ${inside}`,
    );
  }
  return rows.map((r) => ({
    company_id: r.company_id,
    id: String(r.id),
    title: r.email,
    snippet: [r.source_name, r.url].filter(Boolean).join(' · '),
    link: `/credentials?open=${r.id}`,
    at: new Date(r.last_seen_at).toISOString(),
    severity: r.severity,
  }));
}

interface DeviceRow {
  id: number;
  company_id: number;
  machine_name: string;
  malware_family: string;
  ip: string | null;
  country: string | null;
  severity: Severity;
  infection_date: Date | null;
}

/** A company has hundreds of devices, not millions: their text is matched without an index of its own. */
async function searchDevices({ db, companyIds, text, limit }: SearchInput): Promise<SearchHit[]> {
  const rows = await rankedText<DeviceRow>(
    db,
    {
      from: sql`infostealer_devices d join findings f on f.id = d.finding_id`,
      expression: `d.machine_name || ' ' || d.malware_family || ' ' || coalesce(d.ip, '') || ' ' || array_to_string(d.urls, ' ')`,
      where: [tenantsFilter('d', companyIds)],
      columns: sql`f.id, d.company_id, d.machine_name, d.malware_family, d.ip, d.country, f.severity, d.infection_date`,
      recency: 'd.infection_date',
    },
    text,
    limit,
  );
  return rows.map((d) => ({
    company_id: d.company_id,
    id: String(d.id),
    title: d.machine_name,
    snippet: [d.malware_family, d.ip, d.country].filter(Boolean).join(' · '),
    link: `/credentials?tab=devices&open=${d.id}`,
    at: d.infection_date ? new Date(d.infection_date).toISOString() : null,
    severity: d.severity,
  }));
}

// Between them the two groups show every finding of the module: the findings group leaves them out.
export const credentialsSearch: readonly SearchSource[] = [
  { kind: 'leaks', search: searchLeaks, coversFindings: true },
  { kind: 'devices', search: searchDevices, coversFindings: true },
];
