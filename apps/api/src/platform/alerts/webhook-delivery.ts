// One webhook delivery is a job (kind `alerts.webhook`): each attempt posts the body, signed, to the
// address checked at that moment, and logs its outcome. A 2xx succeeds; a 4xx other than 408 and
// 429, or a refused address, gives up at once; a 5xx, 408, 429, a timeout or a connection error is
// tried again after 1, 5, 15 then 40 minutes: five attempts over about an hour, then given up
// (ADR 0017). The waits are times of the app's clock, so tests move it instead of waiting.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { derivedKey, unseal } from '../../shared/secrets.js';
import type { RunOutcome } from '../jobs/job-kind.types.js';
import { queueJob } from '../jobs/job-queue.js';
import { endJob, retryOrBury } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import { type AlertDetails, signatureOf, webhookBody } from './alert-payloads.js';
import type { DeliveryOutcome, WebhookRow } from './alerts.table.js';
import { type Answer, send } from './outbound-http.js';
import { resolveTarget, TargetRefused } from './webhook-target.js';

export const DELIVERY_ATTEMPTS = 5;
const WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000, 40 * 60_000];

/** The wait after failed attempt `attempt` (1-based): 1, 5, 15, 40 minutes. */
export function deliveryBackoff(attempt: number): number {
  return WAITS_MS[Math.min(WAITS_MS.length, Math.max(1, attempt)) - 1] ?? 0;
}

interface DeliveryOptions {
  webhook_id: number;
  alert_id: number | null;
}

/** Queues one delivery of an alert (or a test, alert null) to a webhook, in the caller's transaction. */
export async function queueDelivery(
  db: Executor,
  input: { companyId: number; webhookId: number; alertId: number | null; now: Date },
): Promise<number> {
  const options: DeliveryOptions = { webhook_id: input.webhookId, alert_id: input.alertId };
  return queueJob(db, {
    kind: 'alerts.webhook',
    module: 'alerts',
    companyId: input.companyId,
    label: input.alertId === null ? 'webhook test' : `alert ${input.alertId}`,
    options,
    priority: 5,
    maxAttempts: DELIVERY_ATTEMPTS,
    now: input.now,
  });
}

/** The signing secret sealed by webhooks.service (sealWebhookSecret). */
function openWebhookSecret(ctx: AppContext, webhook: WebhookRow): string {
  return unseal(derivedKey(ctx.codeKey, 'vigil webhook secrets'), webhook.secret_box, `webhook:${webhook.company_id}`);
}

/** succeeded (2xx), given_up (a 4xx but 408/429: the receiver refuses it), or retry. */
export function judge(code: number | null): 'succeeded' | 'given_up' | 'retry' {
  if (code !== null && code >= 200 && code < 300) return 'succeeded';
  if (code !== null && code >= 400 && code < 500 && code !== 408 && code !== 429) return 'given_up';
  return 'retry';
}

/** What a delivery sends: the alert's details (its rule's owner still an active member), or a test's. */
export async function alertContent(ctx: AppContext, companyId: number, alertId: number | null) {
  if (alertId === null) {
    const company = await ctx.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const test: AlertDetails = {
      kind: 'test',
      company: company.name,
      module: null,
      total: 0,
      by_severity: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      findings: [],
      link: `${ctx.publicUrl}/account-setting`,
    };
    return test;
  }
  // The rule's owner must still be a member of the company when it is sent.
  const alert = await ctx.db
    .selectFrom('alerts as a')
    .innerJoin('alert_rules as r', 'r.id', 'a.rule_id')
    .innerJoin('memberships as m', (join) =>
      join
        .onRef('m.user_id', '=', 'r.user_id')
        .onRef('m.company_id', '=', 'a.company_id')
        .on('m.deactivated_at', 'is', null),
    )
    .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'r.user_id').on('u.active', '=', true))
    .select('a.details')
    .where('a.id', '=', alertId)
    .where('a.company_id', '=', companyId)
    .executeTakeFirst();
  return alert ? (JSON.parse(alert.details) as AlertDetails) : undefined;
}

async function logAttempt(
  ctx: AppContext,
  job: ClaimedJob,
  webhook: WebhookRow,
  alertId: number | null,
  outcome: DeliveryOutcome,
  answer: Partial<Answer>,
): Promise<void> {
  await ctx.db
    .insertInto('webhook_deliveries')
    .values({
      company_id: webhook.company_id,
      webhook_id: webhook.id,
      alert_id: alertId,
      job_id: job.id,
      attempt: job.attempts,
      outcome,
      response_code: answer.code ?? null,
      latency_ms: answer.latencyMs ?? null,
      error: answer.error ? answer.error.slice(0, 300) : null,
      at: ctx.clock.now(),
    })
    .execute();
}

function end(ctx: AppContext, job: ClaimedJob, status: 'succeeded' | 'failed', error: string | null) {
  return endJob(ctx.db, job.id, ctx.clock.now(), status === 'failed' ? { status, error } : { status });
}

export async function deliverWebhook(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const options = JSON.parse(job.options ?? '{}') as DeliveryOptions;
  const webhook = await ctx.db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', options.webhook_id)
    .where('company_id', '=', job.company_id ?? -1)
    .executeTakeFirst();
  if (!webhook?.enabled) return end(ctx, job, 'failed', 'The webhook was removed or disabled.');
  const content = await alertContent(ctx, webhook.company_id, options.alert_id);
  if (!content)
    return end(
      ctx,
      job,
      'failed',
      'The alert’s rule was deleted, or its owner is no longer an active member of the company.',
    );
  let secret: string;
  try {
    secret = openWebhookSecret(ctx, webhook);
  } catch {
    const error = 'The signing secret cannot be opened (sealed for another company or under another key).';
    await logAttempt(ctx, job, webhook, options.alert_id, 'given_up', { error });
    return end(ctx, job, 'failed', error);
  }
  const sentAt = ctx.clock.now();
  const body = webhookBody(webhook.format, content, { deliveryId: String(job.id), sentAt, alertId: options.alert_id });
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Vigil-Webhooks/1',
    'x-vigil-signature': signatureOf(secret, body),
    'x-vigil-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'x-vigil-delivery': String(job.id),
  };
  let answer: Answer;
  try {
    const target = await resolveTarget(webhook.url, ctx.config.webhookPrivateTargets);
    answer = await send(target, body, headers);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof TargetRefused) {
      await logAttempt(ctx, job, webhook, options.alert_id, 'given_up', { error: message });
      return end(ctx, job, 'failed', message);
    }
    answer = { code: null, error: message, latencyMs: 0, body: '' };
  }
  const verdict = judge(answer.code);
  const error = answer.error ?? (verdict === 'succeeded' ? null : `The receiver answered ${answer.code}.`);
  const last = job.attempts >= job.max_attempts;
  const outcome: DeliveryOutcome = verdict === 'retry' ? (last ? 'given_up' : 'retrying') : verdict;
  await logAttempt(ctx, job, webhook, options.alert_id, outcome, { ...answer, error });
  if (verdict === 'succeeded') return end(ctx, job, 'succeeded', null);
  if (verdict === 'given_up') return end(ctx, job, 'failed', error);
  await retryOrBury(ctx.db, job, error ?? 'No answer.', ctx.clock.now(), deliveryBackoff);
  return 'failed';
}
