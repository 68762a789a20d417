// The technical risk rating reads counters, never the findings (issue 16: p95 under 100 ms at a
// million findings): risk_counts holds, per company, supplier (null: the company's own), module,
// kind (the fingerprint's prefix), severity and status, how many findings there are, and for open
// ones their due day (UTC), so "overdue" is a sum over the days before today. Statement triggers
// keep it, like finding_stats, and leave it to a writer that set `vigil.stats_by_writer` (the
// combolist's overlapping batches add their own counts: ADR 0020).
// An index of open findings by the same key finds the findings a "top fix" names.
import { type Kysely, sql } from 'kysely';

const open = `status in ('new', 'in_review', 'confirmed')`;
const key = `company_id, supplier_id, module, split_part(fingerprint, ':', 1) as kind, severity, status,
  case when ${open} then (due_at at time zone 'UTC')::date end as due_day`;
const upsert = `insert into risk_counts (company_id, supplier_id, module, kind, severity, status, due_day, n)`;
const onConflict = `on conflict (company_id, supplier_id, module, kind, severity, status, due_day)
  do update set n = risk_counts.n + excluded.n`;
const guard = `if current_setting('vigil.stats_by_writer', true) = 'on' then return null; end if;`;

function triggerFunction(name: string, body: string, guarded: boolean): string {
  return `create function ${name}() returns trigger language plpgsql as $fn$
    begin
      ${guarded ? guard : ''}
      ${body};
      return null;
    end $fn$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table risk_counts (
      company_id integer not null,
      supplier_id integer,
      module text not null,
      kind text not null,
      severity text not null,
      status text not null,
      due_day date,
      n bigint not null default 0,
      unique nulls not distinct (company_id, supplier_id, module, kind, severity, status, due_day)
    )`.execute(db);
  await sql
    .raw(`${upsert} select ${key}, count(*) from findings group by 1, 2, 3, 4, 5, 6, 7 ${onConflict}`)
    .execute(db);
  const functions = [
    triggerFunction(
      'risk_counts_insert',
      `${upsert} select *, count(*) from (select ${key} from new_rows) k group by 1, 2, 3, 4, 5, 6, 7 ${onConflict}`,
      true,
    ),
    triggerFunction(
      'risk_counts_update',
      `${upsert} select company_id, supplier_id, module, kind, severity, status, due_day, sum(d) from (
          select ${key}, -1 as d from old_rows union all select ${key}, 1 as d from new_rows
        ) changes group by 1, 2, 3, 4, 5, 6, 7 having sum(d) <> 0 ${onConflict}`,
      true,
    ),
    triggerFunction(
      'risk_counts_delete',
      `${upsert} select *, -count(*) from (select ${key} from old_rows) k group by 1, 2, 3, 4, 5, 6, 7 ${onConflict}`,
      false,
    ),
  ];
  for (const fn of functions) await sql.raw(fn).execute(db);
  await sql`create trigger risk_counts_insert after insert on findings referencing new table as new_rows
      for each statement execute function risk_counts_insert()`.execute(db);
  await sql`create trigger risk_counts_update after update on findings referencing old table as old_rows new table as new_rows
      for each statement execute function risk_counts_update()`.execute(db);
  await sql`create trigger risk_counts_delete after delete on findings referencing old table as old_rows
      for each statement execute function risk_counts_delete()`.execute(db);
  await sql
    .raw(`create index findings_open_kind on findings
      (company_id, coalesce(supplier_id, 0), module, split_part(fingerprint, ':', 1), severity, due_at, id)
      where ${open}`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index findings_open_kind`.execute(db);
  await sql`drop trigger risk_counts_insert on findings`.execute(db);
  await sql`drop trigger risk_counts_update on findings`.execute(db);
  await sql`drop trigger risk_counts_delete on findings`.execute(db);
  await sql`drop function risk_counts_insert, risk_counts_update, risk_counts_delete`.execute(db);
  await sql`drop table risk_counts`.execute(db);
}
