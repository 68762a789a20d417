// Issue 15: a membership's role is administrator, analyst or viewer, and the server checks it on
// every operation (x-roles in the contract). The demo's 'admin' memberships become administrators.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update memberships set role = 'administrator' where role = 'admin'`.execute(db);
  await sql`update memberships set role = 'analyst' where role not in ('administrator', 'analyst', 'viewer')`.execute(
    db,
  );
  await sql`alter table memberships add constraint memberships_role_check
    check (role in ('administrator', 'analyst', 'viewer'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships drop constraint memberships_role_check`.execute(db);
  await sql`update memberships set role = 'admin' where role = 'administrator'`.execute(db);
}
