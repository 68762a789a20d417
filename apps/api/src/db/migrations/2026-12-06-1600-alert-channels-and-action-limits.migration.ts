// Issue 32: an alert reaches each channel once, however many rules match it (`alert_sends`, unique
// per company, channel and source: `webhook:<id>` or `email:<user id>`), and per-action limits
// (`action_counts`, one counter per key and fixed window, shared by every API process).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alert_sends (
      company_id integer not null references companies(id) on delete cascade,
      channel text not null,
      source text not null,
      alert_id integer not null references alerts(id) on delete cascade,
      created_at timestamptz not null,
      primary key (company_id, channel, source)
    )`.execute(db);
  await sql`create index alert_sends_alert on alert_sends (alert_id)`.execute(db);
  await sql`create table action_counts (
      key text not null,
      window_start timestamptz not null,
      count integer not null,
      primary key (key, window_start)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table action_counts`.execute(db);
  await sql`drop table alert_sends`.execute(db);
}
