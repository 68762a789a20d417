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

  it('takes 20 points for one high finding: 100 × 2^−0.35 = 78.46… → 78.5, C', () => {
    const rating = rate({ measured: new Set(['leaked_credentials']), open: [tally('leaked_credentials', 'high', 1)] });
    expect(factor(rating, 'leaked_credentials')).toMatchObject({ open: 1, points: 20, score: 78.5, grade: 'C' });
    expect(rating).toMatchObject({ score: 78.5, grade: 'C' });
  });

  it('doubles an overdue patching finding and weighs the measured factors only', () => {
    // patching: critical overdue 2 × 40 = 80, medium 8: 88 points → 100 × 5.4^−0.35 = 55.40… → 55.4 (F)
    // leaked credentials measured, nothing open → 100 (A); the unmeasured factors do not count:
    // (20 × 55.4 + 15 × 100) / (20 + 15) = 2608 / 35 = 74.51… → 74.5 (C)
    const rating = rate({
      measured: new Set(['patching_cadence', 'leaked_credentials']),
      open: [tally('patching_cadence', 'critical', 1, true), tally('patching_cadence', 'medium', 1)],
    });
    expect(factor(rating, 'patching_cadence')).toMatchObject({
      open: 2,
      overdue: 1,
      points: 88,
      score: 55.4,
      grade: 'F',
    });
    expect(factor(rating, 'leaked_credentials')).toMatchObject({ points: 0, score: 100 });
    expect(factor(rating, 'exposed_code')).toMatchObject({ measured: false, score: null });
    expect(rating).toMatchObject({ score: 74.5, grade: 'C' });
  });

  it('does not double an overdue finding outside patching cadence', () => {
    const rating = rate({ measured: new Set(['dns_email']), open: [tally('dns_email', 'high', 1, true)] });
    expect(factor(rating, 'dns_email')).toMatchObject({ points: 20, score: 78.5 });
  });

  it('adds every open finding: 3 low + 2 info + 1 medium = 14 points → 100 × 1.7^−0.35 = 83.05… → 83.1', () => {
    const rating = rate({
      measured: new Set(['network_tls']),
      open: [tally('network_tls', 'low', 3), tally('network_tls', 'info', 2), tally('network_tls', 'medium', 1)],
    });
    expect(factor(rating, 'network_tls')).toMatchObject({ open: 6, points: 14, score: 83.1, grade: 'B' });
  });

  it('never reaches 0, so every fix counts, and reads grades from their lower bounds', () => {
    expect(factorTenths(0)).toBe(1000);
    expect(factorTenths(40)).toBe(681); // one critical: 3^−0.35 = 0.6808…
    expect(factorTenths(1_000_000)).toBe(23); // 50,001^−0.35 = 0.00226…
    expect([90, 89.9, 80, 70, 60, 59.9].map(gradeOf)).toEqual(['A', 'B', 'B', 'C', 'D', 'F']);
  });

  it('weighs all eight factors to 100', () => {
    // every factor measured; patching 1 high (20 points → 78.5), the rest clean (100):
    // (20 × 78.5 + 80 × 100) / 100 = 9570 / 100 = 95.7 (A)
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
    expect(rating).toMatchObject({ score: 95.7, grade: 'A' });
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
    // now: patching 88 points → 55.4; credentials 40 points → 3^−0.35 → 68.1;
    // (20 × 55.4 + 15 × 68.1) / 35 = (1108 + 1021.5) / 35 = 60.84… → 60.8
    expect(rate(input).score).toBe(60.8);
    const fixes = topFixes(input, 10);
    // without the overdue critical: patching 8 → 1.4^−0.35 → 88.9; (1778 + 1021.5) / 35 = 79.98… → 80.0: +19.2
    // without one high credential: credentials 20 → 78.5; (1108 + 1177.5) / 35 = 65.3: +4.5
    //   (both: credentials 100; (1108 + 1500) / 35 = 74.51… → 74.5: +13.7)
    // without the medium: patching 80 → 5^−0.35 → 56.9; (1138 + 1021.5) / 35 = 61.7: +0.9
    // info findings take no points: no fix
    expect(fixes.map((f) => [f.factor, f.severity, f.overdue, f.findings, f.gain, f.gainAll])).toEqual([
      ['patching_cadence', 'critical', true, 1, 19.2, 19.2],
      ['leaked_credentials', 'high', false, 2, 4.5, 13.7],
      ['patching_cadence', 'medium', false, 1, 0.9, 0.9],
    ]);
    expect(topFixes(input, 1)).toHaveLength(1);
  });

  it('promises exactly what the formula gives once the finding is gone', () => {
    const [best] = topFixes(input, 1);
    const after = rate({
      ...input,
      open: input.open.map((t) => (t.kind === best?.kind ? { ...t, open: t.open - 1 } : t)),
    });
    expect(after.score).toBe(80);
    expect(after.score).toBe(Math.round((60.8 + (best?.gain ?? 0)) * 10) / 10);
  });

  it('has nothing to fix without a score', () => {
    expect(topFixes({ measured: new Set(), open: [tally('dns_email', 'high', 1)] }, 5)).toEqual([]);
  });
});
