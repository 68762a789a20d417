// Issue 19, the company report (platform/reports, ADR 0033): each PDF asked for or made by the
// monthly schedule, with its period, language, who asked, its rendering status and the PDF itself
// (bytea, capped by the renderer); the one-time print token of the rendering, stored hashed on the
// report; each company's monthly schedule and its recipients; and an attachment on outbox messages,
// so the monthly report goes out through the same outbox as every other e-mail.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reports (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      period_from date not null,
      period_to date not null,
      language text not null check (language in ('en', 'pt-br', 'pt', 'es', 'fr', 'de')),
      status text not null check (status in ('queued', 'rendering', 'done', 'failed')),
      error text,
      pages integer,
      size integer,
      pdf bytea,
      requested_by integer references users(id) on delete set null,
      scheduled boolean not null default false,
      job_id integer,
      print_token_hash text,
      print_token_expires_at timestamptz,
      created_at timestamptz not null,
      finished_at timestamptz,
      check (period_to >= period_from and period_to - period_from <= 366)
    )`.execute(db);
  await sql`create index reports_company on reports (company_id, id desc)`.execute(db);
  await sql`create unique index reports_print_token on reports (print_token_hash) where print_token_hash is not null`.execute(
    db,
  );
  await sql`create table report_schedules (
      company_id integer primary key references companies(id) on delete cascade,
      enabled boolean not null default false,
      language text not null check (language in ('en', 'pt-br', 'pt', 'es', 'fr', 'de')),
      last_period_to date,
      last_sent_at timestamptz,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create table report_recipients (
      company_id integer not null references report_schedules(company_id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      primary key (company_id, user_id)
    )`.execute(db);
  await sql`alter table outbox_messages
      add column attachment_name text,
      add column attachment_type text,
      add column attachment bytea`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_messages drop column attachment, drop column attachment_type, drop column attachment_name`.execute(
    db,
  );
  await sql`drop table report_recipients`.execute(db);
  await sql`drop table report_schedules`.execute(db);
  await sql`drop table reports`.execute(db);
}
