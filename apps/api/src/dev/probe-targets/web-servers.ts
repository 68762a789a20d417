// The web and service targets of the probes' tests and demo: HTTPS (and plain HTTP) servers on a
// loopback address and a port of their own, each playing one kind of site, and bare TCP listeners
// standing for a service (a database port left open). Each counts the connections it accepted (the scope tests read it).
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Server } from 'node:net';
import type { KeyAndCertificate } from './certificates.js';

/**
 * hardened: every security header; bare: none, a version in Server and an admin panel at /admin/;
 * login: a sign-in form at / without HSTS; redirect: plain HTTP sending everyone to HTTPS.
 */
export type SiteKind = 'hardened' | 'bare' | 'login' | 'redirect';

export interface Listener {
  host: string;
  port: number;
  /** Connections accepted so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

const hardenedHeaders = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'x-content-type-options': 'nosniff',
};

const page = (title: string, body = '') =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
const signInForm =
  '<form method="post" action="/login"><input name="user"><input type="password" name="password"><button>Sign in</button></form>';

function site(kind: SiteKind, host: string) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const html = (status: number, headers: Record<string, string>, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      response.end(body);
    };
    if (kind === 'redirect') {
      response.writeHead(301, { location: `https://${request.headers.host ?? host}${path}` });
      response.end();
      return;
    }
    if (kind === 'hardened') {
      if (path === '/') html(200, { server: 'nginx', ...hardenedHeaders }, page(`Welcome to ${host}`));
      else html(404, hardenedHeaders, page('Not found'));
      return;
    }
    if (kind === 'login') {
      const { 'strict-transport-security': _hsts, ...others } = hardenedHeaders;
      if (path === '/' || path === '/login') html(200, { server: 'nginx', ...others }, page('Sign in', signInForm));
      else html(404, others, page('Not found'));
      return;
    }
    if (path === '/') html(200, { server: 'Apache/2.4.41 (Ubuntu)' }, page(`${host} shop`));
    else if (path === '/admin/' || path === '/admin')
      html(200, { server: 'Apache/2.4.41 (Ubuntu)' }, page('Admin login', signInForm));
    else html(404, { server: 'Apache/2.4.41 (Ubuntu)' }, page('Not found'));
  };
}

async function listen(server: Server, host: string, port: number): Promise<Listener> {
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    host,
    port: typeof address === 'object' && address ? address.port : port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** Forward-secret AEAD suites only (TLS 1.2; TLS 1.3 suites are all of that kind). */
const MODERN_SUITES = 'ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-CHACHA20-POLY1305';

export interface TlsSettings extends KeyAndCertificate {
  /** Also accept TLS 1.0 and 1.1 and a suite without forward secrecy (an outdated server). */
  outdated?: boolean;
}

/** An HTTPS site of one kind on `host:port` (port 0: any free port). */
export function startHttpsSite(kind: SiteKind, host: string, port: number, tls: TlsSettings): Promise<Listener> {
  const server = createHttpsServer(
    {
      key: tls.key,
      cert: tls.cert,
      ...(tls.outdated
        ? { minVersion: 'TLSv1' as const, ciphers: 'DEFAULT:AES128-SHA@SECLEVEL=0' }
        : { ciphers: MODERN_SUITES }),
    },
    site(kind, host),
  );
  return listen(server, host, port);
}

/** A plain HTTP site of one kind (usually `redirect`). */
export function startHttpSite(kind: SiteKind, host: string, port: number): Promise<Listener> {
  return listen(createHttpServer(site(kind, host)), host, port);
}

/** A TCP port that accepts and closes at once (an exposed database, as far as a connect can tell). */
export function startTcpService(host: string, port: number): Promise<Listener> {
  return listen(
    createTcpServer((socket) => socket.end()),
    host,
    port,
  );
}
