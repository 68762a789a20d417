// /insights: the period's counts per module against the period before, the trend of new and
// resolved findings, the top risks and the recommendations (the rating's top fixes).
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { DAY } from '../../shared/clock.js';
import { validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope } from '../../shared/tenant.js';
import { and, findingConditions, iso } from '../findings/findings.query.js';
import { openStatuses, severities } from '../findings/findings.table.js';
import { findingPath } from '../monitoring/finding-path.js';
import type { MonitoringModule } from '../monitoring/monitoring-module.js';
import { fixesOf } from '../risk/risk.service.js';
import { type Measure, measureFilters, type PeriodSummary, summarizePeriod } from './insights.summary.js';

export interface InsightsInput {
  period?: 'week' | 'month' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const PERIOD_DAYS = { week: 7, month: 30 } as const;
/** A custom period spans at most this many days. */
export const MAX_DAYS = 366;
export const TREND_BUCKETS = 8;
export const TOP_RISKS = 10;
export const RECOMMENDATIONS = 8;

interface Window {
  kind: 'week' | 'month' | 'custom';
  from: Date;
  to: Date;
}

/** The window asked for: a rolling week or month ending now, or a custom one (checked: 422). */
export function windowOf(input: InsightsInput, now: Date): Window {
  if (input.from === undefined && input.to === undefined) {
    const kind = input.period ?? 'week';
    return { kind, from: new Date(now.getTime() - PERIOD_DAYS[kind] * DAY), to: now };
  }
  if (input.from === undefined || input.to === undefined) {
    throw validationError({ [input.from === undefined ? 'from' : 'to']: ['A custom period needs from and to.'] });
  }
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (!(from < to)) throw validationError({ to: ['The period must end after it starts.'] });
  if (to > now) throw validationError({ to: ['The period cannot end in the future.'] });
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY) {
    throw validationError({ from: [`A period spans at most ${MAX_DAYS} days.`] });
  }
  return { kind: 'custom', from, to };
}

/** New and resolved findings per bucket of `length` ms, the last bucket ending at `to`. */
async function trendOf(db: Executor, scope: TenantScope, to: Date, length: number) {
  const start = new Date(to.getTime() - TREND_BUCKETS * length);
  const bucket = (column: string) =>
    sql<number>`floor(extract(epoch from (${sql.ref(column)} - ${start}::timestamptz)) * 1000 / ${length})::int`;
  const count = (measure: Measure, column: string) =>
    db
      .selectFrom('findings as f')
      .select([bucket(column).as('b'), sql<number>`count(*)::int`.as('n')])
      .where(and(findingConditions(scope, measureFilters(measure, start, to))))
      .groupBy(sql`1`)
      .execute();
  const [created, resolved] = await Promise.all([count('new', 'f.first_seen_at'), count('resolved', 'f.resolved_at')]);
  const at = (rows: { b: number; n: number }[], i: number) => rows.find((r) => r.b === i)?.n ?? 0;
  return Array.from({ length: TREND_BUCKETS }, (_, i) => ({
    from: new Date(start.getTime() + i * length).toISOString(),
    to: new Date(start.getTime() + (i + 1) * length).toISOString(),
    new: at(created, i),
    resolved: at(resolved, i),
  }));
}

/**
 * Open findings, most severe first, then the longest overdue, then the oldest: one indexed read per
 * severity (findings_open_severity) until the list is full.
 */
async function topRisksOf(db: Executor, scope: TenantScope, modules: readonly MonitoringModule[]) {
  const found = [];
  for (const severity of severities) {
    if (found.length >= TOP_RISKS) break;
    const rows = await db
      .selectFrom('findings as f')
      .select(['f.id', 'f.module', 'f.title', 'f.severity', 'f.status', 'f.due_at', 'f.first_seen_at'])
      .select(['f.fingerprint', 'f.supplier_id'])
      .where(and(findingConditions(scope, { status: openStatuses, severity: [severity] })))
      .orderBy(sql`f.due_at asc nulls last`)
      .orderBy('f.first_seen_at')
      .orderBy('f.id')
      .limit(TOP_RISKS - found.length)
      .execute();
    found.push(...rows);
  }
  return found.map(({ fingerprint, supplier_id, ...row }) => ({
    ...row,
    due_at: iso(row.due_at),
    first_seen_at: row.first_seen_at.toISOString(),
    link: findingPath(modules, row.module, { id: row.id, fingerprint, supplier_id }),
  }));
}

/** Each module's counts beside the previous period's (both summaries list the same modules in order). */
function countsView(current: PeriodSummary, previous: PeriodSummary) {
  return current.modules.map(({ module, ...counts }, i) => {
    const { module: _, ...before } = previous.modules[i] ?? { module, ...counts };
    return { module, current: counts, previous: before };
  });
}

export async function getInsights({ ctx, auth, input }: { ctx: AppContext; auth: AuthContext; input: InsightsInput }) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const window = windowOf(input, now);
  const length = window.to.getTime() - window.from.getTime();
  const previousWindow = { from: new Date(window.from.getTime() - length), to: window.from };
  const modules = ctx.modules.modules;
  const current = await summarizePeriod(ctx.db, scope, modules, { ...window, now });
  const previous = await summarizePeriod(ctx.db, scope, modules, { ...previousWindow, now });
  const trend = await trendOf(ctx.db, scope, window.to, length);
  const topRisks = await topRisksOf(ctx.db, scope, modules);
  const target = { companyId: scope.companyId, supplierId: null };
  const fixes = await fixesOf(ctx.db, target, now, modules, RECOMMENDATIONS);
  return {
    data: {
      period: window.kind,
      current: { from: window.from.toISOString(), to: window.to.toISOString() },
      previous: { from: previousWindow.from.toISOString(), to: previousWindow.to.toISOString() },
      totals: { current: current.totals, previous: previous.totals },
      modules: countsView(current, previous),
      trend,
      top_risks: topRisks,
      recommendations: fixes.map(({ gainAll, ...fix }) => ({ ...fix, gain_all: gainAll })),
      generated_at: now.toISOString(),
    },
  };
}
