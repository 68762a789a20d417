// What changed in one period, per module: the counts of the insights screen and of the report's
// "what changed / what was resolved" section. Each count is the total of the findings list filtered
// by the same window conditions (findings.query.ts `changeConditions`), so a number and the list it
// links to cannot disagree.
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { TenantScope } from '../../shared/tenant.js';
import { and, type FindingFilters, findingConditions } from '../findings/findings.query.js';

export interface PeriodCounts {
  /** First seen in the period. */
  new: number;
  /** Resolved in the period and still resolved. */
  resolved: number;
  /** Set back to work in the period after being resolved (by an import or a person). */
  reopened: number;
  /** Due in the period (before `now`) and not resolved by the due date. */
  sla_breaches: number;
  /** Mean hours from first seen to resolved of the `resolved` ones (one decimal); null when none. */
  mttr_hours: number | null;
}

export interface ModulePeriodCounts extends PeriodCounts {
  module: string;
}

export interface PeriodSummary {
  from: Date;
  to: Date;
  /** Every registered module, in registry order (zeros for a module with nothing in the period). */
  modules: ModulePeriodCounts[];
  totals: PeriodCounts;
}

export interface PeriodInput {
  from: Date;
  to: Date;
  /** A due date after this is not a breach yet (default: `to`). */
  now?: Date;
}

/** The list filters of one measure over a window: what its number links to (`GET /findings`). */
export type Measure = 'new' | 'resolved' | 'reopened' | 'sla_breaches';

export function measureFilters(measure: Measure, from: Date, to: Date): FindingFilters {
  const window = { from: from.toISOString(), to: to.toISOString() };
  switch (measure) {
    case 'new':
      return { first_seen_from: window.from, first_seen_to: window.to };
    case 'resolved':
      return { resolved_from: window.from, resolved_to: window.to };
    case 'reopened':
      return { reopened_from: window.from, reopened_to: window.to };
    case 'sla_breaches':
      return { breached_from: window.from, breached_to: window.to };
  }
}

interface CountRow {
  module: string;
  n: number;
  hours: number | null;
}

async function countByModule(
  db: Executor,
  scope: TenantScope,
  filters: FindingFilters,
  withHours = false,
): Promise<CountRow[]> {
  const hours: RawBuilder<number | null> = withHours
    ? sql`avg(extract(epoch from (f.resolved_at - f.first_seen_at)) / 3600)::float8`
    : sql`null::float8`;
  return db
    .selectFrom('findings as f')
    .select(['f.module', sql<number>`count(*)::int`.as('n'), hours.as('hours')])
    .where(and(findingConditions(scope, filters)))
    .groupBy('f.module')
    .execute();
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The period's counts of the scope's company, per registered module and in total. `modules` gives
 * the order (and the modules shown); findings of a module no longer registered count in neither.
 */
export async function summarizePeriod(
  db: Executor,
  scope: TenantScope,
  modules: readonly { id: string }[],
  input: PeriodInput,
): Promise<PeriodSummary> {
  const { from, to } = input;
  const dueEnd = input.now && input.now < to ? input.now : to;
  const [created, resolved, reopened, breached] = await Promise.all([
    countByModule(db, scope, measureFilters('new', from, to)),
    countByModule(db, scope, measureFilters('resolved', from, to), true),
    countByModule(db, scope, measureFilters('reopened', from, to)),
    dueEnd > from ? countByModule(db, scope, measureFilters('sla_breaches', from, dueEnd)) : Promise.resolve([]),
  ]);
  const of = (rows: CountRow[], module: string) => rows.find((r) => r.module === module);
  const rows = modules.map(({ id }) => {
    const done = of(resolved, id);
    return {
      module: id,
      new: of(created, id)?.n ?? 0,
      resolved: done?.n ?? 0,
      reopened: of(reopened, id)?.n ?? 0,
      sla_breaches: of(breached, id)?.n ?? 0,
      mttr_hours: done?.hours == null ? null : oneDecimal(done.hours),
      hoursSum: done?.hours == null ? 0 : done.hours * done.n,
    };
  });
  const sum = (key: 'new' | 'resolved' | 'reopened' | 'sla_breaches') => rows.reduce((n, r) => n + r[key], 0);
  const resolvedTotal = sum('resolved');
  const hoursTotal = rows.reduce((n, r) => n + r.hoursSum, 0);
  return {
    from,
    to,
    modules: rows.map(({ hoursSum: _, ...row }) => row),
    totals: {
      new: sum('new'),
      resolved: resolvedTotal,
      reopened: sum('reopened'),
      sla_breaches: sum('sla_breaches'),
      mttr_hours: resolvedTotal === 0 ? null : oneDecimal(hoursTotal / resolvedTotal),
    },
  };
}
