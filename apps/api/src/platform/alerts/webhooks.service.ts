// The company's webhooks (administrators only, by the contract's x-roles): the signing secret is
// generated or given, stored sealed (shared/secrets.ts) and shown in clear once, in the answer that
// set it. "Send test" queues a delivery like an alert's; the log lists every attempt.
import type { operations } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { spendAction } from '../../shared/action-limits.js';
import { derivedKey, randomToken, seal } from '../../shared/secrets.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { WebhookRow } from './alerts.table.js';
import { queueDelivery } from './webhook-delivery.js';
import { refuseUrl } from './webhook-target.js';

type CreateInput = operations['createWebhook']['requestBody']['content']['application/json'];
type UpdateInput = operations['updateWebhook']['requestBody']['content']['application/json'];

interface Verb<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const notFound = () => new ServiceError('not_found', 'Webhook not found.');

/** A webhook's signing secret, sealed for its company (a value copied to another company's row does not open). */
export function sealWebhookSecret(ctx: AppContext, companyId: number, secret: string): string {
  return seal(derivedKey(ctx.codeKey, 'vigil webhook secrets'), secret, `webhook:${companyId}`);
}

function checkUrl(ctx: AppContext, url: string | undefined): void {
  if (url === undefined) return;
  const refused = refuseUrl(url, ctx.config.webhookPrivateTargets);
  if (refused) throw validationError({ url: [refused] });
}

function deliveryView(row: {
  id: number;
  alert_id: number | null;
  attempt: number;
  outcome: 'succeeded' | 'retrying' | 'given_up';
  response_code: number | null;
  latency_ms: number | null;
  error: string | null;
  at: Date;
}) {
  return { ...row, at: row.at.toISOString() };
}

const deliveryColumns = ['id', 'alert_id', 'attempt', 'outcome', 'response_code', 'latency_ms', 'error', 'at'] as const;

async function webhookView(db: Executor, row: WebhookRow) {
  const last = await db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where('webhook_id', '=', row.id)
    .where('company_id', '=', row.company_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    id: row.id,
    url: row.url,
    format: row.format,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_delivery: last ? deliveryView(last) : null,
  };
}

function companyHooks(ctx: AppContext, scope: TenantScope) {
  return ctx.db.selectFrom('webhooks').selectAll().where(tenantFilter('webhooks', scope));
}

export async function listWebhooks({ ctx, auth }: Verb) {
  const scope = requireScope(auth.scope);
  const rows = await companyHooks(ctx, scope).orderBy('id').execute();
  return { data: await Promise.all(rows.map((row) => webhookView(ctx.db, row))) };
}

export async function createWebhook({ ctx, auth, input }: Verb<CreateInput>) {
  const scope = requireScope(auth.scope);
  checkUrl(ctx, input.url);
  const secret = input.secret ?? `whsec_${randomToken(24)}`;
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .insertInto('webhooks')
      .values({
        company_id: scope.companyId,
        url: input.url,
        format: input.format,
        secret_box: sealWebhookSecret(ctx, scope.companyId, secret),
        enabled: input.enabled ?? true,
        created_by: scope.userId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return { data: await webhookView(ctx.db, row), secret };
}

export async function updateWebhook({ ctx, auth, input }: Verb<{ id: number; body: UpdateInput }>) {
  const scope = requireScope(auth.scope);
  const { url, format, enabled, regenerate_secret } = input.body;
  checkUrl(ctx, url);
  const secret = regenerate_secret ? `whsec_${randomToken(24)}` : undefined;
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .updateTable('webhooks')
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(format !== undefined ? { format } : {}),
        ...(enabled !== undefined ? { enabled } : {}),
        ...(secret ? { secret_box: sealWebhookSecret(ctx, scope.companyId, secret) } : {}),
        updated_at: ctx.clock.now(),
      })
      .where('id', '=', input.id)
      .where(tenantFilter('webhooks', scope))
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw notFound();
  return { data: await webhookView(ctx.db, row), ...(secret ? { secret } : {}) };
}

export async function deleteWebhook({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx.deleteFrom('webhooks').where('id', '=', input.id).where(tenantFilter('webhooks', scope)).executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw notFound();
  return { message: 'Webhook deleted.' };
}

export async function testWebhook({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    const hook = await trx
      .selectFrom('webhooks')
      .select('id')
      .where('id', '=', input.id)
      .where(tenantFilter('webhooks', scope))
      .executeTakeFirst();
    if (!hook) throw notFound();
    await spendAction(trx, ctx.clock, ctx.limits.actions, 'webhookTest', scope);
    return queueDelivery(trx, { companyId: scope.companyId, webhookId: hook.id, alertId: null, now: ctx.clock.now() });
  });
  return { data: { job_id: jobId } };
}

export async function listWebhookDeliveries({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const hook = await companyHooks(ctx, scope).where('id', '=', input.id).executeTakeFirst();
  if (!hook) throw notFound();
  const rows = await ctx.db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where(tenantFilter('webhook_deliveries', scope))
    .where('webhook_id', '=', hook.id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return { data: rows.map(deliveryView) };
}
