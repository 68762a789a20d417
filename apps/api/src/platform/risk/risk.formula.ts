// The technical risk rating as a pure function of what the counters hold (docs/risk-rating.md):
// each open finding takes points from its factor by severity (twice as many when a patching finding
// is overdue), a factor scores 100 × (1 + points / 20)^−0.35, the overall score is the weighted mean
// of the measured factors, and a grade is read from a score. Figures are kept in tenths (integers), so
// every score is exact to its one decimal and can be recomputed by hand from what the API shows.
import type { Severity } from '../findings/findings.table.js';
import { factorWeights, type RiskFactorId, riskFactorIds } from './risk.factors.js';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

/** Points an open finding takes from its factor. */
export const severityPoints: Readonly<Record<Severity, number>> = {
  critical: 40,
  high: 20,
  medium: 8,
  low: 2,
  info: 0,
};

/** The curve of a factor's score: 100 × (1 + points / SCALE_POINTS)^−DECAY (docs/risk-rating.md). */
export const SCALE_POINTS = 20;
export const DECAY = 0.35;

/** Open findings of one module's kind, severity and overdue state (the counters' grouping). */
export interface OpenTally {
  module: string;
  kind: string;
  factor: RiskFactorId;
  severity: Severity;
  overdue: boolean;
  open: number;
}

export interface RatingInput {
  /** Factors with data: a finding of theirs was ever recorded, whatever its status. */
  measured: ReadonlySet<RiskFactorId>;
  open: readonly OpenTally[];
}

export interface FactorRating {
  id: RiskFactorId;
  weight: number;
  measured: boolean;
  open: number;
  overdue: number;
  points: number;
  /** null while the factor has no data (it does not count). */
  score: number | null;
  grade: Grade | null;
}

export interface Rating {
  score: number | null;
  grade: Grade | null;
  factors: FactorRating[];
}

export interface Fix {
  module: string;
  kind: string;
  factor: RiskFactorId;
  severity: Severity;
  overdue: boolean;
  findings: number;
  /** What resolving one of these findings adds to the score (points, one decimal). */
  gain: number;
  /** What resolving all of them adds. */
  gainAll: number;
}

/** Points one open finding takes: its severity's, doubled for an overdue patching finding. */
export function pointsOf(t: Pick<OpenTally, 'factor' | 'severity' | 'overdue'>): number {
  const base = severityPoints[t.severity];
  return t.overdue && t.factor === 'patching_cadence' ? base * 2 : base;
}

/** A factor's score in tenths: 100 × (1 + points / 20)^−0.35, rounded half up to one decimal. */
export function factorTenths(points: number): number {
  return Math.round(1000 * (1 + points / SCALE_POINTS) ** -DECAY);
}

export function gradeOf(score: number): Grade {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

/** The overall score in tenths, or null when no factor is measured. */
function overallTenths(factors: readonly { weight: number; tenths: number | null }[]): number | null {
  let weights = 0;
  let sum = 0;
  for (const f of factors) {
    if (f.tenths === null) continue;
    weights += f.weight;
    sum += f.weight * f.tenths;
  }
  return weights === 0 ? null : Math.round(sum / weights);
}

function factorTotals(input: RatingInput) {
  return riskFactorIds.map((id) => {
    const mine = input.open.filter((t) => t.factor === id);
    const points = mine.reduce((sum, t) => sum + t.open * pointsOf(t), 0);
    const measured = input.measured.has(id);
    return {
      id,
      weight: factorWeights[id],
      measured,
      open: mine.reduce((sum, t) => sum + t.open, 0),
      overdue: mine.reduce((sum, t) => sum + (t.overdue ? t.open : 0), 0),
      points,
      tenths: measured ? factorTenths(points) : null,
    };
  });
}

export function rate(input: RatingInput): Rating {
  const factors = factorTotals(input);
  const tenths = overallTenths(factors);
  return {
    score: tenths === null ? null : tenths / 10,
    grade: tenths === null ? null : gradeOf(tenths / 10),
    factors: factors.map(({ tenths: t, ...f }) => ({
      ...f,
      score: t === null ? null : t / 10,
      grade: t === null ? null : gradeOf(t / 10),
    })),
  };
}

/** The score in tenths with `resolved` findings of one tally taken away. */
function tenthsWithout(input: RatingInput, tally: OpenTally, resolved: number): number {
  const open = input.open.map((t) => (t === tally ? { ...t, open: t.open - resolved } : t));
  return overallTenths(factorTotals({ ...input, open })) ?? 0;
}

/**
 * "Top fixes by score impact": the formula re-run without one open finding of each group of equal
 * findings (same module, kind, severity and overdue state: they weigh the same), best first.
 */
export function topFixes(input: RatingInput, limit: number): Fix[] {
  const now = overallTenths(factorTotals(input));
  if (now === null) return [];
  return input.open
    .filter((t) => t.open > 0 && pointsOf(t) > 0 && input.measured.has(t.factor))
    .map((t) => ({
      module: t.module,
      kind: t.kind,
      factor: t.factor,
      severity: t.severity,
      overdue: t.overdue,
      findings: t.open,
      gain: (tenthsWithout(input, t, 1) - now) / 10,
      gainAll: (tenthsWithout(input, t, t.open) - now) / 10,
    }))
    .sort((a, b) => b.gain - a.gain || b.gainAll - a.gainAll || a.findings - b.findings)
    .slice(0, limit);
}
