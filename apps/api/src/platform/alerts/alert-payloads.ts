// What an alert says, and the bodies a webhook posts: Vigil's JSON, a Slack message (`text` and
// Block Kit `blocks`) or a Teams MessageCard. The JSON body carries its delivery's id and time, so
// the signature (X-Vigil-Signature: sha256=HMAC-SHA256 of the raw body) covers them too.
import { hmac } from '../../shared/secrets.js';
import { type Severity, severities } from '../findings/findings.table.js';

export interface AlertFinding {
  id: number;
  module: string;
  severity: Severity;
  title: string;
  link: string;
}

/** `findings`: every matching finding is listed; `summary`: beyond the threshold, counts and the top few. */
export interface AlertDetails {
  kind: 'findings' | 'summary' | 'digest' | 'test';
  company: string;
  module: string | null;
  total: number;
  by_severity: Record<Severity, number>;
  findings: AlertFinding[];
  /** The finding (one), or the list filtered to what the alert is about. */
  link: string;
  /** The alert came from an import that rejected some of its records: said in every channel. */
  partial_import?: PartialImport;
}

export interface PartialImport {
  file_name: string;
  read: number;
  rejected: number;
}

export type WebhookFormat = 'json' | 'slack' | 'teams';

export function worstSeverity(details: Pick<AlertDetails, 'by_severity'>): Severity {
  return severities.find((s) => details.by_severity[s] > 0) ?? 'info';
}

/** `3 new findings in credentials (1 critical, 2 high)`. */
export function headline(details: AlertDetails): string {
  if (details.kind === 'test') return `Test message from Vigil for ${details.company}`;
  const counts = severities
    .filter((s) => details.by_severity[s] > 0)
    .map((s) => `${details.by_severity[s]} ${s}`)
    .join(', ');
  const what = `${details.total} new finding${details.total === 1 ? '' : 's'}`;
  const where = details.module ? ` in ${details.module}` : '';
  const prefix = details.kind === 'digest' ? 'Daily digest: ' : '';
  const partial = details.partial_import
    ? ` — partial import of ${details.partial_import.file_name}: ${details.partial_import.rejected} of ${details.partial_import.read} records rejected`
    : '';
  return `${prefix}${what}${where} (${counts})${partial}`;
}

const colours: Record<Severity, string> = {
  critical: 'B42318',
  high: 'C4320A',
  medium: 'B54708',
  low: '175CD3',
  info: '475467',
};

export interface Envelope {
  deliveryId: string;
  sentAt: Date;
  alertId: number | null;
}

export function webhookBody(format: WebhookFormat, details: AlertDetails, envelope: Envelope): string {
  const title = headline(details);
  if (format === 'slack') {
    const lines = details.findings.map((f) => `• *${f.severity}* <${f.link}|${escapeSlack(f.title)}> (${f.module})`);
    const more =
      details.total > details.findings.length ? `\n…and ${details.total - details.findings.length} more` : '';
    return JSON.stringify({
      text: `${title} — ${details.link}`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
        ...(lines.length > 0
          ? [{ type: 'section', text: { type: 'mrkdwn', text: `${lines.join('\n')}${more}`.slice(0, 3000) } }]
          : []),
        {
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Vigil' }, url: details.link }],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: `${details.company} · Vigil` }] },
      ],
    });
  }
  if (format === 'teams') {
    return JSON.stringify({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: title,
      themeColor: colours[worstSeverity(details)],
      title,
      sections: [
        {
          activityTitle: details.company,
          facts: details.findings.map((f) => ({ name: f.severity, value: `[${f.title}](${f.link}) (${f.module})` })),
        },
      ],
      potentialAction: [{ '@type': 'OpenUri', name: 'Open in Vigil', targets: [{ os: 'default', uri: details.link }] }],
    });
  }
  return JSON.stringify({
    event: details.kind === 'test' ? 'test' : 'alert',
    delivery_id: envelope.deliveryId,
    sent_at: envelope.sentAt.toISOString(),
    alert: {
      id: envelope.alertId,
      kind: details.kind,
      company: details.company,
      module: details.module,
      severity: worstSeverity(details),
      title,
      total: details.total,
      by_severity: details.by_severity,
      findings: details.findings,
      link: details.link,
      ...(details.partial_import ? { partial_import: details.partial_import } : {}),
    },
  });
}

function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The value of X-Vigil-Signature: `sha256=` and the hex HMAC-SHA256 of the raw body under the webhook's secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${hmac(secret, body)}`;
}
