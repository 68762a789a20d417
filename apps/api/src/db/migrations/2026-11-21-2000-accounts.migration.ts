// Accounts, companies, sessions, one-time secrets, outbox and audit. PostgreSQL 15 SQL only
// (PGlite runs 18, production may run 15): identity columns, timestamptz, partial unique indexes.
import { type Kysely, sql } from 'kysely';

const upSql = `
    create table companies (
      id integer generated always as identity primary key,
      name text not null unique,
      created_at timestamptz not null
    );
    create table company_domains (
      domain text primary key,
      company_id integer not null references companies(id) on delete cascade
    );
    create index company_domains_company on company_domains (company_id);
    create table users (
      id integer generated always as identity primary key,
      email text not null unique,
      name text not null,
      position text,
      password_hash text,
      active boolean not null default false,
      is_admin boolean not null default false,
      two_factor_enabled boolean not null default true,
      email_verified_at timestamptz,
      registration_confirmed_at timestamptz,
      terms_version text,
      terms_accepted_at timestamptz,
      language text,
      picture text,
      current_company_id integer references companies(id) on delete set null,
      microsoft_tid text,
      microsoft_oid text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index users_microsoft_identity on users (microsoft_tid, microsoft_oid) where microsoft_oid is not null;
    create table memberships (
      user_id integer not null references users(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      role text not null default 'analyst',
      created_at timestamptz not null,
      primary key (user_id, company_id)
    );
    create index memberships_company on memberships (company_id);
    create table sessions (
      id integer generated always as identity primary key,
      token_hash text not null unique,
      user_id integer not null references users(id) on delete cascade,
      method text not null,
      created_at timestamptz not null,
      last_activity_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index sessions_user on sessions (user_id);
    create table pending_logins (
      id integer generated always as identity primary key,
      token_hash text not null unique,
      user_id integer not null references users(id) on delete cascade,
      method text not null,
      two_factor_verified_at timestamptz,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      completed_at timestamptz
    );
    create index pending_logins_user on pending_logins (user_id);
    create table two_factor_codes (
      id integer generated always as identity primary key,
      pending_login_id integer not null references pending_logins(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null,
      attempts integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      consumed_at timestamptz
    );
    create index two_factor_codes_pending on two_factor_codes (pending_login_id, created_at desc);
    create table one_time_tokens (
      id integer generated always as identity primary key,
      purpose text not null,
      user_id integer not null references users(id) on delete cascade,
      token_hash text not null unique,
      secondary_hash text,
      pending_login_id integer references pending_logins(id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      secondary_expires_at timestamptz,
      consumed_at timestamptz
    );
    create index one_time_tokens_user on one_time_tokens (user_id, purpose);
    create table login_failures (
      id integer generated always as identity primary key,
      email_key text not null,
      created_at timestamptz not null
    );
    create index login_failures_key on login_failures (email_key, created_at);
    create table oauth_flows (
      id integer generated always as identity primary key,
      state_hash text not null unique,
      intent text not null,
      code_verifier text not null,
      nonce text not null,
      name text,
      position text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      consumed_at timestamptz
    );
    create table outbox_messages (
      id integer generated always as identity primary key,
      recipient text not null,
      subject text not null,
      text_body text,
      html_body text,
      created_at timestamptz not null,
      sent_at timestamptz,
      attempts integer not null default 0,
      last_error text
    );
    create index outbox_messages_unsent on outbox_messages (id) where sent_at is null;
    create table audit_events (
      id integer generated always as identity primary key,
      event text not null,
      user_id integer references users(id) on delete set null,
      company_id integer references companies(id) on delete set null,
      ip text,
      details text,
      created_at timestamptz not null
    );
    create index audit_events_user on audit_events (user_id, created_at);
    create index audit_events_company on audit_events (company_id, created_at);
`;

/** Runs a script statement by statement (prepared statements take one command each). */
async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, upSql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_events, outbox_messages, oauth_flows, login_failures, one_time_tokens, two_factor_codes, pending_logins, sessions, memberships, users, company_domains, companies`.execute(
    db,
  );
}
