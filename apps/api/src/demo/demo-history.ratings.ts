// The demo's 90 daily rating snapshots: for each past day, the rating's own formula (risk.formula.ts)
// applied to what was open at that day's end — the findings first seen by then, each in the status
// its history (finding_changes) gave it at that time, overdue when its due date had passed — and for
// today the live rating. Written oldest first through risk.snapshots.ts `snapshot`, so each day that
// moved the score also has its `score.changed` event, as the hourly run would have written.
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { openStatuses, type Severity } from '../platform/findings/findings.table.js';
import type { MonitoringModule } from '../platform/monitoring/monitoring-module.js';
import { factorKey, factorMapOf, type RiskFactorId } from '../platform/risk/risk.factors.js';
import { type OpenTally, type RatingInput, rate } from '../platform/risk/risk.formula.js';
import { dayStart, ofTarget, type RatingTarget, ratingOf } from '../platform/risk/risk.service.js';
import { snapshot } from '../platform/risk/risk.snapshots.js';
import { DAY } from '../shared/clock.js';

export const HISTORY_DAYS = 90;

interface PastFinding {
  supplierId: number | null;
  factor: RiskFactorId | undefined;
  module: string;
  kind: string;
  severity: Severity;
  firstSeen: number;
  due: number | null;
  /** The status before its first change, then each change's status and time, oldest first. */
  initial: string;
  changes: { at: number; to: string }[];
}

async function pastFindings(db: Executor, companyId: number, modules: readonly MonitoringModule[]) {
  const factors = factorMapOf(modules);
  const rows = await db
    .selectFrom('findings')
    .select(['id', 'supplier_id', 'module', 'fingerprint', 'severity', 'status', 'first_seen_at', 'due_at'])
    .where('company_id', '=', companyId)
    .execute();
  const changes = await db
    .selectFrom('finding_changes')
    .select(['finding_id', 'from_value', 'to_value', 'at'])
    .where('company_id', '=', companyId)
    .where('field', '=', 'status')
    .orderBy('at')
    .orderBy('id')
    .execute();
  const byFinding = new Map<number, typeof changes>();
  for (const c of changes) byFinding.set(c.finding_id, [...(byFinding.get(c.finding_id) ?? []), c]);
  return rows.map((row): PastFinding => {
    const kind = row.fingerprint.split(':')[0] ?? '';
    const own = byFinding.get(row.id) ?? [];
    return {
      supplierId: row.supplier_id,
      factor: factors.get(factorKey(row.module, kind)),
      module: row.module,
      kind,
      severity: row.severity,
      firstSeen: row.first_seen_at.getTime(),
      due: row.due_at?.getTime() ?? null,
      initial: own[0]?.from_value ?? row.status,
      changes: own.map((c) => ({ at: c.at.getTime(), to: c.to_value ?? row.status })),
    };
  });
}

/** What the rating reads from the counters, as they stood at `at` (the end of a past day). */
export function inputAsOf(findings: readonly PastFinding[], supplierId: number | null, at: number): RatingInput {
  const measured = new Set<RiskFactorId>();
  const tallies = new Map<string, OpenTally>();
  const overdueBefore = dayStart(new Date(at)).getTime();
  for (const f of findings) {
    if (f.supplierId !== supplierId || f.firstSeen > at || f.factor === undefined) continue;
    measured.add(f.factor);
    let status = f.initial;
    for (const c of f.changes) if (c.at <= at) status = c.to;
    if (!(openStatuses as string[]).includes(status)) continue;
    const overdue = f.due !== null && f.due < overdueBefore;
    const key = `${f.module}|${f.kind}|${f.severity}|${overdue}`;
    const tally = tallies.get(key);
    if (tally) tally.open += 1;
    else tallies.set(key, { module: f.module, kind: f.kind, factor: f.factor, severity: f.severity, overdue, open: 1 });
  }
  return { measured, open: [...tallies.values()] };
}

/** Rewrites a company's snapshots (its own and its suppliers') of the last 90 days; how many written. */
export async function rateQuarter(
  db: Executor,
  company: { id: number; suppliers: { id: number; name: string }[] },
  now: Date,
  modules: readonly MonitoringModule[],
): Promise<number> {
  const findings = await pastFindings(db, company.id, modules);
  const today = dayStart(now).getTime();
  const targets = [
    { companyId: company.id, supplierId: null, name: null },
    ...company.suppliers.map((s) => ({ companyId: company.id, supplierId: s.id, name: s.name })),
  ];
  let written = 0;
  for (const target of targets) {
    const first = today - (HISTORY_DAYS - 1) * DAY;
    await db
      .deleteFrom('risk_snapshots')
      .where(ofTarget(target as RatingTarget))
      .where('day', '>=', sql<Date>`${new Date(first).toISOString().slice(0, 10)}::date`)
      .execute();
    for (let day = first; day < today; day += DAY) {
      const end = new Date(day + DAY - 1);
      const rating = rate(inputAsOf(findings, target.supplierId, end.getTime()));
      if (rating.score !== null) written += 1;
      await snapshot(db, target, rating, end);
    }
    await snapshot(db, target, await ratingOf(db, target, now, modules), now);
    written += 1;
  }
  return written;
}
