// Issue 15: an authenticator app (TOTP) as a second factor, and recovery codes. The secret is
// stored sealed (AES-256-GCM under a server key); the last accepted time step refuses replays.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table authenticators (
      user_id integer primary key references users (id) on delete cascade,
      secret_sealed text not null,
      created_at timestamptz not null,
      confirmed_at timestamptz,
      last_step integer
    )`.execute(db);
  await sql`
    create table recovery_codes (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      code_hash text not null,
      created_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create unique index recovery_codes_hash on recovery_codes (user_id, code_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table recovery_codes, authenticators`.execute(db);
}
