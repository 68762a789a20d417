// The rule engine's entry points for the scan writer: the company's enabled rules compiled once
// per scan, then run over each scanned script with the connections it made and what it was seen
// reading (rules.engine.ts).
import type { Executor } from '../../../db/database.js';
import type { TenantScope } from '../../../shared/tenant.js';
import type { ScannedConnection, ScannedScript } from '../scanner/scan.types.js';
import { type CompiledRule, compileRule, type RuleDefinition, type RuleSubject } from './rules.engine.js';
import { enabledRules } from './rules.repository.js';

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
  /** The hits of every active rule on one script (its content, URL, behaviours and connections). */
  match(script: ScannedScript, connections: ScannedConnection[]): RuleHit[];
}

export interface LoadedRuleSet extends RuleSet {
  /** How many rules it runs. */
  readonly size: number;
  /** The hits over a subject given directly (the test call's pasted script). */
  matchSubject(subject: RuleSubject): RuleHit[];
}

/** What the rules see of a scanned script: its own connections and the behaviours they show. */
export function subjectOf(script: ScannedScript, connections: readonly ScannedConnection[]): RuleSubject {
  const own = connections.filter((c) => c.initiator === script.key);
  const behaviours: string[] = [];
  if (script.reads.includes('card')) behaviours.push('reads_card_fields');
  if (script.reads.includes('personal')) behaviours.push('reads_personal_fields');
  if (own.some((c) => c.kind !== 'script')) behaviours.push('sends_data');
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
    match: (script, connections) => matchSubject(subjectOf(script, connections)),
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
