// TAXII pages each collection by (date added, key) from a company's rows (ADR 0049): without these,
// a large company's first poll, and every `added_after`, read all its findings and sorted them.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index findings_updated on findings (company_id, module, updated_at, id)`.execute(db);
  await sql`create index clone_candidates_seen on clone_candidates (company_id, last_seen_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index clone_candidates_seen`.execute(db);
  await sql`drop index findings_updated`.execute(db);
}
