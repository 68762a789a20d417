// Issue 18, exposure searches: what attackers find with a search box. The platform's providers
// (web search, code search, web archives, RDAP) are reached through adapters whose runs, usage and
// rate-limit state are kept here; the search-engine dorks (GHDB catalogue and Vigil's templates are
// platform reference data, company_id null), their de-duplicated results; the code-hosting search
// terms, secret incidents (findings) and their occurrences, secrets never stored in clear; archived
// URLs normalised per company; lookalike and cloned storefronts with their captures; the store
// blacklist with its takedown workflow. JSON columns are text holding JSON, as elsewhere.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // --- providers (platform: platform/providers) ---
  await sql`create table provider_runs (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      module text not null,
      provider text not null,
      job_id integer,
      status text not null check (status in ('queued', 'running', 'waiting', 'done', 'failed', 'cancelled')),
      queries_total integer not null default 0,
      queries_done integer not null default 0,
      requests integer not null default 0,
      results integer not null default 0,
      new_results integer not null default 0,
      retry_at timestamptz,
      error text,
      is_demo boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index provider_runs_company on provider_runs (company_id, module, id desc)`.execute(db);
  await sql`create table provider_usage (
      company_id integer not null references companies(id) on delete cascade,
      provider text not null,
      day date not null,
      requests integer not null default 0,
      results integer not null default 0,
      throttled integer not null default 0,
      failures integer not null default 0,
      primary key (company_id, provider, day)
    )`.execute(db);
  // One row per provider (one credential per deployment): the window every process shares.
  await sql`create table provider_limits (
      provider text primary key,
      window_started_at timestamptz not null,
      used integer not null default 0,
      blocked_until timestamptz
    )`.execute(db);

  // --- search-engine dorks (module dorks, /googledork) ---
  await sql`create table dorks (
      id integer generated always as identity primary key,
      company_id integer references companies(id) on delete cascade,
      source text not null check (source in ('ghdb', 'vigil', 'company')),
      ghdb_id integer,
      key text,
      category text not null,
      title text not null,
      query text not null,
      author text,
      published_on date,
      enabled boolean not null default true,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index dorks_ghdb on dorks (ghdb_id) where source = 'ghdb'`.execute(db);
  await sql`create unique index dorks_vigil on dorks (key) where source = 'vigil'`.execute(db);
  await sql`create index dorks_company on dorks (company_id, category)`.execute(db);
  // A company's choice of a platform dork (GHDB entries are off until chosen; Vigil's are on until switched off).
  await sql`create table dork_settings (
      company_id integer not null references companies(id) on delete cascade,
      dork_id integer not null references dorks(id) on delete cascade,
      enabled boolean not null,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null,
      primary key (company_id, dork_id)
    )`.execute(db);
  await sql`create table dork_results (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer unique references findings(id) on delete cascade,
      url_key text not null,
      url text not null,
      host text not null,
      title text not null default '',
      snippet text not null default '',
      category text not null,
      dork_ids integer[] not null default '{}',
      provider text not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      seen_count integer not null default 1,
      last_run_id integer references provider_runs(id) on delete set null,
      is_demo boolean not null default false,
      unique (company_id, url_key)
    )`.execute(db);
  await sql`create index dork_results_recent on dork_results (company_id, last_seen_at desc)`.execute(db);

  // --- code-hosting search and secrets (module secrets, /gitdork) ---
  await sql`create table code_search_terms (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      kind text not null check (kind in ('domain', 'organisation', 'keyword')),
      value text not null,
      enabled boolean not null default true,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      unique (company_id, kind, value)
    )`.execute(db);
  // A company's allow-list beside the rules' own (a test key, a documented example, a path).
  await sql`create table secret_allowlist (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      kind text not null check (kind in ('path', 'regex', 'stopword', 'fingerprint')),
      value text not null,
      reason text not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      unique (company_id, kind, value)
    )`.execute(db);
  // One incident per secret (finding kind secret); secret_hash is an HMAC of the secret under the
  // deployment's key, redacted keeps at most its first and last four characters.
  await sql`create table secret_incidents (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      rule_id text not null,
      secret_hash text not null,
      redacted text not null,
      entropy real,
      validity text not null default 'unknown' check (validity in ('unknown', 'valid', 'invalid')),
      validity_checked_at timestamptz,
      occurrences integer not null default 0,
      repositories integer not null default 0,
      unique (company_id, secret_hash)
    )`.execute(db);
  await sql`create index secret_incidents_rule on secret_incidents (company_id, rule_id)`.execute(db);
  await sql`create table secret_occurrences (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer not null references secret_incidents(finding_id) on delete cascade,
      provider text not null,
      repository text not null,
      file_path text not null,
      line integer not null check (line between 0 and 100000000),
      commit_sha text,
      author text,
      committed_at timestamptz,
      url text,
      fragment text not null default '',
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      last_run_id integer references provider_runs(id) on delete set null,
      is_demo boolean not null default false,
      unique (finding_id, repository, file_path, line)
    )`.execute(db);
  await sql`create index secret_occurrences_company on secret_occurrences (company_id, last_seen_at desc)`.execute(db);

  // --- archived URLs (module archives, /gaudork) ---
  // url_key: scheme-less host, path and sorted query keys (values never part of it); sample_url
  // keeps one capture's URL with the values of secret-looking query keys redacted.
  await sql`create table archived_urls (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer unique references findings(id) on delete set null,
      url_key text not null,
      host text not null,
      path text not null,
      query_keys text[] not null default '{}',
      extension text,
      sample_url text not null,
      providers text[] not null default '{}',
      tags text[] not null default '{}',
      interesting boolean not null default false,
      status_codes integer[] not null default '{}',
      captures integer not null default 1,
      first_captured_at timestamptz,
      last_captured_at timestamptz,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      last_run_id integer references provider_runs(id) on delete set null,
      is_demo boolean not null default false,
      unique (company_id, url_key)
    )`.execute(db);
  await sql`create index archived_urls_list on archived_urls (company_id, interesting, last_captured_at desc)`.execute(
    db,
  );

  // --- lookalike and cloned storefronts (module scripts, /vtexdork and /vtexblacklist) ---
  await sql`create table clone_candidates (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      store_id integer references stores(id) on delete set null,
      finding_id integer unique references findings(id) on delete set null,
      domain text not null,
      url text not null,
      sources text[] not null default '{}',
      permutation text,
      matched_terms text[] not null default '{}',
      fingerprints text[] not null default '{}',
      resolves boolean,
      address text,
      similarity real,
      content_sha256 text,
      last_capture_id integer,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      last_checked_at timestamptz,
      is_demo boolean not null default false,
      unique (company_id, domain)
    )`.execute(db);
  await sql`create table clone_captures (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      candidate_id integer not null references clone_candidates(id) on delete cascade,
      status text not null check (status in ('online', 'offline', 'failed')),
      http_status integer,
      final_url text,
      title text,
      content_sha256 text,
      similarity real,
      screenshot bytea,
      error text,
      captured_at timestamptz not null
    )`.execute(db);
  await sql`create index clone_captures_candidate on clone_captures (candidate_id, id desc)`.execute(db);
  await sql`create table store_blacklist (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      candidate_id integer references clone_candidates(id) on delete set null,
      domain text not null,
      url text,
      status text not null default 'suspected' check (status in ('suspected', 'confirmed', 'takedown_requested', 'offline')),
      registrar text,
      host text,
      address text,
      evidence text not null default '{}',
      notes text not null default '',
      takedown_reference text,
      takedown_requested_at timestamptz,
      last_checked_at timestamptz,
      last_online_at timestamptz,
      offline_since timestamptz,
      next_check_at timestamptz,
      is_demo boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, domain)
    )`.execute(db);
  await sql`create index store_blacklist_due on store_blacklist (next_check_at) where status <> 'offline'`.execute(db);
  await sql`create table store_blacklist_changes (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      entry_id integer not null references store_blacklist(id) on delete cascade,
      field text not null,
      from_value text,
      to_value text,
      actor_user_id integer references users(id) on delete set null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index store_blacklist_changes_entry on store_blacklist_changes (entry_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table store_blacklist_changes, store_blacklist, clone_captures, clone_candidates, archived_urls,
    secret_occurrences, secret_incidents, secret_allowlist, code_search_terms, dork_results, dork_settings, dorks,
    provider_limits, provider_usage, provider_runs`.execute(db);
}
