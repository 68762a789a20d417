// The public CVE landscape (ADR 0034) is cached until the catalogue changes: its latest change,
// max(cves.updated_at), is read on every call, so it comes from the end of an index.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index cves_updated on cves (updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cves_updated`.execute(db);
}
