// Syslog over TCP (or TLS, RFC 5425) carrying CEF: one message per finding of the alert (one for a
// test or an alert listing none). The collector's address is checked like a webhook's and the
// connection goes to the address checked. Success is every byte written and the connection closed
// cleanly; a refused or dropped connection is tried again; a certificate the collector cannot prove
// (TLS) gives the delivery up, as a 4xx does for HTTP.
import net from 'node:net';
import tls from 'node:tls';
import { headline, worstSeverity } from '../alert-payloads.js';
import { TIMEOUT_MS } from '../outbound-http.js';
import { resolveTarget, TargetRefused } from '../webhook-target.js';
import { type CefEvent, cefLine, frame, syslogMessage } from './cef.js';
import { type ChannelAdapter, type ChannelAttempt, type ChannelSend, cvesOf } from './channel-adapter.js';

export const CEF_VERSION = '1';

export function cefEvents({ details, alertId, deliveryId, sentAt }: ChannelSend): CefEvent[] {
  const common: [string, string | number][] = [
    ['rt', sentAt.getTime()],
    ['cs1Label', 'Company'],
    ['cs1', details.company],
    ['cs2Label', 'Alert'],
    ['cs2', alertId === null ? `test ${deliveryId}` : String(alertId)],
  ];
  if (details.findings.length === 0) {
    return [
      {
        signatureId: `vigil:${details.kind}`,
        name: headline(details),
        severity: worstSeverity(details),
        extensions: [...common, ['cnt', details.total], ['request', details.link], ['msg', headline(details)]],
      },
    ];
  }
  return details.findings.map((f) => {
    const cve = cvesOf(f.title)[0];
    return {
      signatureId: `vigil:${f.module}`,
      name: f.title,
      severity: f.severity,
      extensions: [
        ...common,
        ['externalId', f.id],
        ['cat', f.module],
        ['request', f.link],
        ['msg', headline(details)],
        ...(cve
          ? ([
              ['cs3Label', 'CVE'],
              ['cs3', cve],
            ] as [string, string][])
          : []),
      ],
    };
  });
}

export function syslogPayload(send: ChannelSend): string {
  const host = new URL(send.ctx.publicUrl).hostname || '-';
  const framing = send.settings.framing ?? 'octet_counting';
  return cefEvents(send)
    .map((event) => frame(syslogMessage(send.sentAt, host, event.severity, cefLine(CEF_VERSION, event)), framing))
    .join('');
}

const CERT_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME|ERR_TLS|ALTNAME/;

export const syslogCef: ChannelAdapter = async (send) => {
  const { host = '', port = 6514, tls: secure = false, ca } = send.settings;
  const payload = syslogPayload(send);
  let address: string;
  let family: 4 | 6;
  try {
    const target = await resolveTarget(
      `tcp://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`,
      send.ctx.config.webhookPrivateTargets,
    );
    ({ address, family } = target);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { verdict: error instanceof TargetRefused ? 'given_up' : 'retry', code: null, error: message, latencyMs: 0 };
  }
  const started = performance.now();
  return new Promise<ChannelAttempt>((resolve) => {
    let settled = false;
    const done = (verdict: ChannelAttempt['verdict'], error: string | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ verdict, code: null, error, latencyMs: Math.round(performance.now() - started) });
    };
    // The connection goes to the checked address; TLS still checks the certificate against the name.
    const socket = secure
      ? tls.connect({ host: address, port, ...(net.isIP(host) ? {} : { servername: host }), ...(ca ? { ca } : {}) })
      : net.connect({ host: address, port, family });
    socket.setTimeout(TIMEOUT_MS, () => done('retry', `No answer within ${TIMEOUT_MS / 1000} s.`));
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.end(payload, () => undefined);
    });
    socket.once('close', (hadError) => {
      if (!hadError) done('succeeded', null);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const permanent = secure && CERT_ERROR.test(error.code ?? '');
      done(permanent ? 'given_up' : 'retry', error.message);
    });
  });
};
