// Dashboard KPIs and trend series, read from the trigger-kept counters (finding_stats,
// finding_daily) so they stay fast with millions of findings.
import { sql } from 'kysely';
import type { AppContext } from '../../shared/context.js';
import { requireScope } from '../../shared/tenant.js';
import { modules, openStatuses, severities } from '../findings/findings.table.js';
import type { AuthContext } from '../session/session.service.js';

const DAY = 86_400_000;

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
  const [stats, daily, leaked, overdue] = await Promise.all([
    ctx.db
      .selectFrom('finding_stats')
      .select(['module', 'severity', sql<number>`sum(n)::int`.as('n')])
      .where('company_id', '=', scope.companyId)
      .where('status', 'in', openStatuses)
      .groupBy(['module', 'severity'])
      .execute(),
    ctx.db
      .selectFrom('finding_daily')
      .select(['module', sql<string>`day::text`.as('day'), sql<number>`n::int`.as('n')])
      .where('company_id', '=', scope.companyId)
      .where('day', '>=', firstDay)
      .execute(),
    ctx.db
      .selectFrom('finding_daily')
      .select(sql<number>`coalesce(sum(n), 0)::int`.as('n'))
      .where('company_id', '=', scope.companyId)
      .where('module', '=', 'credentials')
      .where('day', '>', new Date(today - 30 * DAY))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('findings')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', scope.companyId)
      .where('due_at', 'is not', null)
      .where('status', 'in', openStatuses)
      .where('due_at', '<', now)
      .executeTakeFirstOrThrow(),
  ]);
  const bySeverity = Object.fromEntries(severities.map((s) => [s, 0])) as Record<(typeof severities)[number], number>;
  const byModule = Object.fromEntries(modules.map((m) => [m, 0])) as Record<(typeof modules)[number], number>;
  for (const row of stats) {
    if (row.severity in bySeverity) bySeverity[row.severity as keyof typeof bySeverity] += row.n;
    if (row.module in byModule) byModule[row.module as keyof typeof byModule] += row.n;
  }
  const trend = Array.from({ length: days }, (_, i) => ({
    day: new Date(firstDay.getTime() + i * DAY).toISOString().slice(0, 10),
    credentials: 0,
    cves: 0,
    vulnerabilities: 0,
  }));
  const index = new Map(trend.map((t) => [t.day, t]));
  for (const row of daily) {
    const point = index.get(row.day);
    if (point && (row.module === 'credentials' || row.module === 'cves' || row.module === 'vulnerabilities')) {
      point[row.module] += row.n;
    }
  }
  return {
    data: {
      open_by_severity: bySeverity,
      open_by_module: byModule,
      leaked_credentials_30d: leaked.n,
      watched_cves: byModule.cves,
      overdue_slas: overdue.n,
      trend,
      generated_at: now.toISOString(),
    },
  };
}
