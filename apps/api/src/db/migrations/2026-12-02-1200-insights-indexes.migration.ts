// Issue 19, insights: what changed in a period is read straight from findings and their history
// (no counters), so each window the insights count and link to has an index of its own: first seen,
// resolved, due (open or not: a late resolution is a breach too), reopened (the status history),
// and the open findings by severity and due date for the top risks. The columns a count groups and
// tests by are included, so a window is counted from the index alone where the visibility map allows.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index findings_first_seen on findings (company_id, first_seen_at) include (module)`.execute(db);
  await sql`create index findings_resolved_at on findings (company_id, resolved_at) include (module, status, first_seen_at)
    where resolved_at is not null`.execute(db);
  await sql`create index findings_due_all on findings (company_id, due_at) include (module, status, resolved_at)
    where due_at is not null`.execute(db);
  await sql`create index findings_open_severity on findings (company_id, severity, due_at, first_seen_at, id)
    where status in ('new', 'in_review', 'confirmed')`.execute(db);
  await sql`create index finding_changes_reopened on finding_changes (company_id, at, finding_id)
    where field = 'status' and from_value = 'resolved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'finding_changes_reopened',
    'findings_open_severity',
    'findings_due_all',
    'findings_resolved_at',
    'findings_first_seen',
  ]) {
    await sql.raw(`drop index ${index}`).execute(db);
  }
}
