// Wrong two-factor codes counted per sign-in attempt as well as per account (issue 32, item 4):
// each failure names its attempt (the pending sign-in; null for a signed-in user's re-check) and
// whether it came from a browser the account signed in from before, so strangers' guesses exhaust
// their own attempt and their own class of the account's ceiling, not the owner's (ADR 0006).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table two_factor_failures add column pending_login_id integer references pending_logins(id) on delete set null`.execute(
    db,
  );
  await sql`alter table two_factor_failures add column known_device boolean not null default false`.execute(db);
  await sql`create index two_factor_failures_attempt on two_factor_failures (pending_login_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index two_factor_failures_attempt`.execute(db);
  await sql`alter table two_factor_failures drop column known_device`.execute(db);
  await sql`alter table two_factor_failures drop column pending_login_id`.execute(db);
}
