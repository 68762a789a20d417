// Everything the print view lays out for one report (`GET /reports/{id}/data`): the rating now and
// its trend over the period, the company's open findings by severity, what changed in the period
// per module, and each module's worst open findings and those resolved in the period. Read in the
// report's company only (every query names it).
import type { components } from '@vigil/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { DAY } from '../../shared/clock.js';
import { openStatuses, type Severity, severities } from '../findings/findings.table.js';
import { summarizePeriod } from '../insights/insights.summary.js';
import { ratingOf } from '../risk/risk.service.js';
import { trendOf } from '../risk/risk.snapshots.js';
import type { ReportRow } from './reports.table.js';

type ReportData = components['schemas']['ReportData'];
type ReportFinding = components['schemas']['ReportFinding'];
type SeverityCounts = components['schemas']['SeverityCounts'];

/** How many findings each module lists (worst open, and resolved in the period). */
export const FINDINGS_PER_MODULE = 5;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const zeroCounts = (): SeverityCounts => ({ critical: 0, high: 0, medium: 0, low: 0, info: 0 });
const severityRank = sql<number>`array_position(array['critical','high','medium','low','info']::text[], f.severity)`;

async function openBySeverity(db: Executor, companyId: number): Promise<Map<string, SeverityCounts>> {
  const rows = await db
    .selectFrom('finding_stats')
    .select(['module', 'severity', sql<number>`sum(n)::int`.as('n')])
    .where('company_id', '=', companyId)
    .where('status', 'in', openStatuses)
    .groupBy(['module', 'severity'])
    .execute();
  const byModule = new Map<string, SeverityCounts>();
  for (const row of rows) {
    if (!severities.includes(row.severity as Severity)) continue;
    const counts = byModule.get(row.module) ?? zeroCounts();
    counts[row.severity as Severity] += row.n;
    byModule.set(row.module, counts);
  }
  return byModule;
}

/** Up to N findings per module of the company that `which` selects, in the given order. */
async function findingsPerModule(
  db: Executor,
  companyId: number,
  which: ReturnType<typeof sql<boolean>>,
  order: ReturnType<typeof sql>,
): Promise<Map<string, ReportFinding[]>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('findings as f')
        .select([
          'f.id',
          'f.module',
          'f.title',
          'f.severity',
          'f.status',
          'f.first_seen_at',
          'f.due_at',
          sql<number>`row_number() over (partition by f.module order by ${order})`.as('rank'),
        ])
        .where('f.company_id', '=', companyId)
        .where(which)
        .as('ranked'),
    )
    .selectAll()
    .where('rank', '<=', FINDINGS_PER_MODULE)
    .orderBy('module')
    .orderBy('rank')
    .execute();
  const byModule = new Map<string, ReportFinding[]>();
  for (const row of rows) {
    const list = byModule.get(row.module) ?? [];
    list.push({
      id: row.id,
      title: row.title,
      severity: row.severity,
      status: row.status,
      first_seen_at: row.first_seen_at.toISOString(),
      due_at: row.due_at?.toISOString() ?? null,
    });
    byModule.set(row.module, list);
  }
  return byModule;
}

export async function reportData(
  ctx: Pick<AppContext, 'db' | 'modules' | 'clock'>,
  report: ReportRow,
  requestedBy: string | null,
  company: string,
): Promise<ReportData> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const companyId = report.company_id;
  const from = report.period_from;
  const to = new Date(report.period_to.getTime() + DAY);
  const modules = ctx.modules.modules;
  const target = { companyId, supplierId: null };
  const days = Math.round((to.getTime() - from.getTime()) / DAY);
  const [rating, trend, open, changes, top, resolved] = await Promise.all([
    ratingOf(db, target, now, modules),
    trendOf(db, target, days, report.period_to),
    openBySeverity(db, companyId),
    // The insights' counts: the report and /insight say the same of a period.
    summarizePeriod(db, { companyId, userId: report.requested_by ?? 0 }, modules, { from, to, now }),
    findingsPerModule(
      db,
      companyId,
      sql<boolean>`f.status in (${sql.join(openStatuses)})`,
      sql`${severityRank}, f.first_seen_at, f.id`,
    ),
    findingsPerModule(
      db,
      companyId,
      sql<boolean>`f.status = 'resolved' and f.resolved_at >= ${from} and f.resolved_at < ${to}`,
      sql`${severityRank}, f.resolved_at desc, f.id`,
    ),
  ]);
  const { new: created, resolved: done, reopened, sla_breaches } = changes.totals;
  const totals = { open: 0, open_by_severity: zeroCounts(), new: created, resolved: done, reopened, sla_breaches };
  const perModule = changes.modules.map((change) => {
    const counts = open.get(change.module) ?? zeroCounts();
    const openCount = severities.reduce((sum, s) => sum + counts[s], 0);
    for (const s of severities) totals.open_by_severity[s] += counts[s];
    totals.open += openCount;
    return {
      module: change.module,
      open: openCount,
      open_by_severity: counts,
      new: change.new,
      resolved: change.resolved,
      reopened: change.reopened,
      mean_hours_to_resolve: change.mttr_hours,
      sla_breaches: change.sla_breaches,
      top: top.get(change.module) ?? [],
      resolved_findings: resolved.get(change.module) ?? [],
    };
  });
  return {
    report: {
      id: report.id,
      company,
      period_from: isoDay(report.period_from),
      period_to: isoDay(report.period_to),
      language: report.language as ReportData['report']['language'],
      created_at: report.created_at.toISOString(),
      requested_by: requestedBy,
    },
    rating: { supplier_id: null, ...rating, computed_at: now.toISOString() },
    trend: trend.filter((point) => point.day <= isoDay(report.period_to)),
    totals,
    modules: perModule,
  };
}
