// The only way out of the scanner's browser: Chromium is started with this HTTP proxy for every
// request (loopback included), so every connection a scanned page makes, whatever asked for it
// (document, script, fetch, WebSocket, beacon, form), passes one gate here. The gate resolves the
// host itself and connects to the address it checked (no second lookup in Chromium: no DNS
// rebinding); a private, loopback or link-local address is refused unless SCAN_PRIVATE_TARGETS
// allows it. The platform's host map (tests, demo) sends names to a local address instead, and with
// `mappedOnly` nothing else is reachable at all.
import { lookup } from 'node:dns/promises';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isInternalAddress } from '../../../shared/address-policy.js';

export interface GateSettings {
  privateTargets: boolean;
  /** Host name (or `*.<suffix>`) → `address` or `address:port` to connect to instead (platform only). */
  hostMap: Readonly<Record<string, string>>;
  /** Reach the mapped hosts only (tests, demo): every other name is refused. */
  mappedOnly: boolean;
}

/** A page or a request the gate refuses: its message says why (shown with the failed scan). */
export class ScanRefused extends Error {}

function mapped(host: string, map: Readonly<Record<string, string>>): string | undefined {
  if (map[host]) return map[host];
  for (const [name, address] of Object.entries(map)) {
    if (name.startsWith('*.') && host.endsWith(name.slice(1))) return address;
  }
  return undefined;
}

export interface Destination {
  address: string;
  /** The port to use instead of the one asked for (a mapped `address:port`). */
  port?: number;
}

/** Where the browser may connect for this host, or a ScanRefused saying why not. */
export async function gateAddress(rawHost: string, settings: GateSettings): Promise<Destination> {
  const host = rawHost.replace(/^\[|\]$/g, '').toLowerCase();
  const fixed = mapped(host, settings.hostMap);
  if (fixed) {
    const [address = fixed, port] = fixed.split(':');
    return port ? { address, port: Number(port) } : { address };
  }
  if (settings.mappedOnly && !isIP(host)) throw new ScanRefused(`${host} is not one of the reachable test hosts.`);
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const first = addresses[0];
  if (!first) throw new ScanRefused(`${host} has no address.`);
  if (!settings.privateTargets && addresses.some(isInternalAddress)) {
    throw new ScanRefused(`${host} resolves to a private, loopback or link-local address, which is not scanned.`);
  }
  return { address: first };
}

export interface ScanProxy {
  /** `http://127.0.0.1:<port>` for Chromium's --proxy-server. */
  url: string;
  /** Every host:port the proxy connected to, by the address it used (tests assert on it). */
  contacted: string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'upgrade'];

export async function startScanProxy(settings: GateSettings, idleMs: number): Promise<ScanProxy> {
  const contacted: string[] = [];
  const sockets = new Set<Socket | Duplex>();
  const remember = (address: string, port: number) => {
    if (contacted.length < 10_000) contacted.push(`${address}:${port}`);
  };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const to = await gateAddress(url.hostname, settings);
    const { address } = to;
    const port = to.port ?? Number(url.port || 80);
    remember(address, port);
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = httpRequest({
      host: address,
      port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
    });
    upstream.setTimeout(idleMs, () => upstream.destroy());
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  const tunnel = async (req: IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(req.url ?? '');
    if (!match?.[1] || !match[2]) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    let address: string;
    let port: number;
    try {
      const to = await gateAddress(match[1], settings);
      address = to.address;
      port = to.port ?? Number(match[2]);
    } catch {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    remember(address, port);
    const upstream = connect({ host: address, port });
    sockets.add(upstream);
    upstream.setTimeout(idleMs, () => upstream.destroy());
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    client.on('close', () => upstream.destroy());
  };

  const server: Server = createServer((req, res) => {
    forward(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(403).end();
      else res.destroy();
    });
  });
  server.on('connect', (req, client, head) => void tunnel(req, client, head));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.maxConnections = 512;
  server.keepAliveTimeout = idleMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    contacted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
