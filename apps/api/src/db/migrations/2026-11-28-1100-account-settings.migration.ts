// Issue 15, /profile and /account-setting: a session keeps the device (user agent) and address it
// was created from, for the active-sessions list; a user's theme follows them across devices; a
// profile picture is stored re-encoded in its own table (ADR 0015), the user row keeping only the
// version that makes its URL change on each upload.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column user_agent text`.execute(db);
  await sql`alter table sessions add column ip text`.execute(db);
  // Null until the user picks one: the device's own choice stays until then.
  await sql`alter table users add column theme text check (theme in ('light', 'dark', 'system'))`.execute(db);
  await sql`create table user_pictures (
    user_id integer primary key references users (id) on delete cascade,
    version text not null,
    content_type text not null,
    bytes bytea not null,
    created_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_pictures`.execute(db);
  await sql`alter table users drop column theme`.execute(db);
  await sql`alter table sessions drop column ip`.execute(db);
  await sql`alter table sessions drop column user_agent`.execute(db);
}
