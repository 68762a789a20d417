import { appendFileSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { protectedScreens, type publicPaths } from '../src/config/paths.ts';
import { seriousViolations } from './support/axe.ts';
import { demoOwner, expect, signIn, test } from './support/fixtures.ts';
import { clippedTables, settle, trackRequests, untranslated, visibleWords } from './support/walk.ts';

// Issue 33: the class check for "words not translated" and "wide tables cut off". Every screen of
// the route table (signed in as the company's administrator, and the public ones signed out), in
// every language, at 1440×900 and at 375×812 (the same page resized, so each screen loads once per
// language): no raw message key, no raw enum value, no page or console error; at 1440 px no table
// cut off or scrolling sideways; axe finds nothing serious or critical. Axe runs once per screen and
// width: in en at 1440 px and in pt-br at 375 px (it is the slow part, 2–6 s a screen; contrast and
// names do not change with the words, and the longer Portuguese labels meet the narrow layout).
// Each language is its own test, so one run reports every language's findings.

const languages = [
  ['en', 'en'],
  ['pt-br', 'pt-BR'],
  ['pt', 'pt-PT'],
  ['es', 'es'],
  ['fr', 'fr'],
  ['de', 'de'],
] as const;
/** Where axe runs: the language checked at each width. */
const axeAt = { '1440': 'en', '375': 'pt-br' } as const;
const wide = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };

/** Public pages, with their parameters filled in (a token no one holds: the page says so). */
const publicWalk: Record<keyof typeof publicPaths, string> = {
  signin: '/signin',
  analytics: '/analytics',
  blank: '/blank',
  error404: '/error-404',
  error500: '/error-500',
  error503: '/error-503',
  maintenance: '/maintenance',
  comingSoon: '/coming-soon',
  twoStepVerification: '/two-step-verification',
  resetPassword: '/reset-password?token=walk-unknown-token',
  verifyEmail: '/verify-email/walk-unknown-token',
  confirmRegistration: '/confirm-registration/1/walk-unknown-token',
  invitation: '/invitation?token=walk-unknown-token',
};
/** Routes the walk does not open, and why: a new route must be walked or named here. */
const notWalked: Record<string, string> = {
  '/operator': 'platform operators only (not a company screen); the demo administrator is not one',
  '/report/print/:id': "the server's PDF renderer's page, opened with a one-time print token",
  '*': 'any unknown path: the same page as /error-404, which is walked',
};

test.use({ viewport: wide });

test('the walk covers every route of the route table', () => {
  const table = readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8');
  const literal = [...table.matchAll(/path: '([^']+)'/g)].map((m) => m[1] ?? '');
  const named = [...table.matchAll(/path: publicPaths\.(\w+)/g)].map((m) => m[1] ?? '');
  expect(table).toContain('...protectedScreens.map('); // every protected screen is walked below
  expect(literal.filter((path) => !(path in notWalked))).toEqual([]);
  expect(named.filter((name) => !(name in publicWalk))).toEqual([]);
});

interface Findings {
  problems: string[];
  errors: string[];
  /** Time spent in axe, printed with the walk's time. */
  axeMs: number;
}

/** Collects page errors and console errors, each under the screen open when it happened. */
function watchErrors(page: Page, where: () => string): string[] {
  const errors: string[] = [];
  const add = (error: string) => {
    errors.push(`${where()}: ${error}`);
    console.log(`walk problem: ${where()}: ${error}`);
  };
  page.on('pageerror', (error) => add(`page error ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') add(`console error ${message.text().slice(0, 200)}`);
  });
  return errors;
}

/** The screen as loaded now, checked at 1440 px then at 375 px (then back to 1440 px). */
async function checkBothWidths(page: Page, label: string, language: string, findings: Findings) {
  const problems = (width: string, list: string[]) => {
    for (const problem of list) {
      findings.problems.push(`${language} ${width} ${label}: ${problem}`);
      console.log(`walk problem: ${language} ${width} ${label}: ${problem.slice(0, 300)}`);
    }
  };
  problems('1440', untranslated(await visibleWords(page), language));
  const clipped = await clippedTables(page);
  problems('1440', clipped);
  for (const line of clipped) appendFileSync('/tmp/walk-clipped.md', `- ${label} 1440 ${language}: ${line}\n`);
  const axeStarted = Date.now();
  if (axeAt['1440'] === language) problems('1440', await seriousViolations(page));
  findings.axeMs += Date.now() - axeStarted;
  await page.setViewportSize(phone);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  problems('375', untranslated(await visibleWords(page), language));
  const axePhone = Date.now();
  if (axeAt['375'] === language) problems('375', await seriousViolations(page));
  findings.axeMs += Date.now() - axePhone;
  await page.setViewportSize(wide);
}

function report(findings: Findings, started: number, what: string) {
  console.log(
    `walk ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s (axe ${(findings.axeMs / 1000).toFixed(1)} s)`,
  );
  expect([...findings.problems, ...findings.errors], what).toEqual([]);
}

for (const [language, tag] of languages) {
  test(`every signed-in screen in ${language}, at 1440 px and 375 px`, async ({ page }) => {
    test.setTimeout(420_000);
    const started = Date.now();
    let where = 'sign-in';
    const errors = watchErrors(page, () => where);
    const findings: Findings = { problems: [], errors, axeMs: 0 };
    const requests = trackRequests(page);
    await signIn(page, demoOwner);
    try {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/switch-language'));
      await page.getByTestId('language-select').first().selectOption(language);
      expect((await answer).status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      for (const screen of protectedScreens) {
        where = screen.path;
        const opened = Date.now();
        // A navigation inside the app (the router follows the history, as after a link): the app
        // stays loaded, so each screen costs its own data only.
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, screen.path);
        await expect(page).toHaveURL((url) => url.pathname === screen.path);
        await settle(page, requests);
        const loaded = Date.now();
        await checkBothWidths(page, screen.path, language, findings);
        console.log(
          `walk ${language} ${screen.path}: loaded in ${loaded - opened} ms, checked in ${Date.now() - loaded} ms`,
        );
      }
    } finally {
      where = 'language reset';
      await page.getByTestId('language-select').first().selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    report(findings, started, `signed-in screens in ${language}`);
  });

  test(`every public page in ${language}, at 1440 px and 375 px`, async ({ page }) => {
    test.setTimeout(120_000);
    const started = Date.now();
    let where = '/signin';
    const errors = watchErrors(page, () => where);
    const findings: Findings = { problems: [], errors, axeMs: 0 };
    const requests = trackRequests(page);
    await page.goto('/signin');
    await page.getByTestId('language-select').first().selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    for (const path of Object.values(publicWalk)) {
      where = path;
      const opened = Date.now();
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await settle(page, requests);
      const loaded = Date.now();
      await checkBothWidths(page, path, language, findings);
      console.log(`walk ${language} ${path}: loaded in ${loaded - opened} ms, checked in ${Date.now() - loaded} ms`);
    }
    // A link with a token no one holds: the server refuses it (400) and the page says so; the
    // refused request is what the page is for, not an error of the page.
    const refused = /status of 400 \(Bad Request\)|^Invalid or expired \w+ link\. ApiError/;
    findings.errors = errors.filter(
      (e) => !(/walk-unknown-token: console error/.test(e) && refused.test(e.split('console error ')[1] ?? '')),
    );
    report(findings, started, `public pages in ${language}`);
  });
}
