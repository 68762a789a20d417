// Turning matching findings into one alert of a rule: counts by severity, every finding up to the
// threshold, beyond it a summary (the top few and a link to the filtered list). The alert row is
// unique per rule and source, so a job run again raises nothing twice; the e-mail is queued and the
// webhook deliveries enqueued in the same transaction. Each channel (a webhook, a user's mailbox)
// gets one alert per source however many rules match (`alert_sends`, issue 32), and the company's
// webhooks and SIEM/ticket channels only from a rule whose owner is an administrator now.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { type Severity, severities } from '../findings/findings.table.js';
import { queueMail } from '../mail/mail.repository.js';
import { findingPath } from '../monitoring/finding-path.js';
import type { AlertDetails, AlertFinding } from './alert-payloads.js';
import { alertMail } from './alerts.mail.js';
import type { AlertRuleRow } from './alerts.table.js';
import { queueChannelDelivery } from './channels/channel-delivery.js';
import { queueDelivery } from './webhook-delivery.js';

/** Up to this many matching findings an alert lists them all; beyond, it is a summary. */
export const SUMMARY_THRESHOLD = 20;
/** The findings a summary shows (the most severe, then the oldest). */
export const SUMMARY_TOP = 5;

/** A rule with its owner (address, name, language, role), who is still an active member of the rule's company. */
export type LiveRule = AlertRuleRow & { address: string; name: string; language: string | null; role: string };

/** The rules of one delivery kind whose owner is an active member of their company (not deactivated there; checked when sending). */
export function liveRules(db: Executor, delivery: 'instant' | 'digest', companyId?: number) {
  let query = db
    .selectFrom('alert_rules as r')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'r.user_id').onRef('m.company_id', '=', 'r.company_id'),
    )
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.email as address', 'u.name', 'u.language', 'm.role'])
    .where('u.active', '=', true)
    .where('m.deactivated_at', 'is', null)
    .where('r.delivery', '=', delivery);
  if (companyId !== undefined) query = query.where('r.company_id', '=', companyId);
  return query.orderBy('r.id').execute();
}

export function severitiesFrom(min: Severity): Severity[] {
  return severities.slice(0, severities.indexOf(min) + 1);
}

export function modulesOf(rule: Pick<AlertRuleRow, 'modules'>): string[] | null {
  return rule.modules ? (JSON.parse(rule.modules) as string[]) : null;
}

const rank = sql<number>`case f.severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`;

/**
 * The alert of a rule over the findings `which` selects (company, source), or undefined when none
 * matches the rule's modules and severity.
 */
export async function describeMatches(
  ctx: AppContext,
  db: Executor,
  rule: AlertRuleRow,
  which: RawBuilder<SqlBool>,
  kind: 'findings' | 'digest',
): Promise<AlertDetails | undefined> {
  const modules = modulesOf(rule);
  const base = db
    .selectFrom('findings as f')
    .where('f.company_id', '=', rule.company_id)
    .where(which)
    .where('f.severity', 'in', severitiesFrom(rule.min_severity))
    .$if(modules !== null, (q) => q.where('f.module', 'in', modules ?? []));
  const counts = await base
    .select(['f.module', 'f.severity', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['f.module', 'f.severity'])
    .execute();
  const total = counts.reduce((n, c) => n + Number(c.n), 0);
  if (total === 0) return undefined;
  const bySeverity = Object.fromEntries(severities.map((s) => [s, 0])) as Record<Severity, number>;
  for (const c of counts) bySeverity[c.severity] += Number(c.n);
  const touched = [...new Set(counts.map((c) => c.module))];
  const module = touched.length === 1 ? (touched[0] ?? null) : null;
  const summary = total > SUMMARY_THRESHOLD;
  const rows = await base
    .select(['f.id', 'f.module', 'f.severity', 'f.title', 'f.fingerprint', 'f.supplier_id'])
    .orderBy(rank)
    .orderBy('f.id')
    .limit(summary ? SUMMARY_TOP : SUMMARY_THRESHOLD)
    .execute();
  const company = await db.selectFrom('companies').select('name').where('id', '=', rule.company_id).executeTakeFirst();
  const findings: AlertFinding[] = rows.map((r) => ({
    id: r.id,
    module: r.module,
    severity: r.severity,
    title: r.title,
    link: findingLink(ctx, r.module, r),
  }));
  const single = findings.length === 1 && total === 1 ? findings[0] : undefined;
  return {
    kind: kind === 'digest' ? 'digest' : summary ? 'summary' : 'findings',
    company: company?.name ?? '',
    module,
    total,
    by_severity: bySeverity,
    findings,
    link: single ? single.link : listLink(ctx, module),
  };
}

function screenOf(ctx: AppContext, module: string | null): string {
  return ctx.modules.modules.find((m) => m.id === module)?.screen ?? '/dashboard';
}

export function findingLink(
  ctx: AppContext,
  module: string,
  finding: { id: number; fingerprint: string; supplier_id?: number | null },
): string {
  return `${ctx.publicUrl}${findingPath(ctx.modules.modules, module, finding)}`;
}

/** The module's list of new findings (or the dashboard when the alert spans modules). */
export function listLink(ctx: AppContext, module: string | null): string {
  const screen = screenOf(ctx, module);
  return screen === '/dashboard' ? `${ctx.publicUrl}${screen}` : `${ctx.publicUrl}${screen}?status=new`;
}

/** Stores the alert (once per rule and source) and queues its e-mail and webhook deliveries. */
export async function raiseAlert(
  ctx: AppContext,
  trx: Executor,
  rule: LiveRule,
  source: string,
  details: AlertDetails,
): Promise<number | undefined> {
  const now = ctx.clock.now();
  const alert = await trx
    .insertInto('alerts')
    .values({
      company_id: rule.company_id,
      rule_id: rule.id,
      source,
      module: details.module,
      total: details.total,
      details: JSON.stringify(details),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['rule_id', 'source']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!alert) return undefined;
  const firstTo = async (channel: string) =>
    (await trx
      .insertInto('alert_sends')
      .values({ company_id: rule.company_id, channel, source, alert_id: alert.id, created_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'channel', 'source']).doNothing())
      .returning('alert_id')
      .executeTakeFirst()) !== undefined;
  if (rule.email && (await firstTo(`email:${rule.user_id}`)))
    await queueMail(
      trx,
      alertMail(
        { email: rule.address, name: rule.name, language: rule.language },
        details,
        `${ctx.publicUrl}/account-setting`,
      ),
      now,
    );
  if (rule.webhooks && rule.role === 'administrator') {
    const hooks = await trx
      .selectFrom('webhooks')
      .select('id')
      .where('company_id', '=', rule.company_id)
      .where('enabled', '=', true)
      .execute();
    for (const hook of hooks) {
      if (!(await firstTo(`webhook:${hook.id}`))) continue;
      await queueDelivery(trx, { companyId: rule.company_id, webhookId: hook.id, alertId: alert.id, now });
    }
    // The SIEM and ticket channels are the company's too, reached by the same rules (ADR 0050).
    const channels = await trx
      .selectFrom('alert_channels')
      .select('id')
      .where('company_id', '=', rule.company_id)
      .where('enabled', '=', true)
      .execute();
    for (const channel of channels) {
      if (!(await firstTo(`channel:${channel.id}`))) continue;
      await queueChannelDelivery(trx, { companyId: rule.company_id, channelId: channel.id, alertId: alert.id, now });
    }
  }
  return alert.id;
}
