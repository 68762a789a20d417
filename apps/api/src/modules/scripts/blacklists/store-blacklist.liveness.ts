// Whether a blacklisted store still answers: its name resolved and checked by the scanner's gate
// (scanner/scan-proxy.ts: the platform's host map, private addresses refused unless allowed, the
// connection made to the checked address), then one GET of its page over HTTPS, else HTTP. Online
// when it answers with a status below 400, or 401/403 (a live site refusing strangers); offline when
// the name does not resolve, nothing answers, or the answer is a 404, 410, 451 or 5xx (what a
// takedown leaves). A reserved name (.test, .example, .invalid, .localhost) outside the host map is
// never looked up: it cannot exist on the internet. The certificate is not verified: only whether
// something answers matters, and nothing is sent but the request line and Host.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type GateSettings, gateAddress, ScanRefused } from '../scanner/scan-proxy.js';

export interface Liveness {
  online: boolean;
  /** The address the name resolved to (the gate's), when it did. */
  address: string | null;
  /** Why it counts as offline, or the status it answered. */
  detail: string;
}

const RESERVED = /\.(test|example|invalid|localhost)$/;

function mapped(host: string, map: GateSettings['hostMap']): boolean {
  return Boolean(map[host]) || Object.keys(map).some((name) => name.startsWith('*.') && host.endsWith(name.slice(1)));
}

/** One GET to the checked address: the status, or null when nothing answered. */
function statusOf(
  scheme: 'http' | 'https',
  target: URL,
  destination: { address: string; port?: number },
  timeoutMs: number,
): Promise<number | null> {
  const send = scheme === 'https' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      {
        host: destination.address,
        port: destination.port ?? (scheme === 'https' ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: { host: target.hostname, 'user-agent': 'Vigil store blacklist check' },
        servername: target.hostname,
        rejectUnauthorized: false,
        timeout: timeoutMs,
      },
      (response: IncomingMessage) => {
        resolve(response.statusCode ?? null);
        response.destroy();
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
    request.end();
  });
}

export const answersOnline = (status: number) => status < 400 || status === 401 || status === 403;

export async function checkLiveness(
  domain: string,
  url: string | null,
  gate: GateSettings,
  timeoutMs: number,
): Promise<Liveness> {
  const target = new URL(url ?? `https://${domain}/`);
  const host = target.hostname;
  if (RESERVED.test(host) && !mapped(host, gate.hostMap)) {
    return { online: false, address: null, detail: `${host} does not resolve.` };
  }
  let destination: { address: string; port?: number };
  try {
    destination = await gateAddress(host, gate);
  } catch (error) {
    const refused = error instanceof ScanRefused && /resolves to a private/.test(error.message);
    if (refused) throw error;
    return { online: false, address: null, detail: `${host} does not resolve.` };
  }
  const schemes: ('http' | 'https')[] = target.protocol === 'http:' ? ['http', 'https'] : ['https', 'http'];
  let last: number | null = null;
  for (const scheme of schemes) {
    last = await statusOf(scheme, target, destination, timeoutMs);
    if (last !== null && answersOnline(last)) {
      return { online: true, address: destination.address, detail: `${scheme.toUpperCase()} ${last}` };
    }
  }
  return {
    online: false,
    address: destination.address,
    detail: last === null ? `${host} does not answer.` : `${host} answers ${last}.`,
  };
}
