// Every network contact of a probe run goes through here: names are resolved with the run's
// resolver (never the system's lookup), each address is checked against the scope before any
// connection, and connections are bounded in concurrency and in rate. The connection then goes to
// the checked address (no second lookup), with the name as TLS server name and HTTP Host; or, when
// the run's connect_to maps that host and port (connect-to.ts), to the mapped address, checked by
// the same rules (the scope and the private/loopback ones) before anything is sent.
import { Resolver } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, connect as tcpConnect } from 'node:net';
import {
  type ConnectionOptions,
  createSecureContext,
  rootCertificates,
  type SecureContext,
  type TLSSocket,
  connect as tlsConnect,
} from 'node:tls';
import { type Endpoint, mappedEndpoint } from './connect-to.js';
import type { ProbeScope } from './probe-scope.js';
import type { ProbeSettings } from './probe-settings.js';

/** A contact the scope refused: the target is not probed (never retried). */
export class OutOfScope extends Error {}

/** At most `concurrency` at once, and at most `rate` starts per second. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;

  constructor(
    private readonly concurrency: number,
    private readonly rate: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      const now = Date.now();
      const start = Math.max(now, this.nextStart);
      this.nextStart = start + 1000 / this.rate;
      if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first 64 KiB of the body. */
  body: string;
}

export interface TlsAnswer {
  socket: TLSSocket;
}

const BODY_LIMIT = 64 * 1024;

/** What connecting to a port where nothing listens gives (connect_to maps it to null). */
const refusedConnection = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

export class ProbeNet {
  readonly resolver: Resolver;
  private readonly limiter: Limiter;
  private readonly addresses = new Map<string, Promise<string[]>>();
  private readonly trusted: string[] | undefined;
  /**
   * One TLS context per handshake's options, made once: with a CA of its own, a handshake's `ca`
   * (Node's roots and that CA) was parsed again for every connection, 2.4 s of CPU in a demo run.
   */
  private readonly contexts = new Map<string, SecureContext>();

  constructor(
    readonly scope: ProbeScope,
    readonly settings: ProbeSettings,
  ) {
    this.resolver = new Resolver({ timeout: settings.timeoutMs, tries: 2 });
    if (settings.resolver) this.resolver.setServers([settings.resolver]);
    this.limiter = new Limiter(settings.concurrency, settings.ratePerSecond);
    this.trusted = settings.ca ? [...rootCertificates, settings.ca] : undefined;
  }

  /** A name's IPv4 then IPv6 addresses (empty when it has none), once per run. */
  addressesOf(host: string): Promise<string[]> {
    let found = this.addresses.get(host);
    if (!found) {
      const none = () => [] as string[];
      found = Promise.all([this.resolver.resolve4(host).catch(none), this.resolver.resolve6(host).catch(none)]).then(
        ([v4, v6]) => [...v4, ...v6],
      );
      this.addresses.set(host, found);
    }
    return found;
  }

  /** The checked address to contact `target` (a name or an IP) at; throws OutOfScope otherwise. */
  async addressFor(target: string): Promise<string> {
    if (!this.scope.targetInScope(target)) throw new OutOfScope(`${target} is outside the scope.`);
    const addresses = isIP(target) ? [target] : await this.addressesOf(target);
    const first = addresses[0];
    if (!first) throw new OutOfScope(`${target} has no address.`);
    for (const address of addresses) {
      const refused = this.scope.refuseAddress(address);
      if (refused) throw new OutOfScope(refused);
    }
    return first;
  }

  /**
   * Where to connect for `target:port`: the checked address, or what connect_to maps it to once
   * that address passes the same check; null when connect_to says nothing listens there.
   */
  async endpointFor(target: string, port: number): Promise<Endpoint | null> {
    const address = await this.addressFor(target);
    let mapped: Endpoint | null | undefined;
    try {
      mapped = mappedEndpoint(this.settings.connectTo, target, port);
    } catch (error) {
      throw new OutOfScope((error as Error).message);
    }
    if (mapped === undefined) return { host: address, port };
    if (mapped === null) return null;
    const refused = this.scope.refuseAddress(mapped.host);
    if (refused) throw new OutOfScope(refused);
    return mapped;
  }

  /** Whether a TCP port of the target accepts a connection within the timeout. */
  async portOpen(target: string, port: number): Promise<boolean> {
    const endpoint = await this.endpointFor(target, port);
    if (!endpoint) return false;
    return this.limiter.run(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = tcpConnect({ ...endpoint, timeout: this.settings.timeoutMs });
          const done = (open: boolean) => {
            socket.destroy();
            resolve(open);
          };
          socket.once('connect', () => done(true));
          socket.once('timeout', () => done(false));
          socket.once('error', () => done(false));
        }),
    );
  }

  /** The TLS context with the trusted CAs and `options` (versions, ciphers), made on first use. */
  private contextFor(options: Pick<ConnectionOptions, 'minVersion' | 'maxVersion' | 'ciphers'>): SecureContext {
    const key = JSON.stringify([options.minVersion, options.maxVersion, options.ciphers]);
    let context = this.contexts.get(key);
    if (!context) {
      context = createSecureContext({ ca: this.trusted, ...options });
      this.contexts.set(key, context);
    }
    return context;
  }

  /** A TLS handshake; `inspect` reads the socket before it closes. Rejects on a failed handshake. */
  async handshake<T>(
    target: string,
    port: number,
    options: Pick<ConnectionOptions, 'minVersion' | 'maxVersion' | 'ciphers'>,
    inspect: (socket: TLSSocket) => T,
  ): Promise<T> {
    const endpoint = await this.endpointFor(target, port);
    if (!endpoint) throw refusedConnection();
    return this.limiter.run(
      () =>
        new Promise<T>((resolve, reject) => {
          const socket = tlsConnect({
            ...endpoint,
            ...(isIP(target) ? {} : { servername: target }),
            rejectUnauthorized: false,
            ...options,
            ...(this.trusted ? { secureContext: this.contextFor(options) } : {}),
          });
          socket.setTimeout(this.settings.timeoutMs, () => socket.destroy(new Error('timed out')));
          socket.once('secureConnect', () => {
            try {
              resolve(inspect(socket));
            } catch (error) {
              reject(error);
            } finally {
              socket.destroy();
            }
          });
          socket.once('error', reject);
        }),
    );
  }

  /** One GET (no redirect followed): status, headers and the start of the body. */
  async get(url: URL): Promise<HttpAnswer> {
    const target = url.hostname.replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'https:';
    const endpoint = await this.endpointFor(target, url.port === '' ? (secure ? 443 : 80) : Number(url.port));
    if (!endpoint) throw refusedConnection();
    const send = secure ? httpsRequest : httpRequest;
    return this.limiter.run(
      () =>
        new Promise<HttpAnswer>((resolve, reject) => {
          const req = send({
            ...endpoint,
            path: `${url.pathname}${url.search}`,
            method: 'GET',
            headers: { host: url.host, 'user-agent': 'Vigil attack-surface probe', accept: 'text/html,*/*' },
            timeout: this.settings.timeoutMs,
            agent: false,
            ...(secure ? { servername: isIP(target) ? undefined : target, rejectUnauthorized: false } : {}),
          });
          req.once('timeout', () => req.destroy(new Error('timed out')));
          req.once('error', reject);
          req.once('response', (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              if (size < BODY_LIMIT) chunks.push(chunk);
              size += chunk.length;
              if (size >= BODY_LIMIT) response.destroy();
            });
            const end = () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).subarray(0, BODY_LIMIT).toString('utf8'),
              });
            response.once('end', end);
            response.once('close', end);
            response.once('error', end);
          });
          req.end();
        }),
    );
  }
}
