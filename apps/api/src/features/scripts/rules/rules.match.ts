// STUB (owner: RULES): the rule engine's entry points the scan writer calls. RULES replaces the bodies.
import type { Executor } from '../../../db/database.js';
import type { ScannedConnection, ScannedScript } from '../scanner/scan.types.js';

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

/** The company's active rules, compiled once per scan. */
export async function loadRuleSet(_db: Executor, _companyId: number): Promise<RuleSet> {
  return { match: () => [] };
}
