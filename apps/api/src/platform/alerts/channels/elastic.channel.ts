// Elasticsearch (or an Elastic Cloud deployment): the alert's findings as ECS documents, one per
// finding (one for a test or an alert listing none), in one `_bulk` request of `create` actions
// with `Authorization: ApiKey <key>`. Each document's _id is the alert's and the finding's, so an
// attempt tried again does not index twice: an item answered 409 (already created) counts as done.
// A bulk answer of 200 with `errors: true` is not a success: an item refused with a 4xx gives the
// delivery up, one refused with 429 or a 5xx has it tried again.

import type { Severity } from '../../findings/findings.table.js';
import { headline, worstSeverity } from '../alert-payloads.js';
import {
  type ChannelAdapter,
  type ChannelSend,
  cvesOf,
  isRecord,
  jsonOf,
  type Verdict,
  verdictOf,
} from './channel-adapter.js';
import { postTo, under } from './http-channel.js';

/** ECS event.severity is numeric; these are the risk scores Elastic's own rules use. */
export const ecsSeverity: Record<Severity, number> = { critical: 99, high: 73, medium: 47, low: 21, info: 0 };

interface Doc {
  id: string;
  source: Record<string, unknown>;
}

export function ecsDocuments({ details, alertId, deliveryId, sentAt }: ChannelSend): Doc[] {
  const base = (severity: Severity, message: string, link: string, module: string | null) => {
    const cves = cvesOf(message);
    return {
      '@timestamp': sentAt.toISOString(),
      message,
      event: {
        kind: 'alert',
        category: [cves.length > 0 ? 'vulnerability' : 'threat'],
        type: ['info'],
        severity: ecsSeverity[severity],
        dataset: 'vigil.alert',
        provider: 'vigil',
        ...(module ? { module } : {}),
        url: link,
      },
      rule: { name: headline(details), category: details.kind },
      url: { full: link },
      organization: { name: details.company },
      observer: { vendor: 'Vigil', product: 'Vigil', type: 'threat-intelligence' },
      ...(cves.length > 0 ? { vulnerability: { id: cves[0], severity } } : {}),
      labels: {
        vigil_alert_id: alertId === null ? 'test' : String(alertId),
        vigil_severity: severity,
        ...(module ? { vigil_module: module } : {}),
      },
    };
  };
  const prefix = alertId === null ? `vigil-test-${deliveryId}` : `vigil-${alertId}`;
  if (details.findings.length === 0) {
    return [{ id: prefix, source: base(worstSeverity(details), headline(details), details.link, details.module) }];
  }
  return details.findings.map((f) => ({
    id: `${prefix}-${f.id}`,
    source: {
      ...base(f.severity, f.title, f.link, f.module),
      labels: {
        vigil_alert_id: alertId === null ? 'test' : String(alertId),
        vigil_severity: f.severity,
        vigil_module: f.module,
        vigil_finding_id: String(f.id),
      },
    },
  }));
}

/** The NDJSON of a bulk request (each line ends with a newline, the last one too). */
export function bulkBody(index: string, docs: Doc[]): string {
  return docs
    .map((d) => `${JSON.stringify({ create: { _index: index, _id: d.id } })}\n${JSON.stringify(d.source)}\n`)
    .join('');
}

/** The worst item of a bulk answer: retry beats given_up beats succeeded; 409 is an earlier attempt's. */
function judgeItems(items: unknown[]): { verdict: Verdict; error: string | null } {
  let verdict: Verdict = 'succeeded';
  let error: string | null = null;
  for (const item of items) {
    const result = isRecord(item) ? Object.values(item)[0] : undefined;
    if (!isRecord(result)) continue;
    // An item without a status is an answer we cannot read: tried again, as a server error is.
    const status = typeof result.status === 'number' ? result.status : null;
    if (status === null) {
      verdict = 'retry';
      error = 'Elasticsearch answered an item without a status.';
      continue;
    }
    if (status === 409 || (status >= 200 && status < 300)) continue;
    const mine = verdictOf(status);
    const reason = isRecord(result.error) ? `${result.error.type}: ${result.error.reason}` : `status ${status}`;
    if (mine === 'retry' || verdict === 'succeeded') {
      verdict = mine;
      error = `Elasticsearch refused a document (${status} ${reason}).`;
    }
  }
  return { verdict, error };
}

export const elastic: ChannelAdapter = async (send) => {
  const index = send.settings.index ?? '';
  const body = bulkBody(index, ecsDocuments(send));
  return postTo(
    send.ctx,
    under(send.settings.url ?? '', '_bulk'),
    body,
    { 'content-type': 'application/x-ndjson', authorization: `ApiKey ${send.credential ?? ''}` },
    (answer) => {
      const status = verdictOf(answer.code);
      const parsed = jsonOf(answer.body);
      if (status !== 'succeeded') {
        const reason = isRecord(parsed) && isRecord(parsed.error) ? `: ${parsed.error.type}` : '';
        return {
          verdict: status,
          code: answer.code,
          error: `Elasticsearch answered ${answer.code}${reason}.`,
          latencyMs: answer.latencyMs,
        };
      }
      if (!isRecord(parsed) || !Array.isArray(parsed.items)) {
        return {
          verdict: 'given_up',
          code: answer.code,
          error: 'The answer is not a bulk answer.',
          latencyMs: answer.latencyMs,
        };
      }
      const items = parsed.errors === true ? judgeItems(parsed.items) : { verdict: 'succeeded' as const, error: null };
      return { ...items, code: answer.code, latencyMs: answer.latencyMs };
    },
  );
};
