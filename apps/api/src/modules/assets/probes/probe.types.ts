// What each probe returns for one target: its result (stored as the target's latest observation,
// diffed against the one before), the problems it found (findings of module `assets`, fingerprint
// `<kind>:<key>`), and the assets it came across (with their relation from the target).
import type { Severity } from '../../../platform/findings/findings.table.js';
import type { AssetType, RelationKind } from '../assets.table.js';

export const probeNames = ['dns', 'http', 'tls', 'services'] as const;
export type ProbeName = (typeof probeNames)[number];
export const isProbeName = (value: string): value is ProbeName => (probeNames as readonly string[]).includes(value);

/** The finding kinds of module `assets` (the fingerprint's prefix). */
export type FindingKind = 'dns' | 'tls' | 'http' | 'service';

export interface ProbeFinding {
  kind: FindingKind;
  /** The rest of the fingerprint: what the problem is and where (`no-dmarc:acme.example`). */
  key: string;
  title: string;
  severity: Severity;
  evidence: Record<string, unknown>;
}

export interface Discovered {
  type: AssetType;
  value: string;
  relation: RelationKind;
  details?: Record<string, unknown>;
}

export interface ProbeOutput {
  result: Record<string, unknown>;
  findings: ProbeFinding[];
  discovered: Discovered[];
}

/** One target of a run: an asset whose value is a host name or an IP address. */
export interface ProbeTarget {
  id: number;
  type: AssetType;
  value: string;
}

export const finding = (
  kind: FindingKind,
  key: string,
  severity: Severity,
  title: string,
  evidence: Record<string, unknown> = {},
): ProbeFinding => ({ kind, key, severity, title, evidence });
