// What changed in a company's period, per module: new, resolved, reopened, mean time to resolve and
// SLA breaches. A stand-in with the numbers the report needs until the insights feature's
// `summarizePeriod` lands on main (issue 19): the report reads only `PeriodSummary`, so the swap
// is this file.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { openStatuses } from '../findings/findings.table.js';

export interface ModulePeriod {
  module: string;
  new: number;
  resolved: number;
  reopened: number;
  meanHoursToResolve: number | null;
  slaBreaches: number;
}

export interface Period {
  /** First instant of the period. */
  from: Date;
  /** First instant after it. */
  to: Date;
}

/** One row per module id given, in that order (zeros where nothing happened). */
export async function periodSummary(
  db: Executor,
  companyId: number,
  moduleIds: readonly string[],
  { from, to }: Period,
  now: Date,
): Promise<ModulePeriod[]> {
  const open = sql.join(openStatuses);
  const rows = await db
    .selectFrom('findings as f')
    .select([
      'f.module',
      sql<number>`count(*) filter (where f.first_seen_at >= ${from} and f.first_seen_at < ${to})::int`.as('new'),
      sql<number>`count(*) filter (where f.status = 'resolved' and f.resolved_at >= ${from} and f.resolved_at < ${to})::int`.as(
        'resolved',
      ),
      sql<number | null>`avg(extract(epoch from f.resolved_at - f.first_seen_at) / 3600)
        filter (where f.status = 'resolved' and f.resolved_at >= ${from} and f.resolved_at < ${to})`.as('mean_hours'),
      // Due in the period and missed: still open past it, or resolved after it.
      sql<number>`count(*) filter (where f.due_at >= ${from} and f.due_at < ${to} and f.due_at < ${now}
        and ((f.status in (${open})) or (f.resolved_at is not null and f.resolved_at > f.due_at)))::int`.as(
        'sla_breaches',
      ),
    ])
    .where('f.company_id', '=', companyId)
    .groupBy('f.module')
    .execute();
  const reopened = await db
    .selectFrom('finding_changes as c')
    .innerJoin('findings as f', 'f.id', 'c.finding_id')
    .select(['f.module', sql<number>`count(distinct c.finding_id)::int`.as('n')])
    .where('c.company_id', '=', companyId)
    .where('c.field', '=', 'status')
    .where('c.from_value', '=', 'resolved')
    .where('c.at', '>=', from)
    .where('c.at', '<', to)
    .groupBy('f.module')
    .execute();
  const byModule = new Map(rows.map((r) => [r.module, r]));
  const reopenedBy = new Map(reopened.map((r) => [r.module, r.n]));
  return moduleIds.map((module) => {
    const row = byModule.get(module);
    const mean = row?.mean_hours;
    return {
      module,
      new: row?.new ?? 0,
      resolved: row?.resolved ?? 0,
      reopened: reopenedBy.get(module) ?? 0,
      meanHoursToResolve: mean === null || mean === undefined ? null : Math.round(Number(mean) * 10) / 10,
      slaBreaches: row?.sla_breaches ?? 0,
    };
  });
}
