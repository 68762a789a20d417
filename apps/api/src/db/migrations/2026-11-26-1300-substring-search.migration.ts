// Substring search (issue 14). Vulnerabilities: text anywhere in the URL, host, template or CVE id,
// served by a trigram index (pg_trgm, in PostgreSQL's contrib and shipped by PGlite) on the
// repository's own expression (the planner matches the expression as written).
// Credentials: the search also finds a source (breach, combolist file, stealer family) or a domain.
// A trigram index on every credential row cost 22 µs a row on PostgreSQL 15 (the whole combolist
// line costs about 40), so the few distinct (source, domain) pairs of a company are kept apart in
// credential_sources, searched by substring, and the rows found through a b-tree.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index vulnerability_findings_search on vulnerability_findings using gin
    ((lower(matched_at || ' ' || host || ' ' || template_id || ' ' || name || ' ' || coalesce(cve_id, ''))) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create table credential_sources (
      company_id integer not null references companies(id) on delete cascade,
      source_name text not null,
      domain text not null,
      primary key (company_id, source_name, domain)
    )`.execute(db);
  await sql`insert into credential_sources (company_id, source_name, domain)
    select distinct company_id, source_name, domain from credential_findings
    on conflict do nothing`.execute(db);
  await sql`create index credential_findings_source on credential_findings (company_id, source_name, domain)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index credential_findings_source`.execute(db);
  await sql`drop table credential_sources`.execute(db);
  await sql`drop index vulnerability_findings_search`.execute(db);
}
