// Global Vision: the user's companies side by side. The one read that spans companies: their ids
// come from the user's active memberships (clients.repository), never from the request, and each
// figure is the one the company's own screens show (the dashboard's counters, the risk rating).
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { listCompaniesOfUser } from '../../identity/clients/clients.repository.js';
import { type AuthContext, tokenCompanyOf } from '../../identity/session/session.service.js';
import { DAY } from '../../shared/clock.js';
import { openTally } from '../dashboard/dashboard.service.js';
import { openStatuses } from '../findings/findings.table.js';
import type { Rating } from '../risk/risk.formula.js';
import { dayStart, ratingOf } from '../risk/risk.service.js';
import { trendOf } from '../risk/risk.snapshots.js';

type Role = 'administrator' | 'analyst' | 'viewer';

/** The open findings counters of the given companies (the member's, read before), by company. */
async function openCountsOf(db: Executor, companyIds: number[]) {
  const rows = await db
    .selectFrom('finding_stats')
    .select(['company_id', 'module', 'severity', sql<number>`sum(n)::int`.as('n')])
    .where('company_id', 'in', companyIds)
    .where('status', 'in', openStatuses)
    .groupBy(['company_id', 'module', 'severity'])
    .execute();
  const byCompany = new Map<number, typeof rows>(companyIds.map((id) => [id, []]));
  for (const row of rows) byCompany.get(row.company_id)?.push(row);
  return byCompany;
}

/** The change is over 30 days whatever the trend's period (as the supplier portfolio's). */
const CHANGE_DAYS = 30;

/** The first day (YYYY-MM-DD) of a period of `days` days ending today. */
function firstDay(now: Date, days: number): string {
  return new Date(dayStart(now).getTime() - (days - 1) * DAY).toISOString().slice(0, 10);
}

/**
 * The score now less the first snapshot of the last 30 days taken before today, one decimal; null
 * without both. Today's snapshot is the rating now, not history: compared with itself it would say
 * "steady" for a company that has no history yet.
 */
function changeOf(score: number | null, points: { day: string; score: number }[], now: Date): number | null {
  const today = now.toISOString().slice(0, 10);
  const first = points.find((p) => p.day >= firstDay(now, CHANGE_DAYS) && p.day < today);
  return score === null || first === undefined ? null : Math.round((score - first.score) * 10) / 10;
}

type Point = { day: string; score: number; grade: NonNullable<Rating['grade']> };

/**
 * Today's point is the rating now: the day's snapshot (taken hourly and after imports) holds the
 * day's latest rating, so before it is taken, or between two, the trend ends on what it will hold.
 */
function withToday(points: Point[], rating: Rating, now: Date): Point[] {
  const today = now.toISOString().slice(0, 10);
  const past = points.filter((p) => p.day < today);
  return rating.score === null || rating.grade === null
    ? points
    : [...past, { day: today, score: rating.score, grade: rating.grade }];
}

export async function getPortfolio({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { days?: number };
}) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const days = input.days ?? 30;
  const modules = ctx.modules.modules;
  const companies = await listCompaniesOfUser(db, auth.user.id, tokenCompanyOf(auth));
  const counts =
    companies.length > 0
      ? await openCountsOf(
          db,
          companies.map((c) => c.id),
        )
      : new Map();
  const rows = await Promise.all(
    companies.map(async (company) => {
      const target = { companyId: company.id, supplierId: null };
      const rating = await ratingOf(db, target, now, modules);
      const points = await trendOf(db, target, Math.max(days, CHANGE_DAYS), now);
      const trend = withToday(
        points.filter((p) => p.day >= firstDay(now, days)),
        rating,
        now,
      );
      const { bySeverity, byModule } = openTally(counts.get(company.id) ?? [], modules);
      return {
        id: company.id,
        name: company.name,
        role: company.role as Role,
        current: company.id === auth.scope?.companyId,
        score: rating.score,
        grade: rating.grade,
        change: changeOf(rating.score, points, now),
        open: Object.values(bySeverity).reduce((sum, n) => sum + n, 0),
        open_by_severity: bySeverity,
        open_by_module: [...byModule].map(([module, count]) => ({ module, count })),
        trend,
      };
    }),
  );
  return { data: { days, modules: modules.map((m) => m.id), companies: rows, generated_at: now.toISOString() } };
}
