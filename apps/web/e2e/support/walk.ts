import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * The checks of the screen walk (walk.monitoring.spec.ts, issue 33): what a user must never see on
 * any screen in any language — a raw message key, a raw enum value — and, at 1440 px, a table whose
 * first column is cut off or that needs a sideways scroll.
 */

const readJson = (relative: string) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));

const english = readJson('../../public/locales/en.json') as Record<string, unknown>;

/** The locale files' top-level namespaces: `archives.source` on screen starts with one of them. */
const namespaces = new Set(Object.keys(english));

/** Every string value the contract declares in an `enum` (openapi.bundle.json). */
function contractEnums(): Set<string> {
  const values = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node && typeof node === 'object') {
      const { enum: choices } = node as { enum?: unknown };
      if (Array.isArray(choices)) for (const c of choices) if (typeof c === 'string') values.add(c);
      for (const value of Object.values(node)) visit(value);
    }
  };
  visit(readJson('../../../../openapi/openapi.bundle.json'));
  return values;
}

const enums = contractEnums();
/** Lower-case enum values (`new`, `in_review`, `breach`): shown alone, they are the server's value, not a word. */
const wordEnums = new Set([...enums].filter((value) => /^[a-z][a-z0-9_]*$/.test(value)));
/** snake_case enum values (`in_review`, `risk_accepted`): never a word of a sentence either. */
const snakeEnums = new Set([...wordEnums].filter((value) => value.includes('_')));

/** Every message of a language: a brand the translation keeps as it is (`urlscan`) is not raw. */
const messageSets = new Map<string, Set<string>>();
function messagesOf(language: string): Set<string> {
  const known = messageSets.get(language);
  if (known) return known;
  const values = new Set<string>();
  messageSets.set(language, values);
  const visit = (node: unknown): void => {
    if (typeof node === 'string') values.add(node);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) visit(value);
  };
  visit(readJson(`../../public/locales/${language}.json`));
  return values;
}

// A dotted word whose first part is a namespace (`archives.source`, `screens.report.title`).
const keyPattern = /(?<![\w@/.-])([a-z][a-zA-Z0-9]*)((?:\.[a-zA-Z0-9_-]+)+)(?![\w@/-]|\.\w)/g;
// A snake_case word on its own (not part of a path, an address, a query or a file name).
const snakePattern = /(?<![\w@/.:=?&-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w@/=&-]|\.\w)/g;

/** What the page shows: visible text nodes and the accessible words of visible elements, each with its element's markup (cut). */
export function visibleWords(page: Page): Promise<Array<[string, string]>> {
  return page.evaluate(() => {
    // Code, file contents and anything marked untranslatable are data, shown as they are.
    const raw = 'code, pre, kbd, samp, script, style, [translate="no"], input, textarea';
    const seen: Array<[string, string]> = [];
    const markup = (element: Element) => element.outerHTML.slice(0, 120);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(raw)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      seen.push([text, markup(parent)]);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (element.closest(raw.replace(', input, textarea', ''))) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) seen.push([value, markup(element)]);
      }
    }
    return seen;
  });
}

/**
 * Raw message keys and raw enum values among the page's words in `language`. Data (a user name
 * like `combo_bot`, a CPE product) may be snake_case: only the contract's enum values count.
 */
export function untranslated(words: Array<[string, string]>, language: string): string[] {
  const messages = messagesOf(language);
  const found = new Set<string>();
  for (const [text, where] of words) {
    for (const match of text.matchAll(keyPattern)) {
      if (namespaces.has(match[1] ?? '')) found.add(`raw key "${match[0]}" in ${where}`);
    }
    for (const [token] of text.matchAll(snakePattern)) {
      if (snakeEnums.has(token)) found.add(`raw value "${token}" in ${where}`);
    }
    // A word standing alone (a badge, a cell) that is exactly a lower-case enum value.
    if (wordEnums.has(text) && !messages.has(text)) found.add(`raw value "${text}" shown alone in ${where}`);
  }
  return [...found];
}

/**
 * At the current width: each visible table in the main area whose first column is cut off by its
 * scrolling box, or that needs a sideways scroll to be read.
 */
export function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const table of document.querySelectorAll('main table')) {
      if (!table.checkVisibility()) continue;
      let box: Element | null = table.parentElement;
      while (box && box.tagName !== 'MAIN' && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (!box) continue;
      const name = (table.querySelector('th')?.textContent ?? table.getAttribute('aria-label') ?? '').trim();
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push(`table "${name}" needs a sideways scroll (${box.scrollWidth} px in ${box.clientWidth} px)`);
      }
      const first = table.querySelector('tr > :first-child');
      if (first) {
        const cell = first.getBoundingClientRect();
        const visible = box.getBoundingClientRect();
        if (cell.left < visible.left - 1 || cell.right > visible.right + 1) {
          problems.push(`table "${name}": its first column is cut off`);
        }
      }
    }
    return problems;
  });
}

const busy = '[aria-busy="true"], .chakra-spinner, .chakra-skeleton, [data-loading]';

/** Counts the page's API requests still on their way (a screen is loaded when none are). */
export function trackRequests(page: Page): { pending: () => number } {
  const open = new Set<unknown>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return { pending: () => open.size };
}

/**
 * Waits for the screen's data: its title, then no API request on its way and nothing busy
 * (spinners, skeletons), twice in a row; content that renders when scrolled near (WhenVisible) is
 * scrolled to and waited for too.
 */
export async function settle(page: Page, requests: { pending: () => number }): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const quiet = async () => {
    let calm = 0;
    await expect
      .poll(
        async () => {
          const idle = requests.pending() === 0 && (await page.locator(busy).filter({ visible: true }).count()) === 0;
          calm = idle ? calm + 1 : 0;
          return calm >= 2;
        },
        { timeout: 20_000, intervals: [100] },
      )
      .toBe(true);
  };
  await quiet();
  let height = 0;
  for (let step = 0; step < 4; step += 1) {
    const now = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      root.scrollTo(0, root.scrollHeight);
      return root.scrollHeight;
    });
    if (now === height) break;
    height = now;
    await quiet();
  }
  await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollTo(0, 0));
}
