import { seriousViolations, settled } from './support/axe.ts';
import { expect, openWithDemoData, signIn, test } from './support/fixtures.ts';

// Issue 18's archive dorks over the real server: on a fresh start /gaudork shows the demo company's
// imported URL lists and its sweep of the local replay archives (axe-clean), a tag chip filters the
// table, a URL's drawer shows its redacted sample and its finding, the runs tab lists each archive's
// run, and a new sweep is queued from the screen.

test('archived URLs: demo imports and the replay sweep, tag chips, a drawer, the runs and a new sweep', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const problems: string[] = [];
  await openWithDemoData(page, '/gaudork', 'Further dork search');
  // The demo sweep of the replay archives adds urlscan's capture of the .git folder.
  await expect(async () => {
    await page.goto('/gaudork?q=.git%2FHEAD');
    await expect(page.locator('main tbody tr').first()).toContainText('urlscan', { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await page.goto('/gaudork');
  const rows = page.locator('main tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/gaudork: ${v}`);

  await page.getByRole('button', { name: /^\.env · \d+$/ }).click();
  await expect(page).toHaveURL(/[?&]tag=env/);
  await expect(rows.first()).toContainText('/.env');
  for (const text of await rows.allTextContents()) expect(text).toContain('.env');

  await page.goto('/gaudork?tag=secret_in_query');
  await rows.first().getByRole('link').first().click();
  const drawer = page.getByTestId('detail-drawer');
  await expect(drawer.getByText('[redacted]', { exact: false }).first()).toBeVisible();
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`drawer: ${v}`);
  await page.keyboard.press('Escape');

  await page.goto('/gaudork?tab=runs');
  const runs = page.locator('main tbody tr');
  await expect(runs.first()).toBeVisible();
  const before = await runs.count();
  await page.getByRole('button', { name: 'Sweep the archives now' }).click();
  await expect
    .poll(
      async () => {
        await page.reload();
        await runs.first().waitFor();
        return runs.count();
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(before);
  console.log(`axe: /gaudork ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});
