// Dashboard KPIs and trend series, read from the trigger-kept counters (finding_stats,
// finding_daily) so they stay fast with millions of findings. Every figure is a list keyed by
// module: a new module adds entries, never fields.
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { DAY } from '../../shared/clock.js';
import { requireScope, tenantFilter } from '../../shared/tenant.js';
import { openStatuses, severities } from '../findings/findings.table.js';

/**
 * Open findings by severity and by registered module (each one, zero included) from rows of
 * finding_stats already limited to open statuses: the dashboard's and Global Vision's figures.
 */
export function openTally(rows: { module: string; severity: string; n: number }[], modules: readonly { id: string }[]) {
  const bySeverity = Object.fromEntries(severities.map((s) => [s, 0])) as Record<(typeof severities)[number], number>;
  const byModule = new Map<string, number>(modules.map((m) => [m.id, 0]));
  for (const row of rows) {
    if (row.severity in bySeverity) bySeverity[row.severity as keyof typeof bySeverity] += row.n;
    if (byModule.has(row.module)) byModule.set(row.module, (byModule.get(row.module) ?? 0) + row.n);
  }
  return { bySeverity, byModule };
}

export async function getDashboard({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { days?: number };
}) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const days = input.days ?? 30;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = new Date(today - (days - 1) * DAY);
  const modules = ctx.modules.modules;
  const [stats, daily] = await Promise.all([
    ctx.db
      .selectFrom('finding_stats')
      .select(['module', 'severity', sql<number>`sum(n)::int`.as('n')])
      .where(tenantFilter('finding_stats', scope))
      .where('status', 'in', openStatuses)
      .groupBy(['module', 'severity'])
      .execute(),
    ctx.db
      .selectFrom('finding_daily')
      .select(['module', sql<string>`day::text`.as('day'), sql<number>`n::int`.as('n')])
      .where(tenantFilter('finding_daily', scope))
      .where('day', '>=', firstDay)
      .execute(),
  ]);
  const { bySeverity, byModule } = openTally(stats, modules);
  // Each module's KPIs, given its open count (read above) so that one which is that count reads nothing.
  const kpis = await Promise.all(
    modules.flatMap((m) =>
      (m.kpis ?? []).map(async (kpi) => ({
        module: m.id,
        id: kpi.id,
        value: await kpi.value({ db: ctx.db, scope, now, open: byModule.get(m.id) ?? 0 }),
      })),
    ),
  );
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(firstDay.getTime() + i * DAY).toISOString().slice(0, 10),
  );
  const dayIndex = new Map(dayList.map((day, i) => [day, i]));
  const series = new Map(modules.map((m) => [m.id, new Array<number>(days).fill(0)]));
  for (const row of daily) {
    const i = dayIndex.get(row.day);
    const counts = series.get(row.module);
    if (i !== undefined && counts) counts[i] = (counts[i] ?? 0) + row.n;
  }
  return {
    data: {
      open_by_severity: bySeverity,
      open_by_module: [...byModule].map(([module, count]) => ({ module, count })),
      kpis,
      trend: { days: dayList, series: [...series].map(([module, counts]) => ({ module, counts })) },
      generated_at: now.toISOString(),
    },
  };
}
