// When a lookalike storefront becomes a finding (kind `clone`) and how severe it is: a page that
// copies the real store (similarity) is a clone whoever registered it; a VTEX storefront that a
// search for the brand found is one too when it looks enough like the store. Parked pages and
// unrelated sites on a permuted domain stay candidates (listed, not findings).
import type { Severity } from '../../../platform/findings/findings.table.js';

export const CLONE_JOB = 'scripts.clones';
export const CLONE_FINDING_PREFIX = 'clone:';

export const SIMILARITY = {
  /** At or above: a clone (medium); a likely phishing copy at `high`. */
  clone: 0.6,
  high: 0.85,
  /** A VTEX storefront found by the brand's search counts from here (low). */
  fingerprinted: 0.4,
};

export const cloneFingerprint = (domain: string) => `${CLONE_FINDING_PREFIX}${domain}`;

/** The finding's severity, or null when the candidate is not a finding. */
export function cloneSeverity(similarity: number | null, fingerprints: readonly string[]): Severity | null {
  if (similarity === null) return null;
  if (similarity >= SIMILARITY.high) return 'high';
  if (similarity >= SIMILARITY.clone) return 'medium';
  if (fingerprints.length > 0 && similarity >= SIMILARITY.fingerprinted) return 'low';
  return null;
}

export function cloneTitle(domain: string, similarity: number, storeName: string): string {
  return `Lookalike storefront ${domain}: ${Math.round(similarity * 100)}% like ${storeName}`;
}
