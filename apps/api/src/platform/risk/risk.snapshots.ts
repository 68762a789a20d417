// The daily rating snapshots: `risk.snapshot` (hourly, and for one company after each of its
// imports and probe runs) rates every company and each of its suppliers and upserts today's row of
// risk_snapshots, so today's row holds the day's latest
// rating and the trend one point a day. A score that differs from the target's previous snapshot
// writes a `score.changed` event in the same transaction.
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { DAY } from '../../shared/clock.js';
import { insertEvents } from '../events/events.repository.js';
import type { JobKind, RunOutcome } from '../jobs/job-kind.types.js';
import { endJob } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import type { Rating } from './risk.formula.js';
import { dayStart, ofTarget, type RatingTarget, ratingOf } from './risk.service.js';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function previousScore(db: Executor, target: RatingTarget): Promise<number | null> {
  const row = await db
    .selectFrom('risk_snapshots')
    .select('score')
    .where(ofTarget(target))
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.score) : null;
}

/** Upserts today's snapshot of one target; true when its score changed (an event was written). */
export async function snapshot(
  db: Executor,
  target: RatingTarget & { name: string | null },
  rating: Rating,
  now: Date,
): Promise<boolean> {
  if (rating.score === null || rating.grade === null) return false;
  const before = await previousScore(db, target);
  await db
    .insertInto('risk_snapshots')
    .values({
      company_id: target.companyId,
      supplier_id: target.supplierId,
      day: isoDay(now),
      score: rating.score,
      grade: rating.grade,
      factors: JSON.stringify(rating.factors),
      computed_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'supplier_id', 'day']).doUpdateSet((eb) => ({
        score: eb.ref('excluded.score'),
        grade: eb.ref('excluded.grade'),
        factors: eb.ref('excluded.factors'),
        computed_at: eb.ref('excluded.computed_at'),
      })),
    )
    .execute();
  if (before === null || before === rating.score) return false;
  const whose = target.name === null ? 'Technical risk rating' : `Rating of supplier ${target.name}`;
  await insertEvents(db, [
    {
      companyId: target.companyId,
      module: 'risk',
      kind: 'score.changed',
      severity: null,
      title: `${whose}: ${before} → ${rating.score} (${rating.grade})`,
      details: { supplier_id: target.supplierId, from: before, to: rating.score, grade: rating.grade },
      at: now,
    },
  ]);
  return true;
}

/** Every company's own rating and each supplier's (or one company's), one transaction each. */
export async function snapshotAll(ctx: Pick<AppContext, 'db' | 'modules'>, now: Date, onlyCompanyId?: number) {
  let companyQuery = ctx.db.selectFrom('companies').select('id').orderBy('id');
  let supplierQuery = ctx.db.selectFrom('suppliers').select(['id', 'company_id', 'name']).orderBy('id');
  if (onlyCompanyId !== undefined) {
    companyQuery = companyQuery.where('id', '=', onlyCompanyId);
    supplierQuery = supplierQuery.where('company_id', '=', onlyCompanyId);
  }
  const [companies, suppliers] = [await companyQuery.execute(), await supplierQuery.execute()];
  const targets = [
    ...companies.map((c) => ({ companyId: c.id, supplierId: null, name: null })),
    ...suppliers.map((s) => ({ companyId: s.company_id, supplierId: s.id, name: s.name })),
  ];
  let changed = 0;
  for (const target of targets) {
    await ctx.db.transaction().execute(async (trx) => {
      const rating = await ratingOf(trx, target, now, ctx.modules.modules);
      if (await snapshot(trx, target, rating, now)) changed += 1;
    });
  }
  return { targets: targets.length, changed };
}

/** The snapshots of the last `days` days, oldest first. */
export async function trendOf(db: Executor, target: RatingTarget, days: number, now: Date) {
  const first = new Date(dayStart(now).getTime() - (days - 1) * DAY);
  const rows = await db
    .selectFrom('risk_snapshots')
    .select([sql<string>`day::text`.as('day'), 'score', 'grade'])
    .where(ofTarget(target))
    .where('day', '>=', dayStart(first))
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, score: Number(r.score), grade: r.grade }));
}

/** The hourly run rates everyone; one queued by risk.queue.ts after an import or a probe run, its company. */
async function run(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const only = job.options ? Number((JSON.parse(job.options) as { company_id?: string }).company_id) : Number.NaN;
  await snapshotAll(ctx, ctx.clock.now(), Number.isInteger(only) ? only : undefined);
  return endJob(ctx.db, job.id, ctx.clock.now());
}

export const riskJobKinds = {
  'risk.snapshot': { group: 'risk', concurrency: 1, priority: 3, retried: true, platformSchedule: '50 * * * *', run },
} satisfies Record<string, JobKind>;
