// The formula against cases computed by hand (each figure's arithmetic is in the comment beside it,
// as docs/risk-rating.md explains it).
import { describe, expect, it } from 'vitest';
import type { Severity } from '../findings/findings.table.js';
import type { RiskFactorId } from './risk.factors.js';
import { factorTenths, gradeOf, type OpenTally, rate, topFixes } from './risk.formula.js';

function tally(factor: RiskFactorId, severity: Severity, open: number, overdue = false): OpenTally {
  return { module: 'm', kind: `${factor}-${severity}-${overdue}`, factor, severity, overdue, open };
}

function factor(rating: ReturnType<typeof rate>, id: RiskFactorId) {
  return rating.factors.find((f) => f.id === id);
}

describe('the risk formula', () => {
  it('has no score while no factor has data, and says so for every factor', () => {
    const rating = rate({ measured: new Set(), open: [] });
    expect(rating.score).toBeNull();
    expect(rating.grade).toBeNull();
    expect(rating.factors).toHaveLength(8);
    expect(rating.factors.every((f) => !f.measured && f.score === null && f.grade === null)).toBe(true);
  });

  it('scores a measured factor without open findings 100, A', () => {
    const rating = rate({ measured: new Set(['dns_email']), open: [] });
    expect(rating).toMatchObject({ score: 100, grade: 'A' });
    expect(factor(rating, 'dns_email')).toMatchObject({ points: 0, score: 100, grade: 'A' });
  });

  it('takes 20 points for one high finding: 100 × 50 / 70 = 71.4, C', () => {
    const rating = rate({ measured: new Set(['leaked_credentials']), open: [tally('leaked_credentials', 'high', 1)] });
    expect(factor(rating, 'leaked_credentials')).toMatchObject({ open: 1, points: 20, score: 71.4, grade: 'C' });
    expect(rating).toMatchObject({ score: 71.4, grade: 'C' });
  });

  it('doubles an overdue patching finding and weighs the measured factors only', () => {
    // patching: critical overdue 2 × 40 = 80, medium 8: 88 points → 5000 / 138 = 36.23… → 36.2 (F)
    // leaked credentials measured, nothing open → 100 (A); the unmeasured factors do not count:
    // (20 × 36.2 + 15 × 100) / (20 + 15) = 2224 / 35 = 63.54… → 63.5 (D)
    const rating = rate({
      measured: new Set(['patching_cadence', 'leaked_credentials']),
      open: [tally('patching_cadence', 'critical', 1, true), tally('patching_cadence', 'medium', 1)],
    });
    expect(factor(rating, 'patching_cadence')).toMatchObject({
      open: 2,
      overdue: 1,
      points: 88,
      score: 36.2,
      grade: 'F',
    });
    expect(factor(rating, 'leaked_credentials')).toMatchObject({ points: 0, score: 100 });
    expect(factor(rating, 'exposed_code')).toMatchObject({ measured: false, score: null });
    expect(rating).toMatchObject({ score: 63.5, grade: 'D' });
  });

  it('does not double an overdue finding outside patching cadence', () => {
    const rating = rate({ measured: new Set(['dns_email']), open: [tally('dns_email', 'high', 1, true)] });
    expect(factor(rating, 'dns_email')).toMatchObject({ points: 20, score: 71.4 });
  });

  it('adds every open finding: 3 low + 2 info + 1 medium = 14 points → 5000 / 64 = 78.125 → 78.1', () => {
    const rating = rate({
      measured: new Set(['network_tls']),
      open: [tally('network_tls', 'low', 3), tally('network_tls', 'info', 2), tally('network_tls', 'medium', 1)],
    });
    expect(factor(rating, 'network_tls')).toMatchObject({ open: 6, points: 14, score: 78.1, grade: 'C' });
  });

  it('rounds half up and reads grades from their lower bounds', () => {
    expect(factorTenths(30)).toBe(625); // 5000 / 80 = 62.5
    expect(factorTenths(0)).toBe(1000);
    expect([90, 89.9, 80, 70, 60, 59.9].map(gradeOf)).toEqual(['A', 'B', 'B', 'C', 'D', 'F']);
  });

  it('weighs all eight factors to 100', () => {
    // every factor measured; patching 1 high (20 points → 71.4), the rest clean (100):
    // (20 × 71.4 + 80 × 100) / 100 = 9428 / 100 = 94.28 → 94.3 (A)
    const all = new Set<RiskFactorId>([
      'patching_cadence',
      'application_security',
      'network_tls',
      'dns_email',
      'leaked_credentials',
      'exposed_code',
      'client_scripts',
      'closed_source_mentions',
    ]);
    const rating = rate({ measured: all, open: [tally('patching_cadence', 'high', 1)] });
    expect(rating.factors.reduce((sum, f) => sum + f.weight, 0)).toBe(100);
    expect(rating).toMatchObject({ score: 94.3, grade: 'A' });
  });
});

describe('top fixes', () => {
  const input = {
    measured: new Set<RiskFactorId>(['patching_cadence', 'leaked_credentials']),
    open: [
      tally('patching_cadence', 'critical', 1, true),
      tally('patching_cadence', 'medium', 1),
      tally('leaked_credentials', 'high', 2),
      tally('leaked_credentials', 'info', 4),
    ],
  };

  it('re-runs the formula without one finding of each group, best first', () => {
    // now: patching 88 points → 36.2; credentials 40 points → 5000 / 90 = 55.6;
    // (20 × 36.2 + 15 × 55.6) / 35 = (724 + 834) / 35 = 44.51… → 44.5
    expect(rate(input).score).toBe(44.5);
    const fixes = topFixes(input, 10);
    // without the overdue critical: patching 8 → 86.2; (1724 + 834) / 35 = 73.08… → 73.1: +28.6
    // without one high credential: credentials 20 → 71.4; (724 + 1071) / 35 = 51.28… → 51.3: +6.8
    //   (both: credentials 100; (724 + 1500) / 35 = 63.54… → 63.5: +19.0)
    // without the medium: patching 80 → 38.5; (770 + 834) / 35 = 45.82… → 45.8: +1.3
    // info findings take no points: no fix
    expect(fixes.map((f) => [f.factor, f.severity, f.overdue, f.findings, f.gain, f.gainAll])).toEqual([
      ['patching_cadence', 'critical', true, 1, 28.6, 28.6],
      ['leaked_credentials', 'high', false, 2, 6.8, 19],
      ['patching_cadence', 'medium', false, 1, 1.3, 1.3],
    ]);
    expect(topFixes(input, 1)).toHaveLength(1);
  });

  it('promises exactly what the formula gives once the finding is gone', () => {
    const [best] = topFixes(input, 1);
    const after = rate({
      ...input,
      open: input.open.map((t) => (t.kind === best?.kind ? { ...t, open: t.open - 1 } : t)),
    });
    expect(after.score).toBe(44.5 + (best?.gain ?? 0));
  });

  it('has nothing to fix without a score', () => {
    expect(topFixes({ measured: new Set(), open: [tally('dns_email', 'high', 1)] }, 5)).toEqual([]);
  });
});
