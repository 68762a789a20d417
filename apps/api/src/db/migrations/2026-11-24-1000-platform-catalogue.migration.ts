// The CVE catalogue is written by the platform, not by a company (issue 12): its import jobs belong
// to no company. Existing catalogue jobs are moved out of the company that uploaded them.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_jobs alter column company_id drop not null`.execute(db);
  await sql`update import_jobs set company_id = null where kind in ('nvd', 'kev', 'epss')`.execute(db);
  await sql`create index import_jobs_platform on import_jobs (id desc) where company_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index import_jobs_platform`.execute(db);
  await sql`delete from import_jobs where company_id is null`.execute(db);
  await sql`alter table import_jobs alter column company_id set not null`.execute(db);
}
