import { seriousViolations, settled } from './support/axe.ts';
import { expect, openSignedIn, openWithDemoData, signIn, test } from './support/fixtures.ts';

// Issue 18's /googledork over the real server: the demo results (a saved results page imported and
// the demo run against the local replay provider) with their drawer and triage, the dork catalogue
// (Vigil's templates, a dork of the company's own added and switched off), and a search run started
// from the screen that ends. Each view is axe-clean.

test('/googledork shows the demo results, a result drawer and the catalogue, axe-clean', async ({ page }) => {
  await signIn(page);
  const problems: string[] = [];
  // On a fresh server the dorks' demo import comes after the other modules': wait for it.
  await page.goto('/googledork');
  await expect(async () => {
    await page.reload();
    await expect(page.locator('main tbody tr').filter({ hasText: 'Index of /backup' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await openWithDemoData(page, '/googledork', 'Search-engine dork');
  // The demo run (queued at first start) has ended: its end refreshes every list.
  await expect(page.getByTestId('dork-run-status')).toBeHidden({ timeout: 60_000 });
  await expect(page.locator('main tbody tr').filter({ hasText: 'Index of /backup' })).toBeVisible();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`results: ${v}`);

  await page.locator('main tbody tr').filter({ hasText: 'Index of /backup' }).getByRole('link').first().click();
  const drawer = page.getByTestId('detail-drawer');
  await expect(drawer.getByText(/^Directory listings/)).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`drawer: ${v}`);
  await page.keyboard.press('Escape');
  // The drawer's close writes the URL: the tab is changed once it is gone, or the close undoes it.
  await expect(drawer).toBeHidden();

  const catalogue = page.getByRole('tab', { name: 'Dorks' });
  await catalogue.click();
  await expect(catalogue).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('main tbody tr').filter({ hasText: 'Directory listings' }).first()).toBeVisible();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`catalogue: ${v}`);
  await page.getByRole('tab', { name: 'Runs' }).click();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`runs: ${v}`);
  console.log(`axe: /googledork ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});

test('a dork of the company’s own is added and switched off, and a search run ends', async ({ page }) => {
  const title = `E2E staging ${Date.now().toString(36)}`;
  await openSignedIn(page, '/googledork?tab=catalogue');
  await page.getByRole('button', { name: 'Add dork' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add dork' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await dialog.getByRole('textbox', { name: /^Query/ }).fill('inurl:staging site:evil.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/^Leave out site: \(each run/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Query/ }).fill('inurl:staging');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('main tbody tr').filter({ hasText: title });
  await expect(row).toContainText('Your own');
  // Switched off by keyboard (the switch's input is visually hidden); it stays off after a reload.
  const toggle = row.getByRole('checkbox', { name: `Run “${title}”` });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();

  // The run goes to the local replay provider (labelled demo) and ends; the runs tab lists it.
  await expect(page.getByTestId('provider-notice')).toContainText('local demo provider');
  await page.getByRole('button', { name: 'Search now' }).click();
  await expect(page.getByTestId('dork-run-status')).toBeVisible();
  await expect(page.getByTestId('dork-run-status')).toBeHidden({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Runs' }).click();
  await expect(page.locator('main tbody tr').first()).toContainText('Done');
});
