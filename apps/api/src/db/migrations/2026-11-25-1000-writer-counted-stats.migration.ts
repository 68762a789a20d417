// One large combolist uses both cores on PostgreSQL (issue 13): two batches of a job write at once,
// each on its own connection, and the later one commits after the earlier. The statement triggers
// that keep finding_stats / finding_daily lock those counter rows when the insert ends, so the later
// batch could hold them while the earlier one waits for it, and the later one waits for the earlier
// one to commit. A writer that overlaps its batches sets `vigil.stats_by_writer` for its transaction:
// the triggers then leave the counters to it, and it adds its counts only after the batch before it
// committed. Every other writer (and PGlite) keeps the triggers' counts.
import { type Kysely, sql } from 'kysely';

const guard = `if current_setting('vigil.stats_by_writer', true) = 'on' then
        return null;
      end if;`;

function insertFunction(withGuard: boolean): string {
  return `create or replace function finding_stats_insert() returns trigger language plpgsql as $fn$
    begin
      ${withGuard ? guard : ''}
      insert into finding_stats (company_id, module, severity, status, n)
        select company_id, module, severity, status, count(*) from new_rows group by 1, 2, 3, 4
        on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n;
      insert into finding_daily (company_id, module, day, n)
        select company_id, module, (first_seen_at at time zone 'UTC')::date, count(*) from new_rows group by 1, 2, 3
        on conflict (company_id, module, day) do update set n = finding_daily.n + excluded.n;
      return null;
    end $fn$`;
}

function updateFunction(withGuard: boolean): string {
  return `create or replace function finding_stats_update() returns trigger language plpgsql as $fn$
    begin
      ${withGuard ? guard : ''}
      insert into finding_stats (company_id, module, severity, status, n)
        select company_id, module, severity, status, sum(d) from (
          select company_id, module, severity, status, -1 as d from old_rows
          union all
          select company_id, module, severity, status, 1 as d from new_rows
        ) changes group by 1, 2, 3, 4 having sum(d) <> 0
        on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n;
      return null;
    end $fn$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(insertFunction(true)).execute(db);
  await sql.raw(updateFunction(true)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(insertFunction(false)).execute(db);
  await sql.raw(updateFunction(false)).execute(db);
}
