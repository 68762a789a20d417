import { seriousViolations } from './support/axe.ts';
import { expect, openWithDemoData, signIn, test } from './support/fixtures.ts';

// Issue 19's /insight on a fresh start with the demo data: what changed in the last 30 days in total
// and per module, a figure that opens exactly the findings it counts (triaged in the drawer), the
// week, the trend with its table, and a top risk that opens on its module's screen.
test('insights: each figure opens the findings it counts, and a top risk opens its finding', async ({ page }) => {
  await signIn(page);
  // The demo imports run module by module: the last module's rows mean every import is in.
  await openWithDemoData(page, '/credentials', 'Credentials');
  await openWithDemoData(page, '/vulnerabilities', 'Vulnerabilities');

  await page.goto('/insight?period=month');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What changed in the last 30 days' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'All modules' })).toBeVisible();
  const credentials = page.getByRole('region', { name: 'Credentials', exact: true });
  await expect(credentials).toBeVisible();

  await test.step('the new vulnerabilities of the month: the figure and its list agree', async () => {
    // A module whose demo import is in (its rows were shown): the other modules' demo runs may
    // still be adding findings while the test reads.
    const vulnerabilities = page.getByRole('region', { name: 'Vulnerabilities', exact: true });
    const figure = vulnerabilities.getByRole('link', { name: /^New in Vulnerabilities: / });
    const count = Number((await figure.textContent())?.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await figure.click();
    await expect(page).toHaveURL(/[?&]show=new&module=vulnerabilities&since=[^&]+&until=/);
    const list = page.getByTestId('drill-list');
    await expect(list.getByRole('heading', { level: 2, name: /^New · Vulnerabilities · / })).toBeFocused();
    await expect(list.locator('tbody tr').first()).toBeVisible();
    await expect(list.getByText(new RegExp(`of ${count.toLocaleString('en-US')}\\+?$`))).toBeVisible();
    expect(await seriousViolations(page, ['main'])).toEqual([]);
  });

  await test.step('a finding of the list opens in the drawer with its triage', async () => {
    await page.getByTestId('drill-list').locator('tbody tr').first().getByRole('link').first().click();
    await expect(page.getByTestId('finding-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('finding-panel')).toBeHidden();
    await page.getByRole('link', { name: 'Close the list' }).click();
    await expect(page.getByTestId('drill-list')).toBeHidden();
  });

  await test.step('the week, the trend and its table', async () => {
    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(/period=week/);
    await expect(page.getByRole('heading', { level: 2, name: 'What changed in the last 7 days' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'New and resolved per week' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Recommendations by effect on the rating' }),
    ).toBeVisible();
    await expect(page.getByTestId('fix').first()).toBeVisible();
  });

  await test.step('on a phone the cards stack and nothing overflows sideways', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    // Loaded at a phone's width, as a phone loads it (the shell lays out its navigation on load).
    await page.reload();
    await expect(page.getByRole('region', { name: 'All modules' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the top risk opens on its module screen', async () => {
    const risk = page.getByTestId('top-risks').locator('tbody tr').first().getByRole('link');
    await risk.click();
    await expect(page).toHaveURL(
      /\/(vulnerabilities|cvemonitor|credentials|companyassets|scripts|gitdork)\?(tab=\w+&)?open=\d+/,
    );
    await expect(page.getByTestId('finding-panel')).toBeVisible();
  });
});
