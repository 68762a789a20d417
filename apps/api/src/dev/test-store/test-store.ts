// A local online store for the scanner's tests and the demo: one HTTP server on 127.0.0.1 that
// answers for many host names by the Host header (the store's own www and static hosts, an
// analytics vendor, a chat-widget vendor, an ad tracker, a skimmer's fake CDN and its collection
// host). The scanner reaches them through its host map (every name → 127.0.0.1:<port>), so first,
// third and fourth party are really different hosts while nothing leaves the machine.
// The test store (acme-shop.test) has its checkout page in variants; the demo store
// (acme-retail-store.test, demo-store.ts) has a product, a checkout and a payment page, the last one
// skimmed. `switches` change what is served between two scans.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { demoStore } from '../../demo/demo-store.js';
import { cloneHosts, cloneStoreAnswer } from './clone-store.js';
import { demoPage } from './demo-store.js';
import { baseScripts, GIF, securityHeaders, skimmerTag, storePage, VENDOR_HOSTS, widgetTag } from './store-pages.js';
import {
  analyticsScript,
  appScript,
  pixelScript,
  productScript,
  skimmerScript,
  widgetScript,
} from './store-scripts.js';

export { VENDOR_HOSTS } from './store-pages.js';

export const TEST_STORE_DOMAIN = 'acme-shop.test';
export const testStoreVariants = ['clean', 'skimmer', 'fourth-party', 'no-csp'] as const;
export type TestStoreVariant = (typeof testStoreVariants)[number];

export const testStoreUrl = (variant: TestStoreVariant, page = 'checkout') =>
  `http://www.${TEST_STORE_DOMAIN}/${variant}/${page}`;

export interface StoreSwitches {
  /** The analytics tag's version: changing it changes the script's bytes. */
  analyticsVersion: number;
  /** Whether pages send their Content-Security-Policy. */
  csp: boolean;
  /** The URL of one more script the test store's pages load (a test's own, e.g. an internal address). */
  extraScript?: string;
}

export interface TestStore {
  port: number;
  /** For the scanner's config (platform only): every host of the stores → 127.0.0.1:<port>. */
  hostMap: Record<string, string>;
  switches: StoreSwitches;
  /** What the collection host received (the skimmer's loot), oldest first. */
  collected: { path: string; body: string }[];
  /** Every request served, as `<host><path>`. */
  served: string[];
  close(): Promise<void>;
}

function testStorePage(variant: TestStoreVariant, extraScript: string | undefined): string {
  const extra = variant === 'skimmer' ? [skimmerTag] : variant === 'fourth-party' ? [widgetTag] : [];
  if (extraScript) extra.push(`<script src="${extraScript}"></script>`);
  return storePage('Acme Shop checkout', [...baseScripts(TEST_STORE_DOMAIN, 'checkout'), ...extra]);
}

type Answer = { status?: number; type: string; body: string | Buffer; headers?: Record<string, string> };

function answerFor(host: string, path: string, switches: StoreSwitches): Answer | undefined {
  const js = (body: string): Answer => ({ type: 'application/javascript', body });
  const page = (html: string, csp: boolean): Answer => ({
    type: 'text/html',
    body: html,
    headers: securityHeaders(csp),
  });
  if (host === `www.${TEST_STORE_DOMAIN}`) {
    const variant = testStoreVariants.find((v) => path === `/${v}/checkout`);
    if (variant) return page(testStorePage(variant, switches.extraScript), switches.csp && variant !== 'no-csp');
  }
  if (host === `www.${demoStore.domains[0]}`) {
    const html = demoPage(path);
    if (html) return page(html, switches.csp);
  }
  const clone = cloneStoreAnswer(host, path);
  if (clone) return clone;
  if (host.startsWith('www.') && path.startsWith('/api/')) return { type: 'application/json', body: '{"ok":true}' };
  if (host.startsWith('static.') && path === '/js/app.js') return js(appScript);
  if (host.startsWith('static.') && path === '/js/product.js') return js(productScript);
  if (host === VENDOR_HOSTS.analytics && path === '/analytics.js')
    return js(analyticsScript(switches.analyticsVersion));
  if (host === VENDOR_HOSTS.widget && path === '/widget.js') return js(widgetScript);
  if (host === VENDOR_HOSTS.tracker && path === '/pixel.js') return js(pixelScript);
  if (host === VENDOR_HOSTS.skimmer && path === '/jquery-3.7.1.min.js') return js(skimmerScript);
  if (path.endsWith('.gif')) return { type: 'image/gif', body: GIF };
  if (host === VENDOR_HOSTS.analytics || host === VENDOR_HOSTS.collect)
    return { status: 204, type: 'text/plain', body: '' };
  return undefined;
}

/** Every host name the stores answer for. */
export function storeHosts(): string[] {
  const stores = [TEST_STORE_DOMAIN, ...demoStore.domains];
  return [...stores.flatMap((d) => [`www.${d}`, `static.${d}`]), ...Object.values(VENDOR_HOSTS), ...cloneHosts];
}

export async function startTestStore(switches: Partial<StoreSwitches> = {}): Promise<TestStore> {
  const state: StoreSwitches = { analyticsVersion: 1, csp: true, ...switches };
  const collected: TestStore['collected'] = [];
  const served: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const url = new URL(req.url ?? '/', 'http://store');
    if (served.length < 10_000) served.push(`${host}${url.pathname}`);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 64 * 1024) chunks.push(chunk);
    });
    req.on('end', () => {
      if (host === VENDOR_HOSTS.collect && collected.length < 1000) {
        collected.push({ path: `${url.pathname}${url.search}`, body: Buffer.concat(chunks).toString('utf8') });
      }
      // A page that never finishes loading (the scanner's time-out).
      if (url.pathname === '/stall') return;
      const answer = answerFor(host, url.pathname, state);
      if (!answer) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.type,
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
        ...answer.headers,
      });
      res.end(answer.body);
    });
  });
  // The skimmer's WebSocket: refused, but the attempt was made (and recorded by the scanner).
  server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 404 Not Found\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    hostMap: Object.fromEntries(storeHosts().map((h) => [h, `127.0.0.1:${port}`])),
    switches: state,
    collected,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
