import { fileURLToPath } from 'node:url';
import { expect, signIn, test } from './support/fixtures.ts';

// `npm run screenshots -w @vigil/web`: the sign-in page and the dashboard shell, light and dark,
// desktop and mobile, and the four monitoring screens with the demo data (desktop, light and dark,
// plus an open detail), into docs/screenshots/ (committed; the closing notes show them).
const outDir = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

for (const [name, viewport] of Object.entries(viewports)) {
  test(`screenshots ${name}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      deviceScaleFactor: 1,
      isMobile: name === 'mobile',
      hasTouch: name === 'mobile',
      // Charts draw at once (no animation) when motion is reduced: no pie captured mid-animation.
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const setTheme = async (theme: 'light' | 'dark') => {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    };
    const shoot = async (screen: string, theme: string) => {
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${outDir}${screen}-${name}-${theme}.png`, animations: 'disabled' });
    };

    await page.goto('/signin');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await shoot('signin', theme);
    }
    await setTheme('light');
    await signIn(page);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme);
      await expect(page.getByTestId('company-switcher')).toBeEnabled();
      await page.waitForLoadState('networkidle');
      // Every chart on screen has drawn its series (Highcharts loads lazily, after the shell).
      await expect(page.locator('.highcharts-series-group').first()).toBeVisible();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.highcharts-container')].every((c) =>
          c.querySelector('.highcharts-series-group'),
        ),
      );
      await shoot('dashboard', theme);
    }
    await context.close();
  });
}

test('screenshots of the monitoring screens', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await signIn(page);
  const screens = [
    ['monitoring-dashboard', '/dashboard'],
    ['monitoring-credentials', '/credentials'],
    ['monitoring-credentials-devices', '/credentials?tab=devices'],
    ['monitoring-cvemonitor', '/cvemonitor'],
    ['monitoring-vulnerabilities', '/vulnerabilities'],
  ] as const;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [file, path] of screens) {
      await page.goto(path);
      await expect(page.getByTestId('demo-badge')).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (path === '/dashboard') {
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.highcharts-container')].every((c) =>
            c.querySelector('.highcharts-series-group'),
          ),
        );
      } else {
        await expect(page.locator('main tbody tr').first()).toBeVisible();
      }
      await page.screenshot({ path: `${outDir}${file}${theme === 'dark' ? '-dark' : ''}.png`, fullPage: true });
    }
  }
  // One open finding: the CVE drawer (scores, KEV, history, triage), light theme.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.goto('/cvemonitor');
  await page.locator('main tbody tr a').first().click();
  await expect(page.getByTestId('detail-drawer')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}monitoring-cvemonitor-detail.png` });
  await context.close();
});
