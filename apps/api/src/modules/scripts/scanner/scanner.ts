// The scanner: one headless Chromium per process (Debian's, SCAN_CHROMIUM_PATH), launched on the
// first scan, reused, launched again when it crashed; each page in a fresh browser context (no
// cookie, storage or cache shared between pages or companies); up to SCAN_CONCURRENCY pages at once;
// each page stopped after SCAN_TIMEOUT_MS; closed after a minute without pages. Every connection of the browser goes through the scan
// proxy's gate (scan-proxy.ts). Memory is bounded by a V8 heap cap per renderer and by the caps on
// what one page may make the scanner keep (scan-page.ts). See docs/decisions/0021.
import type { Browser, BrowserContext } from 'playwright-core';
import type { ScanConfig } from '../../../config/env.js';
import { ChromiumUnavailable, launchChromium, playwrightReason as reason } from '../../../shared/chromium.js';
import { CAPTURE_LIMITS, type PageCapture, type PageCapturer } from './capture.types.js';
import { capturePage } from './capture-page.js';
import type { ScanRequest, ScanResult } from './scan.types.js';
import { type PageLimits, scanPage } from './scan-page.js';
import { gateAddress, type ScanProxy, ScanRefused, startScanProxy } from './scan-proxy.js';

export { ScanRefused } from './scan-proxy.js';

export interface Scanner {
  scan(request: ScanRequest, signal?: AbortSignal): Promise<ScanResult>;
  close(): Promise<void>;
}

/** The scanner cannot run at all (no Chromium): the message says what to install. */
export class ScannerUnavailable extends Error {}
/** The page could not be scanned (time-out, network error, a step that failed): the message says why. */
export class ScanFailed extends Error {}

export const SCAN_LIMITS = {
  maxScripts: 300,
  maxConnections: 500,
  maxRequests: 5000,
  /** Bytes of one script's content kept (rules run over it); its hash covers all of it. */
  maxContentBytes: 2 * 1024 * 1024,
  /** V8 heap of one renderer, MiB. */
  rendererHeapMb: 256,
  /** The browser closes after this long without a page to scan (launched again by the next). */
  idleCloseMs: 60_000,
};

/** A semaphore: at most `size` callers inside at once, the others in arrival order. */
class Slots {
  private busy = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.busy >= this.size) await new Promise<void>((wake) => this.queue.push(wake));
    this.busy += 1;
    try {
      return await work();
    } finally {
      this.busy -= 1;
      this.queue.shift()?.();
    }
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

export class ChromiumScanner implements Scanner, PageCapturer {
  private browser: Promise<Browser> | undefined;
  private proxy: Promise<ScanProxy> | undefined;
  private readonly slots: Slots;
  closed = false;
  /** How many times a browser was launched (tests). */
  launches = 0;
  private scanning = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(readonly config: ScanConfig) {
    this.slots = new Slots(config.concurrency);
  }

  private gate() {
    return {
      privateTargets: this.config.privateTargets,
      hostMap: this.config.hostMap,
      mappedOnly: this.config.mappedOnly,
    };
  }

  /** The scan proxy (tests read what it contacted). */
  proxyNow(): Promise<ScanProxy> {
    this.proxy ??= startScanProxy(this.gate(), this.config.timeoutMs);
    return this.proxy;
  }

  private async launch(): Promise<Browser> {
    const proxy = await this.proxyNow();
    this.launches += 1;
    const browser = await launchChromium(this.config.chromiumPath, [
      `--proxy-server=${proxy.url}`,
      '--proxy-bypass-list=<-loopback>',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--webrtc-ip-handling-policy=disable_non_proxied_udp',
      `--js-flags=--max-old-space-size=${SCAN_LIMITS.rendererHeapMb}`,
      '--disable-features=IsolateOrigins,site-per-process',
    ]).catch((error: unknown) => {
      throw error instanceof ChromiumUnavailable ? new ScannerUnavailable(error.message) : error;
    });
    browser.on('disconnected', () => {
      this.browser = undefined;
    });
    return browser;
  }

  private async browserNow(): Promise<Browser> {
    if (this.closed) throw new ScannerUnavailable('The scanner was closed.');
    const current = this.browser ?? this.launch();
    this.browser = current;
    try {
      const browser = await current;
      if (browser.isConnected()) return browser;
    } catch (error) {
      this.browser = undefined;
      throw error;
    }
    this.browser = undefined;
    return this.browserNow();
  }

  /** The page's own address must be allowed before anything is loaded. */
  private async checkTarget(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ScanRefused('Not a URL.');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new ScanRefused('Only http and https pages are scanned.');
    try {
      await gateAddress(parsed.hostname, this.gate());
    } catch (error) {
      throw error instanceof ScanRefused ? error : new ScanRefused(`${parsed.hostname} could not be resolved.`);
    }
  }

  /** Between scans the browser stays up for a while, then closes (no idle Chromium in the worker). */
  private async tracked<T>(work: () => Promise<T>): Promise<T> {
    clearTimeout(this.idleTimer);
    this.scanning += 1;
    try {
      return await work();
    } finally {
      this.scanning -= 1;
      if (this.scanning === 0) {
        this.idleTimer = setTimeout(() => void this.closeBrowser(), SCAN_LIMITS.idleCloseMs);
        this.idleTimer.unref();
      }
    }
  }

  private async closeBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }

  scan(request: ScanRequest, signal?: AbortSignal): Promise<ScanResult> {
    return this.tracked(() => this.scanNow(request, signal));
  }

  private scanNow(request: ScanRequest, signal?: AbortSignal): Promise<ScanResult> {
    return this.inContext(request.url, signal, (context, limits) => scanPage(context, request, limits));
  }

  capture(url: string, signal?: AbortSignal): Promise<PageCapture> {
    return this.tracked(() =>
      this.inContext(url, signal, (context, limits) =>
        capturePage(context, url, { ...limits, maxScreenshotBytes: CAPTURE_LIMITS.maxScreenshotBytes }),
      ),
    );
  }

  /** One page's work in a fresh browser context, within the time-out, its errors said plainly. */
  private inContext<T>(
    url: string,
    signal: AbortSignal | undefined,
    work: (context: BrowserContext, limits: PageLimits) => Promise<T>,
  ): Promise<T> {
    return this.slots.run(async () => {
      signal?.throwIfAborted();
      await this.checkTarget(url);
      const browser = await this.browserNow();
      const major = browser.version().split('.')[0] ?? '150';
      const context = await browser
        .newContext({
          // A consumer's desktop browser: a skimmer that hides from headless browsers still runs.
          userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
          viewport: { width: 1366, height: 768 },
          locale: 'en-US',
          serviceWorkers: 'block',
          acceptDownloads: false,
        })
        .catch((error: unknown) => {
          // The browser went away between the check and now (a crash): the next scan launches another.
          throw new ScanFailed(reason(error));
        });
      let timedOut = false;
      const stop = () => void context.close().catch(() => undefined);
      const timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, this.config.timeoutMs + 1000);
      signal?.addEventListener('abort', stop);
      const limits: PageLimits = {
        ...SCAN_LIMITS,
        timeoutMs: this.config.timeoutMs,
        checkTarget: (target) => this.checkTarget(target),
      };
      try {
        return await work(context, limits);
      } catch (error) {
        signal?.throwIfAborted();
        if (error instanceof ScanRefused) throw error;
        if (timedOut || /Timeout .*exceeded/.test(firstLine(error))) {
          throw new ScanFailed(`The page did not finish within ${this.config.timeoutMs} ms.`);
        }
        throw new ScanFailed(reason(error));
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        await context.close().catch(() => undefined);
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.closeBrowser();
    await (await this.proxy?.catch(() => undefined))?.close();
    this.proxy = undefined;
  }
}

const scanners = new Map<string, ChromiumScanner>();

/** The process's scanner for these settings: one browser, reused, launched on first use. */
export function getScanner(config: ScanConfig): Scanner & PageCapturer {
  const key = JSON.stringify(config);
  let scanner = scanners.get(key);
  if (!scanner || scanner.closed) {
    scanner = new ChromiumScanner(config);
    scanners.set(key, scanner);
  }
  return scanner;
}

/**
 * Closes every scanner of the process (tests; a stopping process need not: each browser ends with
 * the process that launched it, and an idle one closes itself).
 */
export async function closeScanners(): Promise<void> {
  const all = [...scanners.values()];
  scanners.clear();
  await Promise.all(all.map((s) => s.close()));
}
