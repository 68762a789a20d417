// Issue 15, alerts: each user's rules (modules, minimum severity, instant or a daily digest at an
// hour of their time zone, channels), the company's webhooks (secret stored encrypted), one alert
// row per rule and source (an import, a system write, a digest day: unique, so never twice) and
// the log of every webhook delivery attempt.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alert_rules (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      modules text,
      min_severity text not null check (min_severity in ('critical', 'high', 'medium', 'low', 'info')),
      delivery text not null check (delivery in ('instant', 'digest')),
      digest_hour smallint check (digest_hour between 0 and 23),
      time_zone text not null,
      email boolean not null,
      webhooks boolean not null,
      last_digest_on text,
      digest_since timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index alert_rules_company on alert_rules (company_id, user_id)`.execute(db);
  await sql`create table webhooks (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      url text not null,
      format text not null check (format in ('json', 'slack', 'teams')),
      secret_box text not null,
      enabled boolean not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index webhooks_company on webhooks (company_id)`.execute(db);
  await sql`create table alerts (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      rule_id integer not null references alert_rules(id) on delete cascade,
      source text not null,
      module text,
      total integer not null,
      details text not null,
      created_at timestamptz not null,
      unique (rule_id, source)
    )`.execute(db);
  await sql`create table webhook_deliveries (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      webhook_id integer not null references webhooks(id) on delete cascade,
      alert_id integer references alerts(id) on delete set null,
      job_id integer,
      attempt integer not null,
      outcome text not null,
      response_code integer,
      latency_ms integer,
      error text,
      at timestamptz not null
    )`.execute(db);
  await sql`create index webhook_deliveries_webhook on webhook_deliveries (webhook_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table alerts`.execute(db);
  await sql`drop table webhooks`.execute(db);
  await sql`drop table alert_rules`.execute(db);
}
