// Jira's webhook closing the loop (ADR 0050): called without a session, the channel's inbound secret
// (compared by its hash, in constant time) is the credential; a wrong secret and an unknown channel
// get the same 404. An `jira:issue_updated` whose issue is resolved (a resolution, or a status of
// the `done` category) resolves each finding this channel linked to it, through the triage verbs'
// own change (workflow rules, history, events) as the channel's creator, who must still be an active
// administrator of the company; the link is marked resolved so a second event does nothing.
import type { AppContext } from '../../../app-context.js';
import { safeEqual, sha256 } from '../../../shared/secrets.js';
import { ServiceError } from '../../../shared/service-error.js';
import { lockFindings } from '../../findings/findings.repository.js';
import { changeFindingAs } from '../../findings/findings.service.js';
import { isRecord } from './channel-adapter.js';

interface Input {
  id: number;
  secret: string;
  event: { webhookEvent: string; issue?: Record<string, unknown> | undefined };
}

/** Whether Jira's issue (the webhook's `issue`) reads as resolved. */
export function issueResolved(issue: Record<string, unknown>): boolean {
  const fields = isRecord(issue.fields) ? issue.fields : {};
  if (isRecord(fields.resolution)) return true;
  const status = isRecord(fields.status) ? fields.status : {};
  const category = isRecord(status.statusCategory) ? status.statusCategory : {};
  return category.key === 'done';
}

export async function receiveJiraEvent({ ctx, input }: { ctx: AppContext; input: Input }) {
  const channel = await ctx.db
    .selectFrom('alert_channels')
    .select(['id', 'company_id', 'inbound_secret_hash', 'created_by', 'enabled'])
    .where('id', '=', input.id)
    .where('kind', '=', 'jira')
    .executeTakeFirst();
  const presented = sha256(input.secret);
  if (!channel?.inbound_secret_hash || !safeEqual(presented, channel.inbound_secret_hash))
    throw new ServiceError('not_found', 'Channel not found.');
  const issue = input.event.issue;
  if (input.event.webhookEvent !== 'jira:issue_updated' || !issue || !issueResolved(issue) || !channel.enabled)
    return { data: { closed: [] as number[] } };
  const issueId = typeof issue.id === 'string' ? issue.id : String(issue.id ?? '');
  const issueKey = typeof issue.key === 'string' ? issue.key : '';
  const actor = channel.created_by;
  const closed: number[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const admin =
      actor === null
        ? undefined
        : await trx
            .selectFrom('memberships as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select('m.user_id')
            .where('m.user_id', '=', actor)
            .where('m.company_id', '=', channel.company_id)
            .where('m.role', '=', 'administrator')
            .where('m.deactivated_at', 'is', null)
            .where('u.active', '=', true)
            .executeTakeFirst();
    if (!admin) return;
    const tickets = await trx
      .selectFrom('finding_tickets')
      .select(['id', 'finding_id', 'issue_key'])
      .where('company_id', '=', channel.company_id)
      .where('channel_id', '=', channel.id)
      .where('issue_id', '=', issueId)
      .where('resolved_at', 'is', null)
      .execute();
    const now = ctx.clock.now();
    const scope = { userId: admin.user_id, companyId: channel.company_id };
    for (const ticket of tickets) {
      const [row] = await lockFindings(trx, scope, [ticket.finding_id]);
      if (row && row.status !== 'resolved') {
        const comment = `Resolved in Jira (${issueKey || ticket.issue_key}).`;
        const refused = await changeFindingAs(trx, row, { status: 'resolved', comment }, admin.user_id, now);
        if (refused === null) closed.push(row.id);
      }
      await trx.updateTable('finding_tickets').set({ resolved_at: now }).where('id', '=', ticket.id).execute();
    }
  });
  return { data: { closed } };
}
