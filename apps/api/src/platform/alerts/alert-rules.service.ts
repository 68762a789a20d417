// A user's alert rules in their current company: any role manages its own (a viewer may receive
// alerts), nobody sees or changes another's. Every query is scoped to the company and the user.
// The company's webhooks are a shared channel: only an administrator turns them on for a rule (403
// otherwise, a refusal by role like the contract's x-roles), and a user has at most MAX_RULES rules in
// a company (422), so no role can multiply what the company's channels receive (issue 32).
import type { operations } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { AlertRuleRow } from './alerts.table.js';

type RuleInput = operations['createAlertRule']['requestBody']['content']['application/json'];

interface Verb<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

/** Whether the runtime knows an IANA time zone (Intl refuses the others). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The most rules one user has in one company. */
export const MAX_RULES = 50;

export const webhooksForAdministrators = 'Only administrators can send alerts to the company’s webhooks.';

function checked(ctx: AppContext, auth: AuthContext, input: RuleInput) {
  if (input.webhooks && auth.role !== 'administrator') throw new ServiceError('forbidden', webhooksForAdministrators);
  const errors: Record<string, string[]> = {};
  if (!isTimeZone(input.time_zone)) errors.time_zone = ['Not a known time zone.'];
  const unknown = (input.modules ?? []).filter((m) => !ctx.modules.isModule(m));
  if (unknown.length > 0) errors.modules = [`Unknown modules: ${unknown.join(', ')}.`];
  if (input.delivery === 'digest' && (input.digest_hour ?? null) === null) {
    errors.digest_hour = ['A digest needs its hour.'];
  }
  if (!input.email && !input.webhooks) errors.email = ['Choose at least one channel.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const modules = input.modules && input.modules.length > 0 ? JSON.stringify([...new Set(input.modules)]) : null;
  return {
    modules,
    min_severity: input.min_severity,
    delivery: input.delivery,
    digest_hour: input.delivery === 'digest' ? (input.digest_hour ?? null) : null,
    time_zone: input.time_zone,
    email: input.email,
    webhooks: input.webhooks,
  };
}

export function ruleView(row: AlertRuleRow) {
  return {
    id: row.id,
    modules: row.modules ? (JSON.parse(row.modules) as string[]) : null,
    min_severity: row.min_severity,
    delivery: row.delivery,
    digest_hour: row.digest_hour,
    time_zone: row.time_zone,
    email: row.email,
    webhooks: row.webhooks,
    last_digest_on: row.last_digest_on,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function mine(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where(tenantFilter('alert_rules', scope))
    .where('user_id', '=', scope.userId);
}

export async function listAlertRules({ ctx, auth }: Verb) {
  const scope = requireScope(auth.scope);
  const rows = await mine(ctx.db, scope).orderBy('id').execute();
  return { data: rows.map(ruleView) };
}

export async function createAlertRule({ ctx, auth, input }: Verb<RuleInput>) {
  const scope = requireScope(auth.scope);
  const values = checked(ctx, auth, input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The membership row is locked so that two requests at once cannot both take the last place.
    await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('user_id', '=', scope.userId)
      .where(tenantFilter('memberships', scope))
      .forUpdate()
      .execute();
    const { n } = await mine(trx, scope)
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_RULES) {
      const sentence = `You already have ${MAX_RULES} alert rules in this company, the most allowed. Change or delete one instead.`;
      throw new ServiceError('invalid_data', { message: sentence, errors: { rules: [sentence] } });
    }
    return trx
      .insertInto('alert_rules')
      .values({
        ...values,
        company_id: scope.companyId,
        user_id: scope.userId,
        last_digest_on: null,
        digest_since: now,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { data: ruleView(row) };
}

export async function updateAlertRule({ ctx, auth, input }: Verb<{ id: number; body: RuleInput }>) {
  const scope = requireScope(auth.scope);
  const values = checked(ctx, auth, input.body);
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .updateTable('alert_rules')
      .set({ ...values, updated_at: ctx.clock.now() })
      .where('id', '=', input.id)
      .where(tenantFilter('alert_rules', scope))
      .where('user_id', '=', scope.userId)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw new ServiceError('not_found', 'Alert rule not found.');
  return { data: ruleView(row) };
}

export async function deleteAlertRule({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx
        .deleteFrom('alert_rules')
        .where('id', '=', input.id)
        .where(tenantFilter('alert_rules', scope))
        .where('user_id', '=', scope.userId)
        .executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Alert rule not found.');
  return { message: 'Alert rule deleted.' };
}

/** The demo administrator's rule: critical findings by e-mail at once (the dev mailbox shows one after the demo import). */
export async function seedDemoAlertRule(db: Executor, userId: number, companyId: number, now: Date): Promise<void> {
  await db
    .insertInto('alert_rules')
    .values({
      company_id: companyId,
      user_id: userId,
      modules: null,
      min_severity: 'critical',
      delivery: 'instant',
      digest_hour: null,
      time_zone: 'UTC',
      email: true,
      webhooks: false,
      last_digest_on: null,
      digest_since: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
