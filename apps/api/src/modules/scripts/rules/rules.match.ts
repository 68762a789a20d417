// The rule engine's entry points for the scan writer: the company's enabled rules compiled once
// per scan, then run over each scanned script with the connections it made and what it was seen
// reading (rules.engine.ts).
import type { Executor } from '../../../db/database.js';
import type { TenantScope } from '../../../shared/tenant.js';
import type { ScannedConnection, ScannedScript } from '../scanner/scan.types.js';
import { type CompiledRule, compileRule, type RuleDefinition, type RuleSubject } from './rules.engine.js';
import { enabledRules } from './rules.repository.js';
import { registrableDomain } from './typosquat.js';

/** One enabled rule, compiled, as the company sees it (defaults not switched off, plus its own). */
export interface ActiveRule {
  id: number;
  key: string;
  name: string;
  family: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  version: number;
  reference: string | null;
}

export interface RuleHit {
  rule: ActiveRule;
  /** The matched excerpt (at most 200 characters) and which condition matched. */
  evidence: { excerpt: string; matched: string[] };
}

export interface RuleSet {
  /**
   * The hits of every active rule on one script (its content, URL, behaviours and connections);
   * `pageUrl` (the scan's final URL) tells where an inline script's data goes.
   */
  match(script: ScannedScript, connections: ScannedConnection[], pageUrl?: string): RuleHit[];
}

export interface LoadedRuleSet extends RuleSet {
  /** How many rules it runs. */
  readonly size: number;
  /** The hits over a subject given directly (the test call's pasted script). */
  matchSubject(subject: RuleSubject): RuleHit[];
}

const siteOf = (host: string | null | undefined) => (host ? registrableDomain(host) : null);

function hostOfUrl(url: string | undefined): string | null {
  try {
    return url ? new URL(url).hostname : null;
  } catch {
    return null;
  }
}

/**
 * What the rules see of a scanned script: its own connections and the behaviours they show. Data
 * sent "elsewhere" goes to another site (registrable domain) than the script's host, or than the
 * page's for an inline script (unknown without `pageUrl`: then an inline script never has it).
 */
export function subjectOf(
  script: ScannedScript,
  connections: readonly ScannedConnection[],
  pageUrl?: string,
): RuleSubject {
  const own = connections.filter((c) => c.initiator === script.key);
  const sends = own.filter((c) => c.kind !== 'script');
  const home = siteOf(script.host ?? hostOfUrl(pageUrl));
  const behaviours: string[] = [];
  if (script.reads.includes('card')) behaviours.push('reads_card_fields');
  if (script.reads.includes('personal')) behaviours.push('reads_personal_fields');
  if (sends.length > 0) behaviours.push('sends_data');
  if (home && sends.some((c) => siteOf(c.host) !== home)) behaviours.push('sends_data_elsewhere');
  return { content: script.content, url: script.url, destinations: own.map((c) => c.url), behaviours };
}

export function ruleSetOf(rules: readonly { rule: ActiveRule; compiled: CompiledRule }[]): LoadedRuleSet {
  const matchSubject = (subject: RuleSubject): RuleHit[] =>
    rules.flatMap(({ rule, compiled }) => {
      const found = compiled.match(subject);
      return found ? [{ rule, evidence: found }] : [];
    });
  return {
    size: rules.length,
    match: (script, connections, pageUrl) => matchSubject(subjectOf(script, connections, pageUrl)),
    matchSubject,
  };
}

/** The company's active rules, compiled once per scan. */
export async function loadRuleSet(db: Executor, companyId: number): Promise<LoadedRuleSet> {
  // The scan's company, from its job: no user acts, so no user id.
  const scope: TenantScope = { userId: 0, companyId };
  const rows = await enabledRules(db, scope);
  const compiled = rows.flatMap((row) => {
    const { definition, ...rule } = row;
    try {
      return [{ rule, compiled: compileRule(JSON.parse(definition) as RuleDefinition) }];
    } catch {
      // Stored definitions were checked on write; one that no longer compiles is skipped, not fatal.
      return [];
    }
  });
  return ruleSetOf(compiled);
}
