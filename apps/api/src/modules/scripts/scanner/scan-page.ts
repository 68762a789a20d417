// One page in one fresh browser context: load it as a consumer's browser would, walk its steps,
// and gather what scan-result.ts turns into the ScanResult. Everything gathered is bounded (script
// count and bytes, requests, page reports); the caller closes the context when the time is up.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Frame, Page, Response } from 'playwright-core';
import { instrumentScript, PAGE_REPORT_LIMIT, PAGE_TEXT_BUDGET } from './page-instrument.js';
import { type ScanRequest, type ScanResult, type ScanStep, SECURITY_HEADERS } from './scan.types.js';
import { withoutFragment } from './scan-attribution.js';
import {
  assembleResult,
  capped,
  type ExternalScript,
  type NetworkRequest,
  type Observations,
  type PageReport,
  type ResultLimits,
  sha256,
} from './scan-result.js';

export interface PageLimits extends ResultLimits {
  timeoutMs: number;
  /** Checks a URL before the page is sent there (the first one and each `goto` step). */
  checkTarget: (url: string) => Promise<void>;
  /** Network events kept per page. */
  maxRequests: number;
}

const EXECUTED_INLINE =
  'script:not([src]):not([type]), script:not([src])[type=""], script:not([src])[type="module"], script:not([src])[type="text/javascript" i], script:not([src])[type="application/javascript" i]';

const absolute = (url: string, base: string) => {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
};

/** Characters of the page's HTML searched for its inline scripts' lines. */
const MAX_HTML_CHARS = 5 * 1024 * 1024;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A page report as the instrumentation sends it, checked: its key, then each field (the page may forge one). */
export function checked(raw: unknown, key: string, frameUrl: string): PageReport | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (r.key !== key) return undefined;
  const stack = text(r.stack, 6000);
  if (r.t === 'read' && (r.field === 'card' || r.field === 'personal'))
    return { t: 'read', field: r.field, stack, frameUrl };
  if (r.t === 'insert') {
    return {
      t: 'insert',
      src: text(r.src, 4000),
      integrity: r.integrity === true,
      text: text(r.text, PAGE_TEXT_BUDGET),
      stack,
      frameUrl,
    };
  }
  if (r.t === 'send' && (r.kind === 'image' || r.kind === 'form'))
    return { t: 'send', kind: r.kind, url: text(r.url, 2000), stack, frameUrl };
  return undefined;
}

async function runStep(page: Page, step: ScanStep, timeout: number, limits: PageLimits): Promise<void> {
  if (step.action === 'click') await page.click(step.selector, { timeout });
  else if (step.action === 'fill') await page.fill(step.selector, step.value, { timeout });
  else if (step.action === 'goto') {
    // A file:, data: or chrome: URL would not pass through the proxy: the same check as the page's.
    await limits.checkTarget(step.url);
    await page.goto(step.url, { timeout, waitUntil: 'load' });
  } else await page.waitForTimeout(Math.min(step.ms, timeout));
}

async function inlineTextsOf(frames: Frame[]): Promise<string[]> {
  const texts = await Promise.all(
    frames.map((f) =>
      f
        .locator(EXECUTED_INLINE)
        .allTextContents()
        .catch(() => []),
    ),
  );
  return texts.flat();
}

async function sriUrlsOf(frames: Frame[]): Promise<string[]> {
  const urls: string[] = [];
  for (const frame of frames) {
    const sources = await frame
      .locator('script[src][integrity]')
      .evaluateAll((elements) => elements.slice(0, 300).map((e) => (e as unknown as { src: string }).src))
      .catch(() => [] as string[]);
    urls.push(...sources);
  }
  return urls;
}

export async function scanPage(context: BrowserContext, request: ScanRequest, limits: PageLimits): Promise<ScanResult> {
  const started = Date.now();
  const remaining = () => Math.max(1, limits.timeoutMs - (Date.now() - started));
  const page = await context.newPage();
  const reports: PageReport[] = [];
  const binding = `__vigil_${randomBytes(8).toString('hex')}`;
  const key = randomBytes(16).toString('hex');
  await page.exposeBinding(binding, (source, raw: unknown) => {
    const report =
      reports.length < PAGE_REPORT_LIMIT * 4 ? checked(raw, key, withoutFragment(source.frame.url())) : undefined;
    if (report) reports.push(report);
  });
  await page.addInitScript({ content: instrumentScript(binding, key) });

  const requests: NetworkRequest[] = [];
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  devtools.on('Network.requestWillBeSent', (e) => {
    if (requests.length < limits.maxRequests) {
      requests.push({ url: e.request.url, type: e.type ?? 'Other', method: e.request.method, initiator: e.initiator });
    }
  });
  devtools.on('Network.webSocketCreated', (e) => {
    if (requests.length < limits.maxRequests)
      requests.push({ url: e.url, type: 'WebSocket', method: 'GET', initiator: e.initiator });
  });

  const externals: Promise<ExternalScript | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || externals.length >= limits.maxScripts) return;
    externals.push(readScript(response, limits.maxContentBytes));
  });

  const response = await page.goto(request.url, { timeout: remaining(), waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: Math.min(remaining(), 3000) }).catch(() => undefined);
  // The page as loaded, before a step may leave it; and again at the end (steps may add scripts).
  const loaded = { inline: await inlineTextsOf(page.frames()), sri: await sriUrlsOf(page.frames()) };
  for (const step of request.steps) await runStep(page, step, remaining(), limits);
  if (request.steps.length > 0) {
    await page.waitForLoadState('networkidle', { timeout: Math.min(remaining(), 2000) }).catch(() => undefined);
  }
  const frames = page.frames();
  const headers = response ? await response.allHeaders() : {};
  const seen: Observations = {
    documentUrl: withoutFragment(response?.url() ?? request.url),
    html: response ? (await response.text().catch(() => '')).slice(0, MAX_HTML_CHARS) : '',
    externals: (await Promise.all(externals)).filter((e): e is ExternalScript => e !== undefined),
    inlineTexts: [...loaded.inline, ...(await inlineTextsOf(frames))],
    sriUrls: [
      ...loaded.sri,
      ...(await sriUrlsOf(frames)),
      ...reports.flatMap((r) => (r.t === 'insert' && r.integrity ? [absolute(r.src, r.frameUrl)] : [])),
    ],
    requests,
    reports,
  };
  const { scripts, connections } = assembleResult(request, seen, limits);
  return {
    finalUrl: page.url(),
    status: response?.status() ?? null,
    headers: Object.fromEntries(SECURITY_HEADERS.flatMap((h) => (headers[h] === undefined ? [] : [[h, headers[h]]]))),
    scripts,
    connections,
    durationMs: Date.now() - started,
  };
}

async function readScript(response: Response, maxContentBytes: number): Promise<ExternalScript | undefined> {
  if (response.status() < 200 || response.status() >= 300) return undefined;
  try {
    const body = await response.body();
    return {
      url: response.url(),
      sha256: sha256(body),
      size: body.length,
      content: capped(body, maxContentBytes),
    };
  } catch {
    return undefined;
  }
}
