// The company's SIEM and ticket channels (administrators only, by the contract's x-roles; ADR 0050):
// each kind's settings are checked here (422 naming the field), its credential stored sealed and
// never returned, a Jira channel's inbound secret stored hashed and shown once. "Send test" queues a
// delivery like an alert's; the log lists every attempt.
import { isIP } from 'node:net';
import type { operations } from '@vigil/api-client';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { spendAction } from '../../../shared/action-limits.js';
import { isInternalAddress } from '../../../shared/address-policy.js';
import { randomToken, sha256 } from '../../../shared/secrets.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { AlertChannelRow, ChannelKind, ChannelSettings } from '../channels.table.js';
import { refuseUrl } from '../webhook-target.js';
import { queueChannelDelivery, sealCredential } from './channel-delivery.js';

type CreateInput = operations['createAlertChannel']['requestBody']['content']['application/json'];
type UpdateInput = operations['updateAlertChannel']['requestBody']['content']['application/json'];

interface Verb<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const notFound = () => new ServiceError('not_found', 'Channel not found.');

/** The settings each kind takes, and which of them it requires. */
const fieldsOf: Record<ChannelKind, { required: (keyof ChannelSettings)[]; optional: (keyof ChannelSettings)[] }> = {
  splunk_hec: { required: ['url'], optional: [] },
  elastic: { required: ['url', 'index'], optional: [] },
  syslog_cef: { required: ['host', 'port'], optional: ['tls', 'framing', 'ca'] },
  jira: { required: ['url', 'email', 'project_key', 'issue_type'], optional: [] },
};

function checkSettings(ctx: AppContext, kind: ChannelKind, settings: ChannelSettings): ChannelSettings {
  const { required, optional } = fieldsOf[kind];
  const problems: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (
      value !== undefined &&
      !required.includes(key as keyof ChannelSettings) &&
      !optional.includes(key as keyof ChannelSettings)
    )
      problems[`settings.${key}`] = [`A ${kind} channel takes no ${key}.`];
  }
  for (const key of required) {
    if (settings[key] === undefined) problems[`settings.${key}`] = [`A ${kind} channel needs ${key}.`];
  }
  if (settings.url !== undefined) {
    const refused = refuseUrl(settings.url, ctx.config.webhookPrivateTargets);
    if (refused) problems['settings.url'] = [refused];
  }
  if (settings.host !== undefined && !ctx.config.webhookPrivateTargets) {
    const host = settings.host.replace(/^\[|\]$/g, '');
    if (isIP(host) ? isInternalAddress(host) : host === 'localhost' || host.endsWith('.localhost'))
      problems['settings.host'] = ['Private, loopback and link-local addresses are not allowed as targets.'];
  }
  if (settings.ca !== undefined && !settings.ca.includes('-----BEGIN CERTIFICATE-----'))
    problems['settings.ca'] = ['A PEM certificate (-----BEGIN CERTIFICATE-----).'];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return settings;
}

const deliveryColumns = ['id', 'alert_id', 'attempt', 'outcome', 'response_code', 'latency_ms', 'error', 'at'] as const;

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

async function channelView(ctx: AppContext, db: Executor, row: AlertChannelRow) {
  const last = await db
    .selectFrom('channel_deliveries')
    .select(deliveryColumns)
    .where('channel_id', '=', row.id)
    .where('company_id', '=', row.company_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    settings: JSON.parse(row.settings) as ChannelSettings,
    has_credential: row.secret_box !== null,
    inbound_url: row.kind === 'jira' ? `${ctx.publicUrl}/api/alerts/channels/${row.id}/jira-events` : null,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_delivery: last ? deliveryView(last) : null,
  };
}

function companyChannels(ctx: AppContext, scope: TenantScope) {
  return ctx.db.selectFrom('alert_channels').selectAll().where(tenantFilter('alert_channels', scope));
}

export async function listAlertChannels({ ctx, auth }: Verb) {
  const scope = requireScope(auth.scope);
  const rows = await companyChannels(ctx, scope).orderBy('id').execute();
  return { data: await Promise.all(rows.map((row) => channelView(ctx, ctx.db, row))) };
}

const newInboundSecret = () => `jwsec_${randomToken(24)}`;

export async function createAlertChannel({ ctx, auth, input }: Verb<CreateInput>) {
  const scope = requireScope(auth.scope);
  const settings = checkSettings(ctx, input.kind, input.settings);
  const needsCredential = input.kind !== 'syslog_cef';
  if (needsCredential && input.credential === undefined)
    throw validationError({ credential: [`A ${input.kind} channel needs its credential.`] });
  if (!needsCredential && input.credential !== undefined)
    throw validationError({ credential: ['A syslog channel takes no credential.'] });
  const inbound = input.kind === 'jira' ? newInboundSecret() : undefined;
  const now = ctx.clock.now();
  const row = await ctx.db
    .insertInto('alert_channels')
    .values({
      company_id: scope.companyId,
      kind: input.kind,
      name: input.name,
      settings: JSON.stringify(settings),
      secret_box: input.credential === undefined ? null : sealCredential(ctx, scope.companyId, input.credential),
      inbound_secret_hash: inbound ? sha256(inbound) : null,
      enabled: input.enabled ?? true,
      created_by: scope.userId,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { data: await channelView(ctx, ctx.db, row), ...(inbound ? { inbound_secret: inbound } : {}) };
}

export async function updateAlertChannel({ ctx, auth, input }: Verb<{ id: number; body: UpdateInput }>) {
  const scope = requireScope(auth.scope);
  const { name, settings, credential, enabled, regenerate_inbound_secret } = input.body;
  const current = await companyChannels(ctx, scope).where('id', '=', input.id).executeTakeFirst();
  if (!current) throw notFound();
  const merged =
    settings === undefined
      ? undefined
      : checkSettings(ctx, current.kind, { ...(JSON.parse(current.settings) as ChannelSettings), ...settings });
  if (credential !== undefined && current.kind === 'syslog_cef')
    throw validationError({ credential: ['A syslog channel takes no credential.'] });
  if (regenerate_inbound_secret && current.kind !== 'jira')
    throw validationError({ regenerate_inbound_secret: ['Only a Jira channel has an inbound secret.'] });
  const inbound = regenerate_inbound_secret ? newInboundSecret() : undefined;
  const row = await ctx.db
    .updateTable('alert_channels')
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(merged !== undefined ? { settings: JSON.stringify(merged) } : {}),
      ...(enabled !== undefined ? { enabled } : {}),
      ...(credential !== undefined ? { secret_box: sealCredential(ctx, scope.companyId, credential) } : {}),
      ...(inbound ? { inbound_secret_hash: sha256(inbound) } : {}),
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', input.id)
    .where(tenantFilter('alert_channels', scope))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return { data: await channelView(ctx, ctx.db, row), ...(inbound ? { inbound_secret: inbound } : {}) };
}

export async function deleteAlertChannel({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .deleteFrom('alert_channels')
    .where('id', '=', input.id)
    .where(tenantFilter('alert_channels', scope))
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound();
  return { message: 'Channel deleted.' };
}

export async function testAlertChannel({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    const channel = await trx
      .selectFrom('alert_channels')
      .select('id')
      .where('id', '=', input.id)
      .where(tenantFilter('alert_channels', scope))
      .executeTakeFirst();
    if (!channel) throw notFound();
    await spendAction(trx, ctx.clock, ctx.limits.actions, 'webhookTest', scope);
    return queueChannelDelivery(trx, {
      companyId: scope.companyId,
      channelId: channel.id,
      alertId: null,
      now: ctx.clock.now(),
    });
  });
  return { data: { job_id: jobId } };
}

export async function listAlertChannelDeliveries({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const channel = await companyChannels(ctx, scope).where('id', '=', input.id).executeTakeFirst();
  if (!channel) throw notFound();
  const rows = await ctx.db
    .selectFrom('channel_deliveries')
    .select(deliveryColumns)
    .where(tenantFilter('channel_deliveries', scope))
    .where('channel_id', '=', channel.id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return { data: rows.map(deliveryView) };
}
