// The "leaked credentials in 30 days" KPI counted infected devices too (issue 14): finding_daily
// keyed a day by module only. It is now keyed by kind as well, the finding's fingerprint prefix
// (combo, breach, stealer, device; cve; nuclei), so the KPI leaves devices out and still reads
// counters. Existing rows are split by kind from the findings; what the findings no longer hold
// (deleted ones, which the daily counts keep) stays under kind ''.
import { type Kysely, sql } from 'kysely';

const guard = `if current_setting('vigil.stats_by_writer', true) = 'on' then
        return null;
      end if;`;

function insertFunction(byKind: boolean): string {
  const daily = byKind
    ? `insert into finding_daily (company_id, module, day, kind, n)
        select company_id, module, (first_seen_at at time zone 'UTC')::date, split_part(fingerprint, ':', 1), count(*)
        from new_rows group by 1, 2, 3, 4
        on conflict (company_id, module, day, kind) do update set n = finding_daily.n + excluded.n;`
    : `insert into finding_daily (company_id, module, day, n)
        select company_id, module, (first_seen_at at time zone 'UTC')::date, count(*) from new_rows group by 1, 2, 3
        on conflict (company_id, module, day) do update set n = finding_daily.n + excluded.n;`;
  return `create or replace function finding_stats_insert() returns trigger language plpgsql as $fn$
    begin
      ${guard}
      insert into finding_stats (company_id, module, severity, status, n)
        select company_id, module, severity, status, count(*) from new_rows group by 1, 2, 3, 4
        on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n;
      ${daily}
      return null;
    end $fn$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table finding_daily_by_kind (
      company_id integer not null,
      module text not null,
      day date not null,
      kind text not null,
      n bigint not null default 0,
      primary key (company_id, module, day, kind)
    )`.execute(db);
  await sql`insert into finding_daily_by_kind (company_id, module, day, kind, n)
    select company_id, module, (first_seen_at at time zone 'UTC')::date, split_part(fingerprint, ':', 1), count(*)
    from findings group by 1, 2, 3, 4`.execute(db);
  await sql`insert into finding_daily_by_kind (company_id, module, day, kind, n)
    select d.company_id, d.module, d.day, '', d.n - coalesce(k.n, 0)
    from finding_daily d
    left join (select company_id, module, day, sum(n) as n from finding_daily_by_kind group by 1, 2, 3) k
      using (company_id, module, day)
    where d.n > coalesce(k.n, 0)`.execute(db);
  await sql`drop table finding_daily`.execute(db);
  await sql`alter table finding_daily_by_kind rename to finding_daily`.execute(db);
  await sql`alter index finding_daily_by_kind_pkey rename to finding_daily_pkey`.execute(db);
  await sql.raw(insertFunction(true)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create table finding_daily_by_module (
      company_id integer not null,
      module text not null,
      day date not null,
      n bigint not null default 0,
      primary key (company_id, module, day)
    )`.execute(db);
  await sql`insert into finding_daily_by_module (company_id, module, day, n)
    select company_id, module, day, sum(n) from finding_daily group by 1, 2, 3`.execute(db);
  await sql`drop table finding_daily`.execute(db);
  await sql`alter table finding_daily_by_module rename to finding_daily`.execute(db);
  await sql`alter index finding_daily_by_module_pkey rename to finding_daily_pkey`.execute(db);
  await sql.raw(insertFunction(false)).execute(db);
}
