// The rating of a company (its own findings) or of one of its suppliers, read from risk_counts
// through the registry's factor map; the formula itself is risk.formula.ts.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { DAY } from '../../shared/clock.js';
import { ServiceError } from '../../shared/service-error.js';
import { openStatuses, type Severity } from '../findings/findings.table.js';
import { findingPath } from '../monitoring/finding-path.js';
import type { MonitoringModule } from '../monitoring/monitoring-module.js';
import { factorKey, factorMapOf, type RiskFactorId } from './risk.factors.js';
import { type Fix, type OpenTally, type Rating, type RatingInput, rate, topFixes } from './risk.formula.js';

/** Whose rating: a company's own (supplierId null) or one of its suppliers'. */
export interface RatingTarget {
  companyId: number;
  supplierId: number | null;
}

type Modules = readonly MonitoringModule[];

/** Midnight UTC of `now`'s day: a finding due before it is overdue. */
export function dayStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY) * DAY);
}

/** The rows of one target in a table keyed by company and supplier. */
export function ofTarget(target: RatingTarget) {
  return sql<boolean>`company_id = ${target.companyId} and ${
    target.supplierId === null ? sql`supplier_id is null` : sql`supplier_id = ${target.supplierId}`
  }`;
}

/** The counters of a target grouped as the formula needs them, with the factor of each kind. */
export async function ratingInput(
  db: Executor,
  target: RatingTarget,
  now: Date,
  modules: Modules,
): Promise<RatingInput> {
  const factors = factorMapOf(modules);
  const rows = await db
    .selectFrom('risk_counts')
    .select([
      'module',
      'kind',
      'severity',
      sql<boolean>`status in (${sql.join(openStatuses)})`.as('open'),
      sql<boolean>`coalesce(due_day < ${dayStart(now)}::date, false)`.as('overdue'),
      sql<number>`sum(n)::int`.as('n'),
    ])
    .where(ofTarget(target))
    .groupBy(['module', 'kind', 'severity', sql`4`, sql`5`])
    .having(sql`sum(n)`, '>', 0)
    .execute();
  const measured = new Set<RiskFactorId>();
  const open: OpenTally[] = [];
  for (const row of rows) {
    const factor = factors.get(factorKey(row.module, row.kind));
    if (!factor) continue;
    measured.add(factor);
    if (row.open) {
      open.push({ ...row, severity: row.severity as Severity, factor, open: row.n });
    }
  }
  return { measured, open };
}

/** The rating now: for the /technicalrisk screen, the snapshots and a supplier's detail. */
export async function ratingOf(db: Executor, target: RatingTarget, now: Date, modules: Modules): Promise<Rating> {
  return rate(await ratingInput(db, target, now, modules));
}

/** 404 unless the supplier is one of the company's (the target a request names). */
export async function requireSupplier(db: Executor, companyId: number, supplierId: number | undefined) {
  if (supplierId === undefined) return null;
  const found = await db
    .selectFrom('suppliers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!found) throw new ServiceError('not_found', 'Supplier not found.');
  return found.id;
}

export interface FixWithFinding extends Fix {
  /** The first finding of the group to fix (the most overdue, then the oldest), and where it opens. */
  finding: { id: number; title: string; link: string } | null;
}

export async function fixesOf(
  db: Executor,
  target: RatingTarget,
  now: Date,
  modules: Modules,
  limit: number,
): Promise<FixWithFinding[]> {
  const fixes = topFixes(await ratingInput(db, target, now, modules), limit);
  const today = dayStart(now);
  return Promise.all(
    fixes.map(async (fix) => {
      // The expressions and order of index findings_open_kind (migration 2026-11-29-1300).
      const found = await db
        .selectFrom('findings')
        .select(['id', 'title', 'fingerprint', 'supplier_id'])
        .where('company_id', '=', target.companyId)
        .where(sql`coalesce(supplier_id, 0)`, '=', target.supplierId ?? 0)
        .where('module', '=', fix.module)
        .where(sql`split_part(fingerprint, ':', 1)`, '=', fix.kind)
        .where('severity', '=', fix.severity)
        .where('status', 'in', openStatuses)
        .where(fix.overdue ? sql<boolean>`due_at < ${today}` : sql<boolean>`(due_at is null or due_at >= ${today})`)
        .orderBy('due_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const finding = found
        ? { id: found.id, title: found.title, link: findingPath(modules, fix.module, found) }
        : null;
      return { ...fix, finding };
    }),
  );
}
