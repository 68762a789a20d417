// The demo's CVE catalogue (the cves module writes it as NVD, KEV and EPSS files, the
// vulnerabilities module scans for its CVEs), consistent the way real data is: each CVE has a CVSS v3.1 vector and
// the base score computed from it (severity from the score), and each EPSS percentile is the share
// of the generated CVEs whose EPSS score is the same or lower, as FIRST defines it.

import { DAY } from './clock.js';
import { type CvssBase, cvss31Score, cvss31Vector, severityOfScore } from './cvss.js';
import { pick, prng, weighted } from './seeded-random.js';

export const demoProducts: [string, string, string][] = [
  ['apache', 'http_server', 'Apache HTTP Server'],
  ['f5', 'nginx', 'nginx'],
  ['openssl', 'openssl', 'OpenSSL'],
  ['wordpress', 'wordpress', 'WordPress'],
  ['php', 'php', 'PHP'],
  ['microsoft', 'exchange_server', 'Microsoft Exchange Server'],
  ['fortinet', 'fortios', 'FortiOS'],
  ['vmware', 'vcenter_server', 'VMware vCenter Server'],
  ['oracle', 'mysql', 'MySQL'],
  ['atlassian', 'confluence_server', 'Confluence Server'],
  ['gitlab', 'gitlab', 'GitLab'],
  ['citrix', 'netscaler_adc', 'NetScaler ADC'],
];
const weaknesses = [
  'remote code execution',
  'SQL injection',
  'authentication bypass',
  'path traversal',
  'server-side request forgery',
  'denial of service',
  'privilege escalation',
  'cross-site scripting',
];

/** The CVSS 4.0 vector NVD pairs with AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H, and its score. */
const CVSS40_NETWORK_FULL = { vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', score: 9.3 };

export interface DemoCve {
  id: string;
  vendor: string;
  product: string;
  label: string;
  version: string;
  published: Date;
  description: string;
  vector: string;
  score: number;
  severity: ReturnType<typeof severityOfScore>;
  cvss40: { vector: string; score: number } | null;
  epss: number;
  percentile: number;
  kevAdded: Date | null;
}

/** Base metrics in about the proportions NVD's catalogue shows (mostly network, low complexity). */
function demoVector(random: () => number): CvssBase {
  const impact = () =>
    weighted(random, [
      ['H', 5],
      ['L', 2.5],
      ['N', 2.5],
    ] as const);
  for (;;) {
    const base: CvssBase = {
      AV: weighted(random, [
        ['N', 7],
        ['A', 0.5],
        ['L', 2],
        ['P', 0.5],
      ] as const),
      AC: weighted(random, [
        ['L', 8.5],
        ['H', 1.5],
      ] as const),
      PR: weighted(random, [
        ['N', 6],
        ['L', 3],
        ['H', 1],
      ] as const),
      UI: weighted(random, [
        ['N', 7],
        ['R', 3],
      ] as const),
      S: weighted(random, [
        ['U', 8.5],
        ['C', 1.5],
      ] as const),
      C: impact(),
      I: impact(),
      A: impact(),
    };
    // A vector without any impact scores 0.0: NVD does not publish such CVEs.
    if (base.C !== 'N' || base.I !== 'N' || base.A !== 'N') return base;
  }
}

/** FIRST's percentile: the share of scored CVEs whose EPSS is the same or lower (5 decimals). */
export function epssPercentiles(scores: number[]): number[] {
  const sorted = [...scores].sort((a, b) => a - b);
  const atOrBelow = (score: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((sorted[mid] ?? 0) <= score) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return scores.map((score) => Math.round((atOrBelow(score) / sorted.length) * 100_000) / 100_000);
}

/** `count` CVEs published in the 45 days before `anchor` (the same for the same anchor). */
export function demoCves(anchor: Date, count = 300): DemoCve[] {
  const random = prng(7);
  const cves: Omit<DemoCve, 'percentile'>[] = [];
  for (let i = 0; i < count; i += 1) {
    const [vendor, product, label] = pick(random, demoProducts);
    const published = new Date(anchor.getTime() - Math.floor(random() * 45 * DAY) - Math.floor(random() * DAY));
    const version = `${1 + Math.floor(random() * 9)}.${Math.floor(random() * 20)}.${Math.floor(random() * 30)}`;
    const base = demoVector(random);
    const vector = cvss31Vector(base);
    const score = cvss31Score(base);
    const kev = score >= 8 && random() < 0.35;
    const kevAdded = kev
      ? new Date(Math.min(anchor.getTime(), published.getTime() + Math.floor(random() * 10) * DAY))
      : null;
    // Exploited CVEs score high in EPSS; the rest mostly low, as in FIRST's published distribution.
    const epss = Math.round((kev ? 0.3 + random() * 0.67 : random() ** 4 * 0.6) * 100_000) / 100_000;
    cves.push({
      id: `CVE-2026-${String(41000 + i).padStart(5, '0')}`,
      vendor,
      product,
      label,
      version,
      published,
      description: `A ${pick(random, weaknesses)} vulnerability in ${label} before ${version} allows a remote attacker to compromise the service.`,
      vector,
      score,
      severity: severityOfScore(score),
      cvss40: vector === 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' ? CVSS40_NETWORK_FULL : null,
      epss,
      kevAdded,
    });
  }
  const percentiles = epssPercentiles(cves.map((c) => c.epss));
  return cves.map((c, i) => ({ ...c, percentile: percentiles[i] ?? 0 }));
}
