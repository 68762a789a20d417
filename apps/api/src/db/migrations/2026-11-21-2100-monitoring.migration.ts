// The monitoring platform: findings (one workflow for every module) with history, comments and
// events; import jobs with files, rejects and log; the credential, CVE and vulnerability data.
// PostgreSQL 15 SQL only (PGlite runs 18): no MERGE RETURNING, no virtual generated columns.
// The high-volume rows (events, credential rows) carry no foreign keys to companies or users: a
// per-row check costs more than the import budget (50,000 lines/s); they are written only by code
// that takes the company from the job or the session, and go with their finding (cascade).
import { type Kysely, sql } from 'kysely';

const upSql = `
    create table findings (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      module text not null,
      fingerprint text not null,
      title text not null,
      severity text not null,
      status text not null default 'new',
      prev_status text,
      assignee_id integer references users(id) on delete set null,
      risk_accepted_until timestamptz,
      due_at timestamptz,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      resolved_at timestamptz,
      reopen_count integer not null default 0,
      comment_count integer not null default 0,
      last_job_id integer,
      reopened_by_job_id integer,
      is_demo boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index findings_fingerprint on findings (company_id, module, fingerprint);
    create index findings_last_seen on findings (company_id, module, last_seen_at desc, id desc);
    create index findings_all_last_seen on findings (company_id, last_seen_at desc, id desc);
    create index findings_due on findings (company_id, due_at) where due_at is not null and status in ('new', 'in_review', 'confirmed');
    create index findings_assignee on findings (assignee_id) where assignee_id is not null;
    create table finding_stats (
      company_id integer not null,
      module text not null,
      severity text not null,
      status text not null,
      n bigint not null default 0,
      primary key (company_id, module, severity, status)
    );
    create table finding_daily (
      company_id integer not null,
      module text not null,
      day date not null,
      n bigint not null default 0,
      primary key (company_id, module, day)
    );
    create function finding_stats_insert() returns trigger language plpgsql as $fn$
    begin
      insert into finding_stats (company_id, module, severity, status, n)
        select company_id, module, severity, status, count(*) from new_rows group by 1, 2, 3, 4
        on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n;
      insert into finding_daily (company_id, module, day, n)
        select company_id, module, (first_seen_at at time zone 'UTC')::date, count(*) from new_rows group by 1, 2, 3
        on conflict (company_id, module, day) do update set n = finding_daily.n + excluded.n;
      return null;
    end $fn$;
    create function finding_stats_update() returns trigger language plpgsql as $fn$
    begin
      insert into finding_stats (company_id, module, severity, status, n)
        select company_id, module, severity, status, sum(d) from (
          select company_id, module, severity, status, -1 as d from old_rows
          union all
          select company_id, module, severity, status, 1 as d from new_rows
        ) changes group by 1, 2, 3, 4 having sum(d) <> 0
        on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n;
      return null;
    end $fn$;
    create function finding_stats_delete() returns trigger language plpgsql as $fn$
    begin
      insert into finding_stats (company_id, module, severity, status, n)
        select company_id, module, severity, status, -count(*) from old_rows group by 1, 2, 3, 4
        on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n;
      return null;
    end $fn$;
    create trigger findings_stats_insert after insert on findings referencing new table as new_rows
      for each statement execute function finding_stats_insert();
    create trigger findings_stats_update after update on findings referencing old table as old_rows new table as new_rows
      for each statement execute function finding_stats_update();
    create trigger findings_stats_delete after delete on findings referencing old table as old_rows
      for each statement execute function finding_stats_delete();
    create table finding_changes (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer not null references findings(id) on delete cascade,
      field text not null,
      from_value text,
      to_value text,
      actor_user_id integer references users(id) on delete set null,
      job_id integer,
      at timestamptz not null
    );
    create index finding_changes_finding on finding_changes (finding_id, id);
    create table finding_comments (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      finding_id integer not null references findings(id) on delete cascade,
      author_id integer references users(id) on delete set null,
      body text not null,
      created_at timestamptz not null
    );
    create index finding_comments_finding on finding_comments (finding_id, id);
    create table events (
      id integer generated always as identity primary key,
      company_id integer not null,
      module text not null,
      kind text not null,
      severity text,
      title text not null,
      finding_id integer,
      job_id integer,
      actor_user_id integer,
      details text,
      at timestamptz not null
    );
    create index events_timeline on events (company_id, at desc, id desc);
    create index events_module on events (company_id, module, at desc, id desc);
    create index events_finding on events (finding_id) where finding_id is not null;
    create table import_jobs (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      kind text not null,
      module text not null,
      status text not null default 'queued',
      file_name text not null,
      file_size bigint not null,
      options text,
      progress double precision not null default 0,
      read_count integer not null default 0,
      added_count integer not null default 0,
      updated_count integer not null default 0,
      rejected_count integer not null default 0,
      checkpoint integer not null default 0,
      error text,
      attempts integer not null default 0,
      lease_expires_at timestamptz,
      is_demo boolean not null default false,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    );
    create index import_jobs_company on import_jobs (company_id, id desc);
    create index import_jobs_runnable on import_jobs (id) where status in ('queued', 'running');
    create table import_files (
      job_id integer primary key references import_jobs(id) on delete cascade,
      content bytea not null
    );
    create table import_rejects (
      id integer generated always as identity primary key,
      job_id integer not null references import_jobs(id) on delete cascade,
      file_path text not null,
      line integer not null,
      reason text not null
    );
    create index import_rejects_job on import_rejects (job_id, id);
    create table import_log (
      id integer generated always as identity primary key,
      job_id integer not null references import_jobs(id) on delete cascade,
      level text not null,
      message text not null,
      at timestamptz not null
    );
    create index import_log_job on import_log (job_id, id);
    create table breaches (
      name text primary key,
      title text not null,
      domain text,
      breach_date date,
      added_at timestamptz,
      pwn_count bigint,
      data_classes text[] not null default '{}',
      is_verified boolean not null default false,
      is_sensitive boolean not null default false,
      description text,
      updated_at timestamptz not null
    );
    create table credential_findings (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null,
      email text not null,
      domain text not null,
      source_kind text not null,
      source_name text not null,
      breach_date date,
      data_classes text[] not null default '{}',
      password_masked text,
      password_hmac text,
      url text,
      device_id integer
    );
    create index credential_findings_email on credential_findings (company_id, email collate "C");
    create index credential_findings_device on credential_findings (device_id) where device_id is not null;
    create table infostealer_devices (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      machine_name text not null,
      malware_family text not null,
      infection_date timestamptz,
      ip text,
      country text,
      os text,
      urls text[] not null default '{}',
      credential_count integer not null default 0
    );
    create index infostealer_devices_date on infostealer_devices (company_id, infection_date desc nulls last, finding_id desc);
    create table cves (
      cve_id text primary key,
      published_at timestamptz not null,
      last_modified_at timestamptz,
      description text not null default '',
      cvss31_score numeric(3, 1),
      cvss31_vector text,
      cvss40_score numeric(3, 1),
      cvss40_vector text,
      severity text not null default 'info',
      cpes text[] not null default '{}',
      epss double precision,
      epss_percentile double precision,
      epss_model text,
      epss_date date,
      kev_date_added date,
      kev_due_date date,
      kev_ransomware text,
      updated_at timestamptz not null
    );
    create index cves_published on cves (published_at desc, cve_id desc);
    create table cve_products (
      cve_id text not null references cves(cve_id) on delete cascade,
      vendor text not null,
      product text not null,
      primary key (vendor, product, cve_id)
    );
    create index cve_products_cve on cve_products (cve_id);
    create table cve_changes (
      id integer generated always as identity primary key,
      cve_id text not null references cves(cve_id) on delete cascade,
      field text not null,
      from_value text,
      to_value text,
      job_id integer,
      at timestamptz not null
    );
    create index cve_changes_cve on cve_changes (cve_id, id);
    create table cve_watch_items (
      id integer generated always as identity primary key,
      company_id integer not null references companies(id) on delete cascade,
      vendor text not null,
      product text not null default '*',
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null
    );
    create unique index cve_watch_items_unique on cve_watch_items (company_id, vendor, product);
    create index cve_watch_items_product on cve_watch_items (vendor, product);
    create table cve_findings (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      cve_id text not null references cves(cve_id) on delete cascade,
      published_at timestamptz not null
    );
    create unique index cve_findings_cve on cve_findings (company_id, cve_id);
    create index cve_findings_published on cve_findings (company_id, published_at desc, cve_id desc);
    create table vulnerability_findings (
      finding_id integer primary key references findings(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      template_id text not null,
      name text not null,
      host text not null,
      matched_at text not null,
      cve_id text,
      cvss_score numeric(3, 1),
      scanned_at timestamptz
    );
    create index vulnerability_findings_host on vulnerability_findings (company_id, host collate "C");
    create table sla_policies (
      company_id integer primary key references companies(id) on delete cascade,
      critical_days integer not null,
      high_days integer not null,
      medium_days integer not null,
      low_days integer not null,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null
    );
`;

/** Runs a script statement by statement; function bodies ($fn$ … $fn$) stay whole. */
async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n(?=\s*(?:create|alter|drop)\s)/i)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, upSql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sla_policies, vulnerability_findings, cve_findings, cve_watch_items, cve_changes, cve_products, cves, infostealer_devices, credential_findings, breaches, import_log, import_rejects, import_files, import_jobs, events, finding_comments, finding_changes, finding_daily, finding_stats, findings`.execute(
    db,
  );
  await sql`drop function finding_stats_insert, finding_stats_update, finding_stats_delete`.execute(db);
}
