// Issue 17, client-side script security (PCI DSS v4.0.1 6.4.3 and 11.6.1): the company's online
// stores and monitored pages, headless-browser scans of those pages, the inventory of every script a
// page loads (with its authorisation), the hosts scripts contact, the JS attack-pattern rules (Vigil's
// default set is platform reference data; a company adds its own and switches any off for itself),
// the company's JS blacklist, and the link of a finding to its page and script.
// JSON columns are text holding JSON, as elsewhere.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stores (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      platform text not null check (platform in ('vtex', 'shopify', 'magento', 'woocommerce', 'salesforce', 'custom')),
      account_name text,
      domains text[] not null default '{}',
      checkout_url text,
      is_demo boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, name)
    )`.execute(db);
  await sql`create table store_pages (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      store_id integer not null references stores(id) on delete cascade,
      url text not null,
      page_type text not null check (page_type in ('home', 'product', 'cart', 'checkout', 'payment', 'login', 'other')),
      scan_interval_hours integer not null default 24 check (scan_interval_hours between 1 and 168),
      steps text not null default '[]',
      enabled boolean not null default true,
      last_scan_id integer,
      last_scanned_at timestamptz,
      next_scan_at timestamptz,
      is_demo boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (store_id, url)
    )`.execute(db);
  await sql`create index store_pages_due on store_pages (next_scan_at) where enabled`.execute(db);
  await sql`create table script_scans (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references store_pages(id) on delete cascade,
      job_id integer,
      status text not null check (status in ('running', 'done', 'failed')),
      final_url text,
      http_status integer,
      headers text not null default '{}',
      scripts integer not null default 0,
      new_scripts integer not null default 0,
      changed_scripts integer not null default 0,
      removed_scripts integer not null default 0,
      new_destinations integer not null default 0,
      header_changes text not null default '[]',
      findings_opened integer not null default 0,
      duration_ms integer,
      error text,
      is_demo boolean not null default false,
      started_at timestamptz not null,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index script_scans_page on script_scans (page_id, id desc)`.execute(db);
  await sql`create index script_scans_company on script_scans (company_id, started_at desc)`.execute(db);
  await sql`create table page_scripts (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references store_pages(id) on delete cascade,
      script_key text not null,
      kind text not null check (kind in ('external', 'inline')),
      url text,
      host text,
      party text not null check (party in ('first', 'third', 'fourth')),
      loaded_by text,
      sha256 text not null,
      sri boolean not null default false,
      size integer not null default 0,
      behaviours text[] not null default '{}',
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      removed_at timestamptz,
      last_scan_id integer,
      authorisation text not null default 'pending' check (authorisation in ('pending', 'authorised', 'denied')),
      authorised_by_hash boolean not null default true,
      authorised_sha256 text,
      authorised_host text,
      justification text,
      approved_by integer references users(id) on delete set null,
      approved_at timestamptz,
      is_demo boolean not null default false,
      unique (page_id, script_key)
    )`.execute(db);
  await sql`create index page_scripts_company on page_scripts (company_id, last_seen_at desc, id desc)`.execute(db);
  await sql`create table script_contents (
      company_id integer not null references companies(id) on delete cascade,
      sha256 text not null,
      content text not null,
      size integer not null,
      first_seen_at timestamptz not null,
      primary key (company_id, sha256)
    )`.execute(db);
  await sql`create table script_changes (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references store_pages(id) on delete cascade,
      page_script_id integer references page_scripts(id) on delete cascade,
      scan_id integer references script_scans(id) on delete cascade,
      change text not null check (change in ('new', 'changed', 'removed', 'returned', 'new_destination', 'header_changed', 'authorised', 'denied', 'pending')),
      field text,
      from_value text,
      to_value text,
      actor_user_id integer references users(id) on delete set null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index script_changes_page on script_changes (page_id, id desc)`.execute(db);
  await sql`create index script_changes_script on script_changes (page_script_id, id desc)`.execute(db);
  await sql`create table script_destinations (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references store_pages(id) on delete cascade,
      page_script_id integer references page_scripts(id) on delete cascade,
      host text not null,
      kind text not null check (kind in ('script', 'fetch', 'xhr', 'websocket', 'beacon', 'image', 'form', 'other')),
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      last_scan_id integer,
      unique nulls not distinct (page_id, page_script_id, host, kind)
    )`.execute(db);
  await sql`create table js_rules (
      id integer generated always as identity primary key,
      company_id integer references companies(id) on delete cascade,
      key text not null,
      name text not null,
      family text not null,
      severity text not null check (severity in ('critical', 'high', 'medium', 'low', 'info')),
      reference text,
      description text not null default '',
      definition text not null,
      enabled boolean not null default true,
      version integer not null default 1,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique nulls not distinct (company_id, key)
    )`.execute(db);
  await sql`create table js_rule_versions (
      rule_id integer not null references js_rules(id) on delete cascade,
      version integer not null,
      name text not null,
      severity text not null,
      definition text not null,
      enabled boolean not null,
      changed_by integer references users(id) on delete set null,
      changed_at timestamptz not null,
      primary key (rule_id, version)
    )`.execute(db);
  await sql`create table js_rule_settings (
      company_id integer not null references companies(id) on delete cascade,
      rule_id integer not null references js_rules(id) on delete cascade,
      enabled boolean not null,
      changed_by integer references users(id) on delete set null,
      changed_at timestamptz not null,
      primary key (company_id, rule_id)
    )`.execute(db);
  await sql`create table js_rule_hits (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      rule_id integer not null references js_rules(id) on delete cascade,
      rule_version integer not null,
      page_script_id integer not null references page_scripts(id) on delete cascade,
      scan_id integer not null references script_scans(id) on delete cascade,
      evidence text not null,
      at timestamptz not null,
      unique (scan_id, page_script_id, rule_id)
    )`.execute(db);
  await sql`create index js_rule_hits_rule on js_rule_hits (company_id, rule_id)`.execute(db);
  await sql`create table js_blacklist (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      kind text not null check (kind in ('host', 'url', 'sha256')),
      value text not null,
      source text not null,
      family text,
      status text not null default 'active' check (status in ('active', 'inactive')),
      notes text,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      hits integer not null default 0,
      job_id integer,
      is_demo boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, kind, value)
    )`.execute(db);
  await sql`create table script_findings (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      page_id integer not null references store_pages(id) on delete cascade,
      page_script_id integer references page_scripts(id) on delete cascade,
      scan_id integer references script_scans(id) on delete set null,
      kind text not null check (kind in ('unauthorised_script', 'hash_changed', 'new_destination', 'blacklist_hit', 'pattern_hit', 'header_regression')),
      evidence text not null default '{}'
    )`.execute(db);
  await sql`create index script_findings_page on script_findings (page_id)`.execute(db);
  await sql`create index script_findings_script on script_findings (page_script_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table script_findings, js_blacklist, js_rule_hits, js_rule_settings, js_rule_versions, js_rules,
    script_destinations, script_changes, script_contents, page_scripts, script_scans, store_pages, stores`.execute(db);
}
