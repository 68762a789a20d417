// The CVSS v3.1 base score from its vector (FIRST, "CVSS v3.1 Specification", section 7.1 and
// Appendix A for Roundup): the demo generator derives its scores from it, and the NVD importer
// checks the scores it is given against their vectors.

const weights = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  PR: { N: 0.85, L: 0.62, H: 0.27 },
  UI: { N: 0.85, R: 0.62 },
  S: { U: 0, C: 0 },
  C: { H: 0.56, L: 0.22, N: 0 },
  I: { H: 0.56, L: 0.22, N: 0 },
  A: { H: 0.56, L: 0.22, N: 0 },
} as const;

type BaseMetric = keyof typeof weights;
export type CvssBase = { [M in BaseMetric]: keyof (typeof weights)[M] };

/** The metrics a vector may carry after its base ones (temporal, environmental): allowed, not scored. */
const otherMetrics = new Set(['E', 'RL', 'RC', 'CR', 'IR', 'AR', 'MAV', 'MAC', 'MPR', 'MUI', 'MS', 'MC', 'MI', 'MA']);
const baseOrder: BaseMetric[] = ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'];

function isBase(name: string): name is BaseMetric {
  return (baseOrder as string[]).includes(name);
}

/** The base metrics of a `CVSS:3.1/…` (or 3.0) vector, or null when it is not a valid one. */
export function parseCvss31(vector: string): CvssBase | null {
  const [prefix, ...parts] = vector.trim().split('/');
  if (prefix !== 'CVSS:3.1' && prefix !== 'CVSS:3.0') return null;
  const found: Partial<Record<BaseMetric, string>> = {};
  const seen = new Set<string>();
  for (const part of parts) {
    const [name, value, extra] = part.split(':');
    if (!name || value === undefined || extra !== undefined || seen.has(name)) return null;
    seen.add(name);
    if (isBase(name)) {
      if (!(value in weights[name])) return null;
      found[name] = value;
    } else if (!otherMetrics.has(name)) {
      return null;
    }
  }
  if (!baseOrder.every((m) => found[m] !== undefined)) return null;
  return found as CvssBase;
}

/** Roundup of the 3.1 specification: the smallest one-decimal number ≥ x, without float surprises. */
export function roundup(x: number): number {
  const scaled = Math.round(x * 100_000);
  return scaled % 10_000 === 0 ? scaled / 100_000 : (Math.floor(scaled / 10_000) + 1) / 10;
}

/** The base score (0.0 to 10.0) of parsed base metrics. */
export function cvss31Score(m: CvssBase): number {
  const changed = m.S === 'C';
  const privileges = changed && m.PR !== 'N' ? (m.PR === 'L' ? 0.68 : 0.5) : weights.PR[m.PR];
  const iss = 1 - (1 - weights.C[m.C]) * (1 - weights.I[m.I]) * (1 - weights.A[m.A]);
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  const exploitability = 8.22 * weights.AV[m.AV] * weights.AC[m.AC] * privileges * weights.UI[m.UI];
  if (impact <= 0) return 0;
  return changed
    ? roundup(Math.min(1.08 * (impact + exploitability), 10))
    : roundup(Math.min(impact + exploitability, 10));
}

/** The base score of a vector string, or null when it is not a valid CVSS 3.x vector. */
export function cvss31VectorScore(vector: string): number | null {
  const parsed = parseCvss31(vector);
  return parsed ? cvss31Score(parsed) : null;
}

/** The vector string of base metrics, in the specification's order. */
export function cvss31Vector(m: CvssBase): string {
  return `CVSS:3.1/${baseOrder.map((name) => `${name}:${m[name]}`).join('/')}`;
}

/** Severity from the best CVSS score (v4 first): the NVD rating scale. */
export function severityOfScore(score: number | null | undefined): 'critical' | 'high' | 'medium' | 'low' | 'info' {
  if (score === null || score === undefined) return 'info';
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  if (score > 0) return 'low';
  return 'info';
}
