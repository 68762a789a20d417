// One summary event per import (issue 14): an import of 200,000 lines wrote 200,000 finding.created
// events. Each batch now adds its new and reopened findings by severity here, in its own
// transaction, and the job's import.succeeded event carries the totals.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table import_finding_counts (
      job_id integer not null references jobs(id) on delete cascade,
      severity text not null,
      created bigint not null default 0,
      reopened bigint not null default 0,
      primary key (job_id, severity)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table import_finding_counts`.execute(db);
}
