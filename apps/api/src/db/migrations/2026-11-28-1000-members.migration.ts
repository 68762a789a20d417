// Issue 15, the user list: a membership can be deactivated (for its company only), and a company
// administrator invites people by e-mail with a single-use link (the token stored as SHA-256).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table memberships add column deactivated_at timestamptz`.execute(db);
  await sql`create table invitations (
    id integer generated always as identity primary key,
    company_id integer not null references companies(id) on delete cascade,
    email text not null,
    role text not null check (role in ('administrator', 'analyst', 'viewer')),
    language text,
    token_hash text not null unique,
    invited_by integer references users(id) on delete set null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    accepted_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  // One open invitation per address and company: inviting again is a resend.
  await sql`create unique index invitations_open on invitations (company_id, email)
    where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table invitations`.execute(db);
  await sql`alter table memberships drop column deactivated_at`.execute(db);
}
