// One job system for every kind of background work (issue 12, ADR 0011): the import queue becomes
// `jobs`, with priorities, a not-before time for retries, a cap on attempts (then `dead`), a cancel
// request, and cron schedules that enqueue runs.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_jobs rename to jobs`.execute(db);
  await sql`alter table import_log rename to job_log`.execute(db);
  await sql`
    alter table jobs
      add column priority smallint not null default 0,
      add column run_at timestamptz,
      add column max_attempts smallint not null default 3,
      add column cancel_requested_at timestamptz,
      add column schedule_id integer`.execute(db);
  await sql`
    create table job_schedules (
      id integer generated always as identity primary key,
      kind text not null,
      company_id integer references companies(id) on delete cascade,
      cron text not null,
      next_run_at timestamptz not null,
      last_run_at timestamptz,
      last_job_id integer,
      enabled boolean not null default true,
      created_at timestamptz not null,
      unique nulls not distinct (kind, company_id)
    )`.execute(db);
  await sql`create index job_schedules_due on job_schedules (next_run_at) where enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table job_schedules`.execute(db);
  await sql`
    alter table jobs drop column priority, drop column run_at, drop column max_attempts,
      drop column cancel_requested_at, drop column schedule_id`.execute(db);
  await sql`alter table job_log rename to import_log`.execute(db);
  await sql`alter table jobs rename to import_jobs`.execute(db);
}
