// Bulk imports (bench:data, issue 7): a combolist line writes a finding, its credential row and
// its event. The per-row foreign-key checks of findings → companies and credential_findings →
// findings cost about a sixth of that write (measured on PostgreSQL 15), so both become what the
// events table already is: rows written only by code that takes the company from the job or the
// session. Deleting a company or a finding still cascades, now through statement-level triggers
// that run once per delete instead of a check per inserted row.
import { type Kysely, sql } from 'kysely';

const upSql = [
  'alter table findings drop constraint findings_company_id_fkey',
  'alter table credential_findings drop constraint credential_findings_finding_id_fkey',
  `create function companies_delete_findings() returns trigger language plpgsql as $fn$
    begin
      delete from findings where company_id in (select id from old_rows);
      delete from events where company_id in (select id from old_rows);
      return null;
    end $fn$`,
  `create trigger companies_delete_findings after delete on companies referencing old table as old_rows
    for each statement execute function companies_delete_findings()`,
  `create function findings_delete_credentials() returns trigger language plpgsql as $fn$
    begin
      delete from credential_findings where finding_id in (select id from old_rows);
      return null;
    end $fn$`,
  `create trigger findings_delete_credentials after delete on findings referencing old table as old_rows
    for each statement execute function findings_delete_credentials()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upSql) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger findings_delete_credentials on findings`.execute(db);
  await sql`drop function findings_delete_credentials`.execute(db);
  await sql`drop trigger companies_delete_findings on companies`.execute(db);
  await sql`drop function companies_delete_findings`.execute(db);
  await sql`alter table credential_findings add constraint credential_findings_finding_id_fkey foreign key (finding_id) references findings(id) on delete cascade`.execute(
    db,
  );
  await sql`alter table findings add constraint findings_company_id_fkey foreign key (company_id) references companies(id) on delete cascade`.execute(
    db,
  );
}
