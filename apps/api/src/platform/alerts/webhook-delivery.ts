// One webhook delivery is a job (kind `alerts.webhook`): each attempt posts the body, signed, to the
// address checked at that moment, and logs its outcome. A 2xx succeeds; a 4xx other than 408 and
// 429, or a refused address, gives up at once; a 5xx, 408, 429, a timeout or a connection error is
// tried again after 1, 5, 15 then 40 minutes: five attempts over about an hour, then given up
// (ADR 0017). The waits are times of the app's clock, so tests move it instead of waiting.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { derivedKey, unseal } from '../../shared/secrets.js';
import type { RunOutcome } from '../jobs/job-kind.types.js';
import { queueJob } from '../jobs/job-queue.js';
import { endJob, retryOrBury } from '../jobs/jobs.repository.js';
import type { ClaimedJob } from '../jobs/jobs.table.js';
import { type AlertDetails, signatureOf, webhookBody } from './alert-payloads.js';
import type { DeliveryOutcome, WebhookRow } from './alerts.table.js';
import { resolveTarget, TargetRefused } from './webhook-target.js';

export const DELIVERY_ATTEMPTS = 5;
const WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000, 40 * 60_000];
const TIMEOUT_MS = 10_000;

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

interface Answer {
  code: number | null;
  error: string | null;
  latencyMs: number;
}

/** Posts the body to the checked address (the URL's host name still names it for TLS and Host). */
async function post(url: URL, address: string, family: 4 | 6, body: string, headers: Record<string, string>) {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise<Answer>((resolve) => {
    const done = (code: number | null, error: string | null) =>
      resolve({ code, error, latencyMs: Math.round(performance.now() - started) });
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      lookup: pinned,
      timeout: TIMEOUT_MS,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? null, null));
      response.on('error', (error) => done(response.statusCode ?? null, error.message));
    });
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
    request.on('error', (error) => done(null, error.message));
    request.end(body);
  });
}

/** The signing secret sealed by webhooks.service (sealWebhookSecret). */
function openWebhookSecret(ctx: AppContext, webhook: WebhookRow): string {
  return unseal(derivedKey(ctx.codeKey, 'vigil webhook secrets'), webhook.secret_box, `webhook:${webhook.company_id}`);
}

/** succeeded (2xx), given_up (a 4xx but 408/429: the receiver refuses it), or retry. */
function judge(code: number | null): 'succeeded' | 'given_up' | 'retry' {
  if (code !== null && code >= 200 && code < 300) return 'succeeded';
  if (code !== null && code >= 400 && code < 500 && code !== 408 && code !== 429) return 'given_up';
  return 'retry';
}

async function details(ctx: AppContext, job: ClaimedJob, webhook: WebhookRow, alertId: number | null) {
  if (alertId === null) {
    const company = await ctx.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', webhook.company_id)
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
    .where('a.company_id', '=', job.company_id ?? -1)
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
  const content = await details(ctx, job, webhook, options.alert_id);
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
    answer = await post(target.url, target.address, target.family, body, headers);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof TargetRefused) {
      await logAttempt(ctx, job, webhook, options.alert_id, 'given_up', { error: message });
      return end(ctx, job, 'failed', message);
    }
    answer = { code: null, error: message, latencyMs: 0 };
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
