import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, monitoringScreens, openSignedIn, signIn, test } from './support/fixtures.ts';

// Issue 14: at 375 px the page title broke inside a word ("Vulnerabilida-/des" without a hyphen).
// Runs in the mobile project (375×812).

const titleOf: Record<string, string> = {
  '/dashboard': 'dashboard',
  '/credentials': 'credentials',
  '/credentials?tab=devices': 'credentials',
  '/cvemonitor': 'cve-monitor',
  '/vulnerabilities': 'vulnerabilities',
};

function titles(language: string): Record<string, string> {
  const messages = JSON.parse(readFileSync(new URL(`../public/locales/${language}.json`, import.meta.url), 'utf8'));
  return Object.fromEntries(Object.entries(titleOf).map(([path, id]) => [path, messages.screens[id].title]));
}

/** The words of the page's h1 that its lines split, and whether the page scrolls sideways. */
function measure(page: Page) {
  return page.getByRole('heading', { level: 1 }).evaluate((h1) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(word[0]);
      }
    }
    const root = document.documentElement;
    // What sticks out on the right (the first element of each branch), to say what to fix.
    const wide: string[] = [];
    const visit = (element: Element) => {
      if (element.getBoundingClientRect().right > root.clientWidth + 0.5) {
        wide.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
        return;
      }
      // A scrolling area (a wide table) keeps its content inside.
      if (getComputedStyle(element).overflowX !== 'visible') return;
      for (const child of element.children) visit(child);
    };
    visit(document.body);
    return {
      split,
      titleOverflows: h1.scrollWidth > h1.clientWidth,
      pageOverflows: root.scrollWidth > root.clientWidth ? wide : [],
    };
  });
}

test('monitoring titles wrap between words only and nothing scrolls sideways, in en and pt-br', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'mobile', 'the 375 px layout');
  await signIn(page);
  try {
    for (const [language, tag] of [
      ['en', 'en'],
      ['pt-br', 'pt-BR'],
    ] as const) {
      const expected = titles(language);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/switch-language'));
      await page.getByTestId('language-select').selectOption(language);
      expect((await answer).status()).toBe(200);
      // The app has taken the answer (and stored the user's language) before the pages reload.
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      for (const [path] of monitoringScreens) {
        await page.goto(path);
        const title = expected[path] ?? '';
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        // The header's actions (the demo badge last) have arrived: the title has its final width.
        await expect(page.getByTestId('demo-badge')).toBeVisible();
        expect(await measure(page), `${language} ${path}`).toEqual({
          split: [],
          titleOverflows: false,
          pageOverflows: [],
        });
      }
    }
  } finally {
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
});

test("the dashboard's first load moves nothing once painted: the demo badge and the KPIs arrive in held space", async ({
  page,
}) => {
  // Issue 35: the demo badge arrived after the first paint on a new line of the header and pushed the
  // KPIs and the charts down 40 px on a phone (Lighthouse's layout shift 0.045).
  await openSignedIn(page, '/dashboard');
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  // The figures have replaced the skeletons.
  await expect(page.getByTestId('kpi-strip').locator('.chakra-skeleton')).toHaveCount(0);
  // The trend's first frame (the timeline is below a phone's fold and renders when scrolled to).
  await expect(page.locator('[data-static-chart]').first()).toBeVisible();
  const shifts = await page.evaluate(
    () =>
      new Promise<Array<{ value: number; nodes: string[] }>>((resolve) => {
        const seen: Array<{ value: number; nodes: string[] }> = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
          >) {
            if (!entry.hadRecentInput)
              seen.push({
                value: entry.value,
                nodes: (entry.sources ?? []).map((s) => (s.node?.textContent ?? '').slice(0, 60)),
              });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 200);
      }),
  );
  expect(
    shifts.reduce((sum, shift) => sum + shift.value, 0),
    JSON.stringify(shifts),
  ).toBeLessThan(0.01);
});
