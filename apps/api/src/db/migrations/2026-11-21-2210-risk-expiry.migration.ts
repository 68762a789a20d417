// Finds the risk acceptances that end (a handful of rows among millions of findings).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index findings_risk_expiry on findings (risk_accepted_until) where status = 'risk_accepted'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index findings_risk_expiry`.execute(db);
}
