// PCI DSS v4.0.1 6.4.3 and 11.6.1 of one monitored page, from facts the repository gathers: its
// schedule, its latest scans, its active scripts and its unhandled script findings. Pure, so the
// rules read in one place and are tested without a database; the contract's description of
// getEcommerceCompliance states them for the API's users.
import type { Authorisation, ScriptParty } from '../scripts/scripts.table.js';

/** A scan is on schedule when the last successful one is within the interval plus this. */
export const SCHEDULE_GRACE_MS = 60 * 60 * 1000;
/** A script finding still `new` after this long is an unhandled alert (11.6.1). */
export const UNHANDLED_AFTER_MS = 24 * 60 * 60 * 1000;

export type ComplianceStatus = 'pass' | 'fail' | 'unknown';
export type ReasonCode =
  | 'never_scanned'
  | 'last_scan_failed'
  | 'scan_overdue'
  | 'page_disabled'
  | 'pending_scripts'
  | 'denied_scripts'
  | 'hash_mismatch'
  | 'missing_sri'
  | 'unhandled_alerts';
export interface Reason {
  code: ReasonCode;
  count: number | null;
}

export interface ActiveScript {
  kind: 'external' | 'inline';
  party: ScriptParty;
  host: string | null;
  sha256: string;
  sri: boolean;
  authorisation: Authorisation;
  authorised_by_hash: boolean;
  authorised_sha256: string | null;
  authorised_host: string | null;
}

export interface PageFacts {
  enabled: boolean;
  scanIntervalHours: number;
  /** The status of the latest finished scan (done or failed), null when none finished. */
  lastFinishedStatus: 'done' | 'failed' | null;
  /** When the latest successful scan finished. */
  lastDoneAt: Date | null;
  scripts: readonly ActiveScript[];
  /** Its script findings still `new` UNHANDLED_AFTER_MS after they were first seen. */
  unhandledFindings: number;
}

export interface Pci643 {
  status: ComplianceStatus;
  inventory_complete: boolean;
  all_authorised: boolean;
  integrity_assured: boolean;
  reasons: Reason[];
}

export interface Pci1161 {
  status: ComplianceStatus;
  scans_on_schedule: boolean;
  no_unhandled_alerts: boolean;
  reasons: Reason[];
}

const reason = (code: ReasonCode, count: number | null = null): Reason => ({ code, count });
const counted = (code: ReasonCode, count: number): Reason[] => (count > 0 ? [reason(code, count)] : []);

/** The authorisation holds for the content the latest scan received. */
function intact(script: ActiveScript): boolean {
  if (script.authorisation !== 'authorised') return true;
  return script.authorised_by_hash
    ? script.sha256 === script.authorised_sha256
    : script.host !== null && script.host === script.authorised_host;
}

/** An external script of another party must carry SRI unless its authorisation pins its hash. */
function sriMissing(script: ActiveScript): boolean {
  if (script.kind !== 'external' || script.party === 'first' || script.sri) return false;
  return !(script.authorisation === 'authorised' && script.authorised_by_hash);
}

export function pageCompliance(facts: PageFacts, now: Date): { pci_6_4_3: Pci643; pci_11_6_1: Pci1161 } {
  const neverScanned = facts.lastFinishedStatus === null;
  const due = facts.scanIntervalHours * 3_600_000 + SCHEDULE_GRACE_MS;
  const fresh = facts.lastDoneAt !== null && now.getTime() - facts.lastDoneAt.getTime() <= due;
  const failed = facts.lastFinishedStatus === 'failed';
  const scheduleReasons = [
    ...(neverScanned ? [reason('never_scanned')] : []),
    ...(failed ? [reason('last_scan_failed')] : []),
    ...(!neverScanned && !fresh ? [reason('scan_overdue')] : []),
  ];

  const pending = facts.scripts.filter((s) => s.authorisation === 'pending').length;
  const denied = facts.scripts.filter((s) => s.authorisation === 'denied').length;
  const mismatched = facts.scripts.filter((s) => !intact(s)).length;
  const withoutSri = facts.scripts.filter(sriMissing).length;
  const inventoryComplete = fresh && !failed;
  const pci643: Pci643 = {
    status: 'pass',
    inventory_complete: inventoryComplete,
    all_authorised: !neverScanned && pending + denied === 0,
    integrity_assured: !neverScanned && mismatched + withoutSri === 0,
    reasons: [
      ...scheduleReasons,
      ...counted('pending_scripts', pending),
      ...counted('denied_scripts', denied),
      ...counted('hash_mismatch', mismatched),
      ...counted('missing_sri', withoutSri),
    ],
  };
  pci643.status = statusOf(neverScanned, [pci643.inventory_complete, pci643.all_authorised, pci643.integrity_assured]);

  const unhandled = facts.unhandledFindings;
  const pci1161: Pci1161 = {
    status: 'pass',
    scans_on_schedule: facts.enabled && fresh,
    no_unhandled_alerts: unhandled === 0,
    reasons: [
      ...(facts.enabled ? [] : [reason('page_disabled')]),
      ...scheduleReasons.filter((r) => r.code !== 'last_scan_failed'),
      ...counted('unhandled_alerts', unhandled),
    ],
  };
  pci1161.status = statusOf(neverScanned, [pci1161.scans_on_schedule, pci1161.no_unhandled_alerts]);
  return { pci_6_4_3: pci643, pci_11_6_1: pci1161 };
}

function statusOf(neverScanned: boolean, checks: boolean[]): ComplianceStatus {
  if (neverScanned) return 'unknown';
  return checks.every(Boolean) ? 'pass' : 'fail';
}

/** A store's status: `fail` when an enabled page fails, `unknown` without one or when one is unknown. */
export function storeStatus(pages: ReadonlyArray<{ enabled: boolean; status: ComplianceStatus }>): ComplianceStatus {
  const enabled = pages.filter((p) => p.enabled);
  if (enabled.some((p) => p.status === 'fail')) return 'fail';
  if (enabled.length === 0 || enabled.some((p) => p.status === 'unknown')) return 'unknown';
  return 'pass';
}
