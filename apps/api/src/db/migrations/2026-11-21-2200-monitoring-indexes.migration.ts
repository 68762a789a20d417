// Indexes the bench:data plans asked for: KEV-filtered CVE lists start from the (few) KEV rows.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index cves_kev on cves (cve_id) where kev_date_added is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cves_kev`.execute(db);
}
