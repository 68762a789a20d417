// A rule's versions: one row per change, written by a member's edit or by the platform's sync of
// Vigil's defaults (no member, and idempotent, since every process syncs at start).
import type { Executor } from '../../../db/database.js';

export interface RuleVersion {
  ruleId: number;
  version: number;
  fields: { name: string; severity: string; definition: string };
  enabled: boolean;
  /** The member who changed it; null for the platform. */
  by: number | null;
  now: Date;
}

export async function addRuleVersion(db: Executor, v: RuleVersion): Promise<void> {
  await db
    .insertInto('js_rule_versions')
    .values({
      rule_id: v.ruleId,
      version: v.version,
      name: v.fields.name,
      severity: v.fields.severity,
      definition: v.fields.definition,
      enabled: v.enabled,
      changed_by: v.by,
      changed_at: v.now,
    })
    .$if(v.by === null, (q) => q.onConflict((oc) => oc.columns(['rule_id', 'version']).doNothing()))
    .execute();
}
