// Issue 16, attack surface and risk: the company's and its suppliers' assets typed like OWASP
// Amass's model (with relations and a history of changes), the scope probes may contact, probe runs
// and the latest observation per asset and check (what the next run diffs against), the link of a
// finding to its asset, the supplier portfolio, and the daily rating snapshots.
// JSON columns are text holding JSON, as elsewhere (vulnerability_findings.evidence).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table suppliers (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      tier text not null check (tier in ('critical', 'high', 'medium', 'low')),
      website text,
      contact_name text,
      contact_email text,
      contract_start date,
      contract_end date,
      notes text,
      questionnaire_status text check (questionnaire_status in ('not_sent', 'sent', 'in_progress', 'completed', 'overdue')),
      is_demo boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, name)
    )`.execute(db);
  await sql`create table asset_scopes (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      supplier_id integer references suppliers(id) on delete cascade,
      kind text not null check (kind in ('domain', 'netblock')),
      value text not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      unique nulls not distinct (company_id, supplier_id, kind, value)
    )`.execute(db);
  await sql`create table assets (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      supplier_id integer references suppliers(id) on delete cascade,
      type text not null check (type in ('domain', 'subdomain', 'ip', 'netblock', 'url', 'certificate', 'service', 'email_domain')),
      value text not null,
      sources text[] not null default '{}',
      tags text[] not null default '{}',
      owner text,
      details text not null default '{}',
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      gone_at timestamptz,
      last_probed_at timestamptz,
      is_demo boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique nulls not distinct (company_id, supplier_id, type, value)
    )`.execute(db);
  await sql`create index assets_list on assets (company_id, supplier_id, last_seen_at desc, id desc)`.execute(db);
  await sql`create table asset_relations (
      company_id integer not null references companies(id) on delete cascade,
      from_asset_id integer not null references assets(id) on delete cascade,
      kind text not null check (kind in ('resolves_to', 'cname_to', 'subdomain_of', 'serves_certificate', 'has_service', 'mail_exchanger', 'name_server', 'in_netblock', 'hosts_url', 'redirects_to')),
      to_asset_id integer not null references assets(id) on delete cascade,
      source text not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (from_asset_id, kind, to_asset_id)
    )`.execute(db);
  await sql`create index asset_relations_to on asset_relations (to_asset_id)`.execute(db);
  await sql`create table asset_changes (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      asset_id integer not null references assets(id) on delete cascade,
      change text not null check (change in ('discovered', 'seen_again', 'changed', 'gone', 'tagged', 'owner')),
      field text,
      from_value text,
      to_value text,
      source text,
      job_id integer,
      actor_user_id integer references users(id) on delete set null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index asset_changes_asset on asset_changes (asset_id, id desc)`.execute(db);
  await sql`create table probe_runs (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      supplier_id integer references suppliers(id) on delete cascade,
      job_id integer,
      status text not null check (status in ('running', 'done', 'failed', 'cancelled')),
      targets integer not null default 0,
      checks integer not null default 0,
      new_assets integer not null default 0,
      gone_assets integer not null default 0,
      findings_opened integer not null default 0,
      findings_resolved integer not null default 0,
      is_demo boolean not null default false,
      error text,
      started_at timestamptz not null,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index probe_runs_company on probe_runs (company_id, id desc)`.execute(db);
  await sql`create table probe_observations (
      company_id integer not null references companies(id) on delete cascade,
      asset_id integer not null references assets(id) on delete cascade,
      probe text not null,
      run_id integer not null references probe_runs(id) on delete cascade,
      digest text not null,
      result text not null,
      observed_at timestamptz not null,
      primary key (asset_id, probe)
    )`.execute(db);
  await sql`alter table findings add column supplier_id integer references suppliers(id) on delete cascade`.execute(db);
  await sql`create index findings_supplier on findings (company_id, supplier_id) where supplier_id is not null`.execute(
    db,
  );
  await sql`create table asset_findings (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      asset_id integer not null references assets(id) on delete cascade,
      supplier_id integer references suppliers(id) on delete cascade,
      probe text not null,
      evidence text not null default '{}'
    )`.execute(db);
  await sql`create index asset_findings_asset on asset_findings (asset_id)`.execute(db);
  await sql`create table risk_snapshots (
      company_id integer not null references companies(id) on delete cascade,
      supplier_id integer references suppliers(id) on delete cascade,
      day date not null,
      score numeric(5, 1) not null,
      grade text not null check (grade in ('A', 'B', 'C', 'D', 'F')),
      factors text not null,
      computed_at timestamptz not null,
      unique nulls not distinct (company_id, supplier_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table risk_snapshots, asset_findings`.execute(db);
  await sql`alter table findings drop column supplier_id`.execute(db);
  await sql`drop table probe_observations, probe_runs, asset_changes, asset_relations, assets, asset_scopes, suppliers`.execute(
    db,
  );
}
