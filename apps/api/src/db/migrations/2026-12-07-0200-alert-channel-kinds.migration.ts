// Issue 37, item 3: SIEM and ticket channels beside e-mail and webhooks (ADR 0050). A channel is
// one of four kinds (Splunk HEC, Elastic, syslog with CEF, Jira) with its settings as JSON and its
// credential sealed; each attempt is logged like a webhook's; a Jira issue opened for a finding is
// linked to it (`finding_tickets`) so the finding shows it and Jira's webhook can close the loop.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alert_channels (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      kind text not null check (kind in ('splunk_hec', 'elastic', 'syslog_cef', 'jira')),
      name text not null,
      settings text not null,
      secret_box text,
      inbound_secret_hash text,
      enabled boolean not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index alert_channels_company on alert_channels (company_id)`.execute(db);
  await sql`create table channel_deliveries (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      channel_id integer not null references alert_channels(id) on delete cascade,
      alert_id integer references alerts(id) on delete set null,
      job_id integer,
      attempt integer not null,
      outcome text not null,
      response_code integer,
      latency_ms integer,
      error text,
      at timestamptz not null
    )`.execute(db);
  await sql`create index channel_deliveries_channel on channel_deliveries (channel_id, id desc)`.execute(db);
  await sql`create table finding_tickets (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer not null references findings(id) on delete cascade,
      channel_id integer not null references alert_channels(id) on delete cascade,
      issue_id text not null,
      issue_key text not null,
      url text not null,
      created_at timestamptz not null,
      resolved_at timestamptz,
      unique (channel_id, finding_id),
      unique (channel_id, issue_id)
    )`.execute(db);
  await sql`create index finding_tickets_finding on finding_tickets (company_id, finding_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table finding_tickets`.execute(db);
  await sql`drop table channel_deliveries`.execute(db);
  await sql`drop table alert_channels`.execute(db);
}
