// Proof of control before any active probe (ADR 0041): each scope entry has a verification state
// (unverified, verified, lost) with how it was proven and what the last check found; each company
// has one random token its administrators publish (DNS TXT or a /.well-known file). The company's
// registered domains become scope entries of their own, unverified like every other.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table asset_scopes
    add column status text not null default 'unverified' check (status in ('unverified', 'verified', 'lost')),
    add column method text check (method in ('dns_txt', 'http_file', 'reverse_dns', 'operator')),
    add column verified_at timestamptz,
    add column checked_at timestamptz,
    add column check_note text,
    add column approval_reason text`.execute(db);
  await sql`create table scope_tokens (
      company_id integer primary key references companies(id) on delete cascade,
      token text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`insert into asset_scopes (company_id, supplier_id, kind, value, created_at)
    select d.company_id, null, 'domain', d.domain, now() from company_domains d
    on conflict do nothing`.execute(db);
  await sql`create index asset_scopes_recheck on asset_scopes (checked_at) where status = 'verified'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table scope_tokens`.execute(db);
  await sql`drop index asset_scopes_recheck`.execute(db);
  await sql`alter table asset_scopes drop column status, drop column method, drop column verified_at,
    drop column checked_at, drop column check_note, drop column approval_reason`.execute(db);
}
