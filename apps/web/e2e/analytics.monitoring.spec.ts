import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 19's public /analytics on a fresh start, signed out: the demo CVE catalogue's statistics
// (the platform's demo import), four charts each with its table, the period in the URL, six
// languages, a phone's width, and no company's name anywhere on the page.

/** Opens /analytics until the demo catalogue (imported in the background on start) is counted. */
async function openWithCatalogue(page: Page, path = '/analytics') {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        await expect(page.getByTestId('landscape-updated')).toBeVisible();
        return Number((await page.getByTestId('total-catalogue').locator('dd').textContent())?.replace(/\D/g, ''));
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
}

test('analytics, signed out: the catalogue landscape with charts, tables, period and language', async ({ page }) => {
  test.setTimeout(120_000);
  const landscapeCalls: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/')) {
      landscapeCalls.push({ url: request.url(), authorization: request.headers().authorization });
    }
  });
  await openWithCatalogue(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  await test.step('the totals and the four charts, drawn, each with its numbers as a table', async () => {
    await expect(page.getByTestId('total-published').locator('dd')).toHaveText(/^[1-9][\d,]*$/);
    // Before anyone interacts, the columns are their first frame: no chart code has run.
    const weeklyChart = page.getByRole('region', { name: 'New CVEs per week, by severity' });
    await expect(weeklyChart.locator('[data-static-chart="column"]')).toBeVisible();
    await expect(weeklyChart.locator('svg.highcharts-root')).toHaveCount(0);
    for (const name of [
      'New CVEs per week, by severity',
      'Additions to the CISA KEV catalogue per week',
      'EPSS distribution',
      'Top vendors by CVEs published in the period',
    ]) {
      const panel = page.getByRole('region', { name });
      await panel.scrollIntoViewIfNeeded();
      // A first visit draws the columns' first frame; the pointer on the chart brings Highcharts.
      await panel.hover();
      await expect(panel.locator('svg.highcharts-root')).toBeVisible();
      await panel.getByRole('button', { name: 'Show the numbers as a table' }).click();
      await expect(panel.getByRole('table', { name })).toBeVisible();
    }
    const weekly = page.getByRole('table', { name: 'New CVEs per week, by severity' });
    await expect(weekly.locator('tbody tr')).toHaveCount(12);
    await expect(
      page.getByRole('table', { name: 'Top vendors by CVEs published in the period' }).locator('tbody tr').first(),
    ).toBeVisible();
  });

  await test.step('axe finds nothing serious', async () => {
    expect(await seriousViolations(page, ['main', 'header'])).toEqual([]);
  });

  await test.step('26 weeks: asked of the server, kept in the URL', async () => {
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 26 weeks' });
    await expect(page).toHaveURL(/\/analytics\?weeks=26$/);
    // The table opened above stays open with the new numbers.
    const weekly = page.getByRole('table', { name: 'New CVEs per week, by severity' });
    await expect(weekly.locator('tbody tr')).toHaveCount(26);
  });

  await test.step('in German', async () => {
    await page.getByTestId('language-select').selectOption('de');
    await expect(page.getByRole('heading', { level: 2, name: 'Neue CVEs pro Woche nach Schweregrad' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Zeitraum' })).toBeVisible();
  });

  await test.step('anonymous: no session sent, no company named', async () => {
    expect(landscapeCalls.length).toBeGreaterThan(0);
    expect(landscapeCalls.every((call) => call.authorization === undefined)).toBe(true);
    const text = (await page.locator('body').textContent()) ?? '';
    for (const company of ['Acme Retail', 'Globex', 'acme-retail.example', 'globex.example']) {
      expect(text).not.toContain(company);
    }
  });
});

test('analytics on a phone: no sideways scroll, charts stacked', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openWithCatalogue(page, '/analytics?weeks=12');
  const panel = page.getByRole('region', { name: 'EPSS distribution' });
  await panel.scrollIntoViewIfNeeded();
  await panel.hover();
  await expect(panel.locator('svg.highcharts-root')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, ['main'])).toEqual([]);
});

test.describe('analytics before the app has run (issue 33 item 8)', () => {
  test.use({ javaScriptEnabled: false });

  test('the pre-rendered page shows its heading, text, period and charts’ headings with no script run', async ({
    page,
  }) => {
    await page.goto('/analytics?weeks=26');
    await expect(page.locator('#root[data-prerendered="analytics"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByText('The threat landscape as the public CVE catalogue shows it')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Period' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'EPSS distribution' })).toBeVisible();
    await expect(page).toHaveTitle('Vigil | Analytics');
  });
});
