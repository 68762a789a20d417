// Sign-in limits per address and per account (issue 11): the address of every failed password,
// and wrong two-factor codes counted per account with the account's lock (ADR 0006).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_failures add column ip text`.execute(db);
  await sql`create index login_failures_ip on login_failures (ip, created_at)`.execute(db);
  await sql`alter table users add column two_factor_locked_until timestamptz`.execute(db);
  await sql`
    create table two_factor_failures (
      id integer generated always as identity primary key,
      user_id integer not null references users(id) on delete cascade,
      ip text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index two_factor_failures_user on two_factor_failures (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table two_factor_failures`.execute(db);
  await sql`alter table users drop column two_factor_locked_until`.execute(db);
  await sql`drop index login_failures_ip`.execute(db);
  await sql`alter table login_failures drop column ip`.execute(db);
}
