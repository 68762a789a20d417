// What one scan means, decided without the database (ADR 0022): each script of the scan compared
// with the page's inventory (new, returned, changed, or the same), what left the page, the hosts
// contacted for the first time, the header changes, and which of it becomes a finding. The first
// scan of a page is its baseline: its scripts and hosts are inventoried (to be authorised) without
// a finding each; a blacklist or rule hit is a finding from the first scan on.
import type { Severity } from '../../../platform/findings/findings.table.js';
import type { Blacklist, BlacklistHit } from '../blacklists/js-blacklist.match.js';
import type { RuleHit, RuleSet } from '../rules/rules.match.js';
import type { ScannedConnection, ScannedScript, ScanResult, SecurityHeaders } from '../scanner/scan.types.js';
import type { Authorisation, ScriptFindingKind, ScriptParty } from '../scripts/scripts.table.js';
import { type HeaderChange, headerChanges } from './headers.js';

export type ScriptBehaviour = 'reads_card_fields' | 'reads_personal_fields' | 'sends_data' | 'loads_scripts';

/** A script of the page's inventory as the scan before left it. */
export interface KnownScript {
  id: number;
  key: string;
  sha256: string;
  removedAt: Date | null;
  authorisation: Authorisation;
  authorisedByHash: boolean;
  authorisedSha256: string | null;
  authorisedHost: string | null;
  justification: string | null;
  approvedBy: number | null;
  approvedAt: Date | null;
}

export interface PreviousScan {
  /** A scan of the page succeeded before: this one is compared with it (else it is the baseline). */
  baseline: boolean;
  scripts: KnownScript[];
  /** Hosts the page's scripts contacted before, other than to load a script. */
  destinations: ReadonlySet<string>;
  /** The headers of the page's last successful scan. */
  headers: SecurityHeaders;
}

export type ScriptStatus = 'new' | 'returned' | 'changed' | 'same';

export interface PlannedScript {
  script: ScannedScript;
  status: ScriptStatus;
  known: KnownScript | null;
  behaviours: ScriptBehaviour[];
  /** A new script from a host that an authorisation by host covers on this page takes that authorisation. */
  inherits: KnownScript | null;
  ruleHits: RuleHit[];
}

export interface PlannedFinding {
  kind: ScriptFindingKind;
  /** The script it concerns (its key), or null when it is the page's. */
  scriptKey: string | null;
  /** What tells it apart from the script's (or page's) other findings of its kind. */
  discriminator: string;
  title: string;
  severity: Severity;
  evidence: Record<string, unknown>;
}

export interface NewDestination {
  host: string;
  kind: ScannedConnection['kind'];
  url: string;
  initiator: string | null;
}

export interface ScanPlan {
  scripts: PlannedScript[];
  removed: KnownScript[];
  newDestinations: NewDestination[];
  headerChanges: HeaderChange[];
  findings: PlannedFinding[];
  blacklistEntryIds: number[];
}

export interface PlanInput {
  pageUrl: string;
  firstPartyDomains: readonly string[];
  previous: PreviousScan;
  result: ScanResult;
  rules: RuleSet;
  blacklist: Blacklist;
}

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const labelOf = (s: ScannedScript) => clip(s.url ?? `inline script ${s.sha256.slice(0, 12)}`);

export function isFirstParty(host: string, domains: readonly string[]): boolean {
  const name = host.toLowerCase();
  return domains.some((d) => name === d.toLowerCase() || name.endsWith(`.${d.toLowerCase()}`));
}

function behavioursOf(script: ScannedScript, result: ScanResult): ScriptBehaviour[] {
  const found: ScriptBehaviour[] = [];
  if (script.reads.includes('card')) found.push('reads_card_fields');
  if (script.reads.includes('personal')) found.push('reads_personal_fields');
  if (result.connections.some((c) => c.initiator === script.key && c.kind !== 'script')) found.push('sends_data');
  if (result.scripts.some((s) => s.loadedBy === script.key)) found.push('loads_scripts');
  return found;
}

/** An authorisation by host of another script of the page, present or not, that covers this host. */
function hostAuthorisation(known: readonly KnownScript[], host: string | null): KnownScript | null {
  if (host === null) return null;
  return (
    known.find((k) => k.authorisation === 'authorised' && !k.authorisedByHash && k.authorisedHost === host) ?? null
  );
}

function unauthorisedSeverity(p: PlannedScript, authorisation: Authorisation): Severity {
  if (authorisation === 'denied' || p.behaviours.includes('reads_card_fields')) return 'high';
  const byParty: Record<ScriptParty, Severity> = { first: 'low', third: 'medium', fourth: 'high' };
  return byParty[p.script.party];
}

function scriptFindings(input: PlanInput, p: PlannedScript): PlannedFinding[] {
  const { script, known } = p;
  const page = clip(input.pageUrl);
  const found: PlannedFinding[] = [];
  const authorisation: Authorisation = known?.authorisation ?? (p.inherits ? 'authorised' : 'pending');
  const appeared = p.status === 'new' || p.status === 'returned';
  if ((input.previous.baseline && appeared && authorisation !== 'authorised') || authorisation === 'denied') {
    found.push({
      kind: 'unauthorised_script',
      scriptKey: script.key,
      discriminator: '',
      title: `${authorisation === 'denied' ? 'Denied' : 'Unauthorised'} script on ${page}: ${labelOf(script)}`,
      severity: unauthorisedSeverity(p, authorisation),
      evidence: { sha256: script.sha256, party: script.party, loaded_by: script.loadedBy, status: p.status },
    });
  }
  if (known?.authorisation === 'authorised' && known.authorisedByHash && script.sha256 !== known.authorisedSha256) {
    found.push({
      kind: 'hash_changed',
      scriptKey: script.key,
      discriminator: script.sha256,
      title: `Authorised script changed on ${page}: ${labelOf(script)}`,
      severity: p.behaviours.includes('reads_card_fields') ? 'critical' : 'high',
      evidence: { authorised_sha256: known.authorisedSha256, sha256: script.sha256 },
    });
  }
  for (const hit of p.ruleHits) {
    found.push({
      kind: 'pattern_hit',
      scriptKey: script.key,
      discriminator: hit.rule.key,
      title: `${hit.rule.name} (${hit.rule.key}) in ${labelOf(script)} on ${page}`,
      severity: hit.rule.severity,
      evidence: { rule_id: hit.rule.id, rule_key: hit.rule.key, version: hit.rule.version, ...hit.evidence },
    });
  }
  return found;
}

function blacklistFinding(page: string, hit: BlacklistHit, scriptKey: string | null, target: string): PlannedFinding {
  return {
    kind: 'blacklist_hit',
    scriptKey,
    discriminator: target === '' ? String(hit.entryId) : `${hit.entryId}:${target}`,
    title: `Blacklisted ${hit.kind} ${clip(hit.value, 80)} on ${page}`,
    severity: 'critical',
    evidence: {
      entry_id: hit.entryId,
      kind: hit.kind,
      value: hit.value,
      family: hit.family,
      source: hit.source,
      target,
    },
  };
}

function blacklistFindings(input: PlanInput, keys: ReadonlySet<string>): PlannedFinding[] {
  const page = clip(input.pageUrl);
  const { blacklist, result } = input;
  const found = result.scripts.flatMap((s) =>
    blacklist.matchScript(s).map((hit) => blacklistFinding(page, hit, s.key, '')),
  );
  for (const c of result.connections) {
    const initiator = c.initiator !== null && keys.has(c.initiator) ? c.initiator : null;
    for (const hit of blacklist.matchConnection(c)) found.push(blacklistFinding(page, hit, initiator, c.host));
  }
  return found;
}

function destinationFindings(input: PlanInput, plan: ScanPlan): PlannedFinding[] {
  if (!input.previous.baseline) return [];
  const page = clip(input.pageUrl);
  const readsCards = new Set(
    plan.scripts.filter((p) => p.behaviours.includes('reads_card_fields')).map((p) => p.script.key),
  );
  return plan.newDestinations.map((d) => ({
    kind: 'new_destination' as const,
    scriptKey: d.initiator,
    discriminator: d.host,
    title: `New destination ${clip(d.host, 80)} contacted on ${page}`,
    severity: d.initiator !== null && readsCards.has(d.initiator) ? ('high' as const) : ('medium' as const),
    evidence: { host: d.host, kind: d.kind, url: clip(d.url, 500), initiator: d.initiator },
  }));
}

function headerFindings(input: PlanInput, changes: HeaderChange[]): PlannedFinding[] {
  const page = clip(input.pageUrl);
  return changes
    .filter((c) => c.regression)
    .map((c) => ({
      kind: 'header_regression' as const,
      scriptKey: null,
      discriminator: c.header,
      title: `${c.header} ${c.to === null ? 'removed' : 'weakened'} on ${page}`,
      severity: 'medium' as const,
      evidence: { header: c.header, from: c.from, to: c.to },
    }));
}

/** Findings once each: the last one planned wins for a kind, script and discriminator. */
function unique(findings: PlannedFinding[]): PlannedFinding[] {
  return [...new Map(findings.map((f) => [`${f.kind}|${f.scriptKey}|${f.discriminator}`, f])).values()];
}

export function planScan(input: PlanInput): ScanPlan {
  const { previous, result } = input;
  const known = new Map(previous.scripts.map((s) => [s.key, s]));
  const scanned = [...new Map(result.scripts.map((s) => [s.key, s])).values()];
  const keys = new Set(scanned.map((s) => s.key));
  const scripts = scanned.map((script): PlannedScript => {
    const k = known.get(script.key) ?? null;
    const status: ScriptStatus =
      k === null ? 'new' : k.removedAt !== null ? 'returned' : k.sha256 !== script.sha256 ? 'changed' : 'same';
    const connections = result.connections.filter((c) => c.initiator === script.key);
    return {
      script,
      status,
      known: k,
      behaviours: behavioursOf(script, result),
      inherits: k === null && script.kind === 'external' ? hostAuthorisation(previous.scripts, script.host) : null,
      ruleHits: input.rules.match(script, connections, result.finalUrl),
    };
  });
  const removed = previous.scripts.filter((s) => s.removedAt === null && !keys.has(s.key));
  const newDestinations = new Map<string, NewDestination>();
  for (const c of result.connections) {
    if (c.kind === 'script' || previous.destinations.has(c.host) || newDestinations.has(c.host)) continue;
    if (isFirstParty(c.host, input.firstPartyDomains)) continue;
    const initiator = c.initiator !== null && keys.has(c.initiator) ? c.initiator : null;
    newDestinations.set(c.host, { host: c.host, kind: c.kind, url: c.url, initiator });
  }
  const changes = previous.baseline ? headerChanges(previous.headers, result.headers) : [];
  const plan: ScanPlan = {
    scripts,
    removed,
    newDestinations: [...newDestinations.values()],
    headerChanges: changes,
    findings: [],
    blacklistEntryIds: [],
  };
  const blacklisted = blacklistFindings(input, keys);
  plan.findings = unique([
    ...scripts.flatMap((p) => scriptFindings(input, p)),
    ...blacklisted,
    ...destinationFindings(input, plan),
    ...headerFindings(input, changes),
  ]);
  plan.blacklistEntryIds = [...new Set(blacklisted.map((f) => Number(f.evidence.entry_id)))];
  return plan;
}
