// API tokens (issue 37, ADR 0048): one row a token, owned by a user in one company, with scopes, an
// expiry, the SHA-256 of its secret and when and where it was last used. The addresses a token was
// used from are kept so a new one is audited once, not on every call.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table api_tokens (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 100),
      hint text not null,
      token_hash text not null unique,
      scopes text[] not null check (cardinality(scopes) between 1 and 4
        and scopes <@ array['read', 'triage', 'import', 'mcp']::text[]),
      created_at timestamptz not null,
      expires_at timestamptz not null check (expires_at > created_at),
      last_used_at timestamptz,
      last_used_ip text,
      revoked_at timestamptz,
      revoked_by integer references users(id) on delete set null
    )`.execute(db);
  await sql`create index api_tokens_company on api_tokens (company_id, id desc)`.execute(db);
  await sql`create index api_tokens_owner on api_tokens (user_id, company_id, id desc)`.execute(db);
  await sql`create table api_token_addresses (
      token_id integer not null references api_tokens(id) on delete cascade,
      ip text not null,
      first_seen_at timestamptz not null,
      primary key (token_id, ip)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_token_addresses`.execute(db);
  await sql`drop table api_tokens`.execute(db);
}
