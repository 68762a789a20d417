// The JS attack-pattern verbs: list, one rule with its versions, a company rule's create / edit /
// delete (each edit a new version), the company's switch, and the test of a pasted script. Vigil's
// default rules are the platform's: a company switches them on or off and never writes them.
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { iso } from '../../../platform/findings/findings.query.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import { compileRule, definitionProblems, type RuleDefinition, type RuleSubject } from './rules.engine.js';
import { loadRuleSet, ruleSetOf } from './rules.match.js';
import {
  findRule,
  listRuleRows,
  type RuleListInput,
  type RuleRow,
  ruleFamilies,
  ruleVersions,
} from './rules.repository.js';
import { addRuleVersion } from './rules.versions.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export interface RuleInput {
  name: string;
  family: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  reference?: string | null | undefined;
  description?: string | undefined;
  definition: RuleDefinition;
  enabled?: boolean | undefined;
}

export interface RuleTestInput {
  script: string;
  url?: string | null | undefined;
  destinations?: string[] | undefined;
  behaviours?: string[] | undefined;
  definition?: RuleDefinition | undefined;
}

export const DEFAULT_RULE_REFUSED =
  "Vigil's default rules cannot be changed: switch the rule off, or add a rule of your own.";

function toRule(row: RuleRow) {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    family: row.family,
    severity: row.severity,
    reference: row.reference,
    description: row.description,
    owner: row.company_id === null ? ('vigil' as const) : ('company' as const),
    definition: JSON.parse(row.definition) as RuleDefinition,
    enabled: row.enabled,
    version: row.version,
    hits: row.hits,
    last_hit_at: iso(row.last_hit_at),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listJsRules({ ctx, auth, input }: Verb<RuleListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listRuleRows(ctx.db, scope, input);
  return { data: rows.map(toRule), meta, families: await ruleFamilies(ctx.db, scope) };
}

async function visibleRule(db: Executor, scope: TenantScope, id: number) {
  const row = await findRule(db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Rule not found.');
  return row;
}

async function ownRule(db: Executor, scope: TenantScope, id: number) {
  const row = await visibleRule(db, scope, id);
  if (row.company_id === null) throw new ServiceError('conflict', DEFAULT_RULE_REFUSED);
  return row;
}

export async function getJsRule({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await visibleRule(ctx.db, scope, input.id);
  const versions = await ruleVersions(ctx.db, row.id);
  return {
    data: {
      rule: toRule(row),
      versions: versions.map((v) => ({
        version: v.version,
        name: v.name,
        severity: v.severity as RuleRow['severity'],
        definition: JSON.parse(v.definition) as RuleDefinition,
        enabled: v.enabled,
        changed_by: v.changed_by,
        changed_at: v.changed_at.toISOString(),
      })),
    },
  };
}

/** The row's fields from the input, or 422 naming the field and the reason. */
function fieldsOf(input: RuleInput) {
  const name = input.name.trim();
  const family = input.family.trim();
  const reference = input.reference?.trim() || null;
  const problems: Record<string, string[]> = { ...definitionProblems(input.definition) };
  if (name === '') problems.name = ['The name field is required.'];
  if (family === '') problems.family = ['The family field is required.'];
  if (reference !== null && !/^https?:\/\/[^\s/]+/i.test(reference)) {
    problems.reference = ['The reference must be an http(s) URL.'];
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return {
    name,
    family,
    severity: input.severity,
    reference,
    description: input.description?.trim() ?? '',
    definition: JSON.stringify(input.definition),
  };
}

/** The company's next own key: CUS-001, CUS-002, … */
async function nextKey(db: Executor, scope: TenantScope): Promise<string> {
  const rows = await db
    .selectFrom('js_rules')
    .select('key')
    .where(tenantFilter('js_rules', scope))
    .where('key', 'like', 'CUS-%')
    .execute();
  const highest = Math.max(0, ...rows.map((r) => Number(r.key.slice(4)) || 0));
  return `CUS-${String(highest + 1).padStart(3, '0')}`;
}

export async function createJsRule({ ctx, auth, input }: Verb<RuleInput>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  const enabled = input.enabled ?? true;
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const key = await nextKey(trx, scope);
    const row = await trx
      .insertInto('js_rules')
      .values({
        ...fields,
        company_id: scope.companyId,
        key,
        enabled,
        version: 1,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addRuleVersion(trx, { ruleId: row.id, version: 1, fields, enabled, by: auth.user.id, now });
    return row.id;
  });
  return { data: toRule(await visibleRule(ctx.db, scope, id)) };
}

export async function updateJsRule({ ctx, auth, input }: Verb<RuleInput & { id: number }>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await ownRule(trx, scope, input.id);
    const enabled = input.enabled ?? row.enabled;
    const version = row.version + 1;
    await trx
      .updateTable('js_rules')
      .set({ ...fields, enabled, version, updated_at: now })
      .where(tenantFilter('js_rules', scope))
      .where('id', '=', row.id)
      .execute();
    await addRuleVersion(trx, { ruleId: row.id, version, fields, enabled, by: auth.user.id, now });
  });
  return { data: toRule(await visibleRule(ctx.db, scope, input.id)) };
}

export async function deleteJsRule({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await ownRule(trx, scope, input.id);
    await trx.deleteFrom('js_rules').where(tenantFilter('js_rules', scope)).where('id', '=', row.id).execute();
  });
  return { message: 'Rule deleted.' };
}

export async function setJsRuleEnabled({ ctx, auth, input }: Verb<{ id: number; enabled: boolean }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await visibleRule(trx, scope, input.id);
    if (row.company_id !== null) {
      await trx
        .updateTable('js_rules')
        .set({ enabled: input.enabled, updated_at: now })
        .where(tenantFilter('js_rules', scope))
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const setting = { enabled: input.enabled, changed_by: auth.user.id, changed_at: now };
    await trx
      .insertInto('js_rule_settings')
      .values({ ...setting, company_id: scope.companyId, rule_id: row.id })
      .onConflict((oc) => oc.columns(['company_id', 'rule_id']).doUpdateSet(setting))
      .execute();
  });
  return { data: toRule(await visibleRule(ctx.db, scope, input.id)) };
}

/** Runs a pasted script through one definition or the company's enabled rules; nothing is stored. */
export async function testJsRules({ ctx, auth, input }: Verb<RuleTestInput>) {
  const scope = requireScope(auth.scope);
  const started = performance.now();
  const subject: RuleSubject = {
    content: input.script,
    url: input.url ?? null,
    destinations: input.destinations ?? [],
    behaviours: input.behaviours ?? [],
  };
  const draft = input.definition;
  const problems = draft ? definitionProblems(draft) : null;
  if (problems) throw validationError(problems);
  const rules = draft
    ? ruleSetOf([
        {
          rule: { id: 0, key: '', name: '', family: '', severity: 'info', version: 0, reference: null },
          compiled: compileRule(draft),
        },
      ])
    : await loadRuleSet(ctx.db, scope.companyId);
  const hits = rules.matchSubject(subject).map(({ rule, evidence }) =>
    draft
      ? { rule_id: null, key: null, name: null, family: null, severity: null, ...evidence }
      : {
          rule_id: rule.id,
          key: rule.key,
          name: rule.name,
          family: rule.family,
          severity: rule.severity,
          ...evidence,
        },
  );
  return { data: { hits, rules_run: rules.size, duration_ms: Math.round(performance.now() - started) } };
}
