// One page captured in a fresh browser context for the store dork search: loaded as a consumer's
// browser would, given a moment to settle, then its first screen as PNG (cropped, then dropped, when
// larger than the cap), its title, visible text, element names and the URLs it requested, each
// capped (capture.types.ts). The caller (ChromiumScanner.capture) owns the context and the time-out.
import type { BrowserContext } from 'playwright-core';
import { CAPTURE_LIMITS, type PageCapture } from './capture.types.js';
import type { PageLimits } from './scan-page.js';

export interface CaptureLimits extends Pick<PageLimits, 'timeoutMs' | 'checkTarget'> {
  maxScreenshotBytes: number;
}

const hostOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : null;
  } catch {
    return null;
  }
};

/** Run in the page (a string: the server's TypeScript has no DOM types): its visible text and element names. */
const PROFILE_SCRIPT = `(() => {
  const all = document.getElementsByTagName('*');
  const tags = [];
  for (let i = 0; i < all.length && tags.length < ${CAPTURE_LIMITS.maxTags}; i += 1) tags.push(all[i].localName);
  return { text: String(document.body ? document.body.innerText : '').slice(0, ${CAPTURE_LIMITS.maxTextChars}), tags };
})()`;

export async function capturePage(context: BrowserContext, url: string, limits: CaptureLimits): Promise<PageCapture> {
  const started = Date.now();
  const remaining = () => Math.max(1, limits.timeoutMs - (Date.now() - started));
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => {
    if (urls.length < CAPTURE_LIMITS.maxUrls) urls.push(request.url());
  });
  const response = await page.goto(url, { timeout: remaining(), waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: Math.min(remaining(), 3000) }).catch(() => undefined);
  // The page runs first and may have replaced what the script calls: keep only strings, capped.
  const raw = (await page.evaluate(PROFILE_SCRIPT).catch(() => null)) as { text?: unknown; tags?: unknown } | null;
  const seen = {
    text: typeof raw?.text === 'string' ? raw.text.slice(0, CAPTURE_LIMITS.maxTextChars) : '',
    tags: (Array.isArray(raw?.tags) ? raw.tags : [])
      .slice(0, CAPTURE_LIMITS.maxTags)
      .filter((tag): tag is string => typeof tag === 'string')
      .map((tag) => tag.slice(0, 40)),
  };
  const finalUrl = page.url();
  const own = hostOf(finalUrl);
  const assetHosts = [...new Set(urls.map(hostOf).filter((h): h is string => h !== null && h !== own))].sort();
  const html = response ? (await response.text().catch(() => '')).slice(0, CAPTURE_LIMITS.maxHtmlChars) : '';
  let screenshot: Buffer | null = await page.screenshot({ type: 'png', timeout: remaining() });
  if (screenshot.length > limits.maxScreenshotBytes) {
    screenshot = await page.screenshot({
      type: 'png',
      clip: { x: 0, y: 0, width: 800, height: 450 },
      timeout: remaining(),
    });
    if (screenshot.length > limits.maxScreenshotBytes) screenshot = null;
  }
  return {
    finalUrl,
    status: response?.status() ?? null,
    title: (await page.title().catch(() => '')).slice(0, CAPTURE_LIMITS.maxTitleChars),
    html,
    urls: urls.filter((u) => u !== finalUrl && u !== url),
    profile: { text: seen.text, tags: seen.tags, assetHosts },
    screenshot,
  };
}
