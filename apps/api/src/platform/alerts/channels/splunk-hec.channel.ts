// Splunk HTTP Event Collector: one event per delivery to `<url>/services/collector/event` with
// `Authorization: Splunk <token>`, in HEC's JSON envelope (time in epoch seconds, host, source,
// sourcetype, the alert as the event). HEC answers `{"text":"Success","code":0}`; its error bodies
// carry a code too (4 invalid token, 6 invalid data format, 9 server busy…), quoted in the log.
import { headline, worstSeverity } from '../alert-payloads.js';
import type { ChannelAdapter, ChannelSend } from './channel-adapter.js';
import { isRecord, jsonOf, verdictOf } from './channel-adapter.js';
import { postTo, under } from './http-channel.js';

export function hecEvent({ ctx, details, alertId, deliveryId, sentAt }: ChannelSend) {
  return {
    time: sentAt.getTime() / 1000,
    host: new URL(ctx.publicUrl).hostname,
    source: 'vigil',
    sourcetype: 'vigil:alert',
    event: {
      kind: details.kind,
      alert_id: alertId,
      delivery_id: deliveryId,
      company: details.company,
      module: details.module,
      severity: worstSeverity(details),
      message: headline(details),
      total: details.total,
      by_severity: details.by_severity,
      findings: details.findings,
      link: details.link,
      ...(details.partial_import ? { partial_import: details.partial_import } : {}),
    },
  };
}

export const splunkHec: ChannelAdapter = async (send) => {
  const url = under(send.settings.url ?? '', 'services/collector/event');
  const body = JSON.stringify(hecEvent(send));
  return postTo(
    send.ctx,
    url,
    body,
    { 'content-type': 'application/json', authorization: `Splunk ${send.credential ?? ''}` },
    (answer) => {
      const parsed = jsonOf(answer.body);
      const said = isRecord(parsed) ? parsed : {};
      const code = typeof said.code === 'number' ? said.code : undefined;
      const text = typeof said.text === 'string' ? said.text : undefined;
      let verdict = verdictOf(answer.code);
      // A 2xx is Splunk's success only with code 0 (a proxy's 200 page is not).
      if (verdict === 'succeeded' && code !== 0) verdict = 'given_up';
      const error =
        verdict === 'succeeded' ? null : `Splunk answered ${answer.code}${text ? `: ${text} (code ${code})` : ''}.`;
      return { verdict, code: answer.code, error, latencyMs: answer.latencyMs };
    },
  );
};
