// Jira Cloud: an issue per finding of the alert (POST /rest/api/3/issue, Basic e-mail:API token),
// its description in Atlassian Document Format and its priority from the finding's severity. The
// issue's key and page are stored beside the finding (`finding_tickets`): a finding already linked
// by this channel gets no second issue, so an attempt tried again opens only what is missing. A
// test opens one issue saying so, linked to nothing. Jira's 400 names the refused fields: given up,
// with them in the log.
import type { Severity } from '../../findings/findings.table.js';
import type { AlertDetails, AlertFinding } from '../alert-payloads.js';
import { headline } from '../alert-payloads.js';
import type { ChannelSettings } from '../channels.table.js';
import { type ChannelAdapter, type ChannelAttempt, isRecord, jsonOf, verdictOf } from './channel-adapter.js';
import { postTo, under } from './http-channel.js';

export const jiraPriority: Record<Severity, string> = {
  critical: 'Highest',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Lowest',
};

const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const link = (label: string, href: string) => ({
  type: 'text',
  text: label,
  marks: [{ type: 'link', attrs: { href } }],
});

/** The issue's fields for one finding, or for a test. */
export function issueFields(settings: ChannelSettings, details: AlertDetails, finding: AlertFinding | null) {
  const summary = finding ? `[Vigil] ${finding.severity}: ${finding.title}` : headline(details);
  const description = {
    type: 'doc',
    version: 1,
    content: finding
      ? [
          paragraph(text(`Vigil found this for ${details.company} (${finding.module}, ${finding.severity}).`)),
          paragraph(text(headline(details))),
          paragraph(link('Open the finding in Vigil', finding.link)),
        ]
      : [paragraph(text('A test of the Jira channel from Vigil; it is linked to no finding.'))],
  };
  return {
    project: { key: settings.project_key ?? '' },
    issuetype: { name: settings.issue_type ?? 'Task' },
    summary: summary.replace(/[\r\n]+/g, ' ').slice(0, 255),
    description,
    labels: finding ? ['vigil', `vigil-${finding.module}`] : ['vigil'],
    ...(finding ? { priority: { name: jiraPriority[finding.severity] } } : {}),
  };
}

/** Jira's own words for a refusal: `{"errorMessages":[…],"errors":{"field":"…"}}`. */
function jiraErrors(body: string): string {
  const parsed = jsonOf(body);
  if (!isRecord(parsed)) return '';
  const messages = Array.isArray(parsed.errorMessages) ? parsed.errorMessages.map(String) : [];
  const fields = isRecord(parsed.errors) ? Object.entries(parsed.errors).map(([k, v]) => `${k}: ${String(v)}`) : [];
  const all = [...messages, ...fields].join('; ');
  return all ? `: ${all}` : '';
}

export interface CreatedIssue {
  id: string;
  key: string;
  url: string;
}

/** Opens one issue; the created issue, or the attempt's failure. */
export async function openIssue(
  send: Parameters<ChannelAdapter>[0],
  finding: AlertFinding | null,
): Promise<{ attempt: ChannelAttempt; issue?: CreatedIssue }> {
  const site = send.settings.url ?? '';
  const basic = Buffer.from(`${send.settings.email ?? ''}:${send.credential ?? ''}`).toString('base64');
  let issue: CreatedIssue | undefined;
  const attempt = await postTo(
    send.ctx,
    under(site, 'rest/api/3/issue'),
    JSON.stringify({ fields: issueFields(send.settings, send.details, finding) }),
    { 'content-type': 'application/json', accept: 'application/json', authorization: `Basic ${basic}` },
    (answer) => {
      const verdict = verdictOf(answer.code);
      const parsed = jsonOf(answer.body);
      if (verdict === 'succeeded') {
        if (isRecord(parsed) && typeof parsed.id === 'string' && typeof parsed.key === 'string') {
          issue = { id: parsed.id, key: parsed.key, url: under(site, `browse/${parsed.key}`) };
          return { verdict, code: answer.code, error: null, latencyMs: answer.latencyMs };
        }
        return {
          verdict: 'given_up',
          code: answer.code,
          error: 'Jira’s answer names no issue.',
          latencyMs: answer.latencyMs,
        };
      }
      const error = `Jira answered ${answer.code}${jiraErrors(answer.body)}`.slice(0, 290);
      return { verdict, code: answer.code, error: `${error}.`, latencyMs: answer.latencyMs };
    },
  );
  return issue ? { attempt, issue } : { attempt };
}

export const jira: ChannelAdapter = async (send) => {
  const { ctx, channel, details, alertId } = send;
  if (alertId === null) return (await openIssue(send, null)).attempt;
  const linked = new Set(
    (
      await ctx.db
        .selectFrom('finding_tickets')
        .select('finding_id')
        .where('channel_id', '=', channel.id)
        .where('company_id', '=', channel.company_id)
        .where('finding_id', 'in', details.findings.map((f) => f.id).concat(-1))
        .execute()
    ).map((r) => r.finding_id),
  );
  let last: ChannelAttempt = { verdict: 'succeeded', code: null, error: null, latencyMs: 0 };
  let latency = 0;
  for (const finding of details.findings) {
    if (linked.has(finding.id)) continue;
    const { attempt, issue } = await openIssue(send, finding);
    latency += attempt.latencyMs;
    last = attempt;
    if (!issue) return { ...attempt, latencyMs: latency };
    await ctx.db
      .insertInto('finding_tickets')
      .values({
        company_id: channel.company_id,
        finding_id: finding.id,
        channel_id: channel.id,
        issue_id: issue.id,
        issue_key: issue.key,
        url: issue.url,
        created_at: ctx.clock.now(),
        resolved_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return { ...last, latencyMs: latency };
};
