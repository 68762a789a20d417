// The CVE catalogue keeps itself current (issue 12): per feed (NVD, KEV, EPSS) how far its sync
// got (its cursor), when it last ran and succeeded, and the reason of its last failure.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalogue_feeds (
      feed text primary key check (feed in ('nvd', 'kev', 'epss')),
      cursor text,
      last_attempt_at timestamptz,
      last_success_at timestamptz,
      last_error text,
      last_added integer not null default 0,
      last_updated integer not null default 0
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table catalogue_feeds`.execute(db);
}
