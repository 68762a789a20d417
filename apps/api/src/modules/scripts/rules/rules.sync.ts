// Keeps Vigil's default rules (rules.defaults.ts) current in js_rules as platform rows (company_id
// null), on every start: a new key is inserted at version 1, a changed one gets the next version
// (each version kept in js_rule_versions), one no longer bundled is switched off. Idempotent, and
// safe when two processes start at once (the insert and the version rows do nothing on conflict;
// an update only applies to the version it read).
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../db/database.js';
import { type DefaultRule, defaultRules } from './rules.defaults.js';
import { addRuleVersion } from './rules.versions.js';

const fieldsOf = (rule: DefaultRule) => ({
  name: rule.name,
  family: rule.family,
  severity: rule.severity,
  reference: rule.reference,
  description: rule.description,
  definition: JSON.stringify(rule.definition),
});

type Fields = ReturnType<typeof fieldsOf>;
const same = (a: Fields, b: Fields) => (Object.keys(a) as (keyof Fields)[]).every((k) => a[k] === b[k]);

export interface SyncOutcome {
  added: number;
  updated: number;
  retired: number;
}

/** One transaction: the rule rows and their version rows change together. */
export function syncDefaultRules(db: Kysely<Database>, now: Date, rules: readonly DefaultRule[] = defaultRules) {
  return db.transaction().execute((trx) => syncIn(trx, now, rules));
}

async function syncIn(db: Executor, now: Date, rules: readonly DefaultRule[]): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { added: 0, updated: 0, retired: 0 };
  const existing = await db
    .selectFrom('js_rules')
    .select(['id', 'key', 'name', 'family', 'severity', 'reference', 'description', 'definition', 'enabled', 'version'])
    .where('company_id', 'is', null)
    .execute();
  const byKey = new Map(existing.map((row) => [row.key, row]));
  for (const rule of rules) {
    const fields = fieldsOf(rule);
    const row = byKey.get(rule.key);
    if (!row) {
      const inserted = await db
        .insertInto('js_rules')
        .values({
          ...fields,
          company_id: null,
          key: rule.key,
          enabled: true,
          version: 1,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await addRuleVersion(db, { ruleId: inserted.id, version: 1, fields, enabled: true, by: null, now });
        outcome.added += 1;
      }
      continue;
    }
    if (same(fields, { ...row, reference: row.reference ?? '' }) && row.enabled) continue;
    const version = row.version + 1;
    const updated = await db
      .updateTable('js_rules')
      .set({ ...fields, enabled: true, version, updated_at: now })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) {
      await addRuleVersion(db, { ruleId: row.id, version, fields, enabled: true, by: null, now });
      outcome.updated += 1;
    }
  }
  const bundled = new Set(rules.map((r) => r.key));
  for (const row of existing.filter((r) => !bundled.has(r.key) && r.enabled)) {
    await db.updateTable('js_rules').set({ enabled: false, updated_at: now }).where('id', '=', row.id).execute();
    outcome.retired += 1;
  }
  return outcome;
}
