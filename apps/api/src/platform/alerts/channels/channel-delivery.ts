// One delivery to a SIEM or ticket channel is a job (kind `alerts.channel`), as one to a webhook is
// (ADR 0017): each attempt runs the kind's adapter and logs its outcome in `channel_deliveries`; a
// refusal gives up at once, a failure worth trying again waits 1, 5, 15 then 40 minutes, five
// attempts in all. The credential is opened at each attempt, never logged.
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import { derivedKey, seal, unseal } from '../../../shared/secrets.js';
import type { RunOutcome } from '../../jobs/job-kind.types.js';
import { queueJob } from '../../jobs/job-queue.js';
import { endJob, retryOrBury } from '../../jobs/jobs.repository.js';
import type { ClaimedJob } from '../../jobs/jobs.table.js';
import type { DeliveryOutcome } from '../alerts.table.js';
import type { AlertChannelRow, ChannelKind, ChannelSettings } from '../channels.table.js';
import { alertContent, DELIVERY_ATTEMPTS, deliveryBackoff } from '../webhook-delivery.js';
import type { ChannelAdapter, ChannelAttempt } from './channel-adapter.js';
import { elastic } from './elastic.channel.js';
import { jira } from './jira.channel.js';
import { splunkHec } from './splunk-hec.channel.js';
import { syslogCef } from './syslog-cef.channel.js';

export const adapters: Record<ChannelKind, ChannelAdapter> = {
  splunk_hec: splunkHec,
  elastic,
  syslog_cef: syslogCef,
  jira,
};

const secretsKey = (ctx: AppContext) => derivedKey(ctx.codeKey, 'vigil channel credentials');

/** A channel's credential, sealed for its company (a value copied to another company's row does not open). */
export function sealCredential(ctx: AppContext, companyId: number, credential: string): string {
  return seal(secretsKey(ctx), credential, `channel:${companyId}`);
}

function openCredential(ctx: AppContext, channel: AlertChannelRow): string | null {
  return channel.secret_box === null
    ? null
    : unseal(secretsKey(ctx), channel.secret_box, `channel:${channel.company_id}`);
}

interface DeliveryOptions {
  channel_id: number;
  alert_id: number | null;
}

/** Queues one delivery of an alert (or a test, alert null) to a channel, in the caller's transaction. */
export function queueChannelDelivery(
  db: Executor,
  input: { companyId: number; channelId: number; alertId: number | null; now: Date },
): Promise<number> {
  const options: DeliveryOptions = { channel_id: input.channelId, alert_id: input.alertId };
  return queueJob(db, {
    kind: 'alerts.channel',
    module: 'alerts',
    companyId: input.companyId,
    label: input.alertId === null ? 'channel test' : `alert ${input.alertId}`,
    options,
    priority: 5,
    maxAttempts: DELIVERY_ATTEMPTS,
    now: input.now,
  });
}

async function logAttempt(
  ctx: AppContext,
  job: ClaimedJob,
  channel: AlertChannelRow,
  alertId: number | null,
  outcome: DeliveryOutcome,
  attempt: Partial<ChannelAttempt>,
): Promise<void> {
  await ctx.db
    .insertInto('channel_deliveries')
    .values({
      company_id: channel.company_id,
      channel_id: channel.id,
      alert_id: alertId,
      job_id: job.id,
      attempt: job.attempts,
      outcome,
      response_code: attempt.code ?? null,
      latency_ms: attempt.latencyMs ?? null,
      error: attempt.error ? attempt.error.slice(0, 300) : null,
      at: ctx.clock.now(),
    })
    .execute();
}

function end(ctx: AppContext, job: ClaimedJob, error: string | null) {
  return endJob(
    ctx.db,
    job.id,
    ctx.clock.now(),
    error === null ? { status: 'succeeded' } : { status: 'failed', error },
  );
}

export async function deliverToChannel(ctx: AppContext, job: ClaimedJob): Promise<RunOutcome> {
  const options = JSON.parse(job.options ?? '{}') as DeliveryOptions;
  const channel = await ctx.db
    .selectFrom('alert_channels')
    .selectAll()
    .where('id', '=', options.channel_id)
    .where('company_id', '=', job.company_id ?? -1)
    .executeTakeFirst();
  if (!channel?.enabled) return end(ctx, job, 'The channel was removed or disabled.');
  const details = await alertContent(ctx, channel.company_id, options.alert_id);
  if (!details) {
    return end(ctx, job, 'The alert’s rule was deleted, or its owner is no longer an active member of the company.');
  }
  let credential: string | null;
  try {
    credential = openCredential(ctx, channel);
  } catch {
    const error = 'The credential cannot be opened (sealed for another company or under another key).';
    await logAttempt(ctx, job, channel, options.alert_id, 'given_up', { error });
    return end(ctx, job, error);
  }
  const attempt = await adapters[channel.kind]({
    ctx,
    channel,
    settings: JSON.parse(channel.settings) as ChannelSettings,
    credential,
    details,
    alertId: options.alert_id,
    deliveryId: String(job.id),
    sentAt: ctx.clock.now(),
  });
  const last = job.attempts >= job.max_attempts;
  const outcome: DeliveryOutcome = attempt.verdict === 'retry' ? (last ? 'given_up' : 'retrying') : attempt.verdict;
  const error = attempt.error ?? (attempt.verdict === 'succeeded' ? null : 'The receiver refused the delivery.');
  await logAttempt(ctx, job, channel, options.alert_id, outcome, { ...attempt, error });
  if (attempt.verdict === 'succeeded') return end(ctx, job, null);
  if (attempt.verdict === 'given_up') return end(ctx, job, error);
  await retryOrBury(ctx.db, job, error ?? 'No answer.', ctx.clock.now(), deliveryBackoff);
  return 'failed';
}
