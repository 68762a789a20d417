// The CVSS metrics of an NVD CVE API 2.0 record: `cvssMetricV2`, `cvssMetricV30`, `cvssMetricV31`
// and `cvssMetricV40`, each a list of { source, type: Primary | Secondary, cvssData }. Version 2
// keeps its baseSeverity beside cvssData; 3.x and 4.0 keep it inside.

import { isRecord, text } from '../../platform/imports/import.types.js';
import { severityOfScore } from '../../shared/cvss.js';

export type CvssVersion = '4.0' | '3.1' | '3.0' | '2.0';
export type CveSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';

export interface CvssScore {
  score: number;
  vector: string | null;
  /** The publisher's own word (NVD's baseSeverity), else the score's band. */
  severity: CveSeverity;
  /** Who scored it (nvd@nist.gov, a CNA) and whether NVD calls it Primary or Secondary. */
  source: string | null;
  type: 'Primary' | 'Secondary' | null;
}

/** The metric lists by version, in the order the record's severity prefers them. */
export const CVSS_METRICS: readonly (readonly [CvssVersion, string])[] = [
  ['4.0', 'cvssMetricV40'],
  ['3.1', 'cvssMetricV31'],
  ['3.0', 'cvssMetricV30'],
  ['2.0', 'cvssMetricV2'],
];

const MAX_VECTOR = 512;

function severityWord(value: unknown): CveSeverity | undefined {
  const word = text(value)?.toLowerCase();
  if (word === 'critical' || word === 'high' || word === 'medium' || word === 'low') return word;
  return word === 'none' ? 'info' : undefined;
}

function metricOf(metric: unknown): CvssScore | null {
  if (!isRecord(metric) || !isRecord(metric.cvssData)) return null;
  const data = metric.cvssData;
  const score = data.baseScore;
  if (typeof score !== 'number' || !(score >= 0 && score <= 10)) return null;
  const vector = text(data.vectorString);
  return {
    score,
    vector: vector ? vector.slice(0, MAX_VECTOR) : null,
    severity: severityWord(data.baseSeverity) ?? severityWord(metric.baseSeverity) ?? severityOfScore(score),
    source: text(metric.source)?.slice(0, 200) ?? null,
    type: metric.type === 'Primary' || metric.type === 'Secondary' ? metric.type : null,
  };
}

/** One version's score: the Primary (NVD's own) one first, else the first readable one. */
export function cvssOf(metrics: unknown): CvssScore | null {
  if (!Array.isArray(metrics)) return null;
  const read = metrics.map(metricOf).filter((m): m is CvssScore => m !== null);
  return read.find((m) => m.type === 'Primary') ?? read[0] ?? null;
}

export interface CvssSet {
  cvss2: CvssScore | null;
  cvss30: CvssScore | null;
  cvss31: CvssScore | null;
  cvss40: CvssScore | null;
  /** The record's severity: the newest version it carries (4.0 > 3.1 > 3.0 > 2.0); 'info' when unscored. */
  severity: CveSeverity;
  /** Which version that severity came from; null when the record carries no score. */
  severityFrom: CvssVersion | null;
}

export function cvssSetOf(metrics: Record<string, unknown>): CvssSet {
  const byVersion = new Map(CVSS_METRICS.map(([version, key]) => [version, cvssOf(metrics[key])] as const));
  const from = CVSS_METRICS.find(([version]) => byVersion.get(version))?.[0] ?? null;
  return {
    cvss2: byVersion.get('2.0') ?? null,
    cvss30: byVersion.get('3.0') ?? null,
    cvss31: byVersion.get('3.1') ?? null,
    cvss40: byVersion.get('4.0') ?? null,
    severity: (from && byVersion.get(from)?.severity) || 'info',
    severityFrom: from,
  };
}
