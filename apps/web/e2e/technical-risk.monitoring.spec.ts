import { seriousViolations } from './support/axe.ts';
import { expect, openWithDemoData, signIn, test } from './support/fixtures.ts';

// Issue 16's /technicalrisk on a fresh start: the rating of the demo company's own findings (the
// demo imports of each module), each factor graded or "no data yet", and a top fix that opens its
// finding on its module's screen.
test('technical risk: the demo company is rated, and its best fix opens the finding', async ({ page }) => {
  await signIn(page);
  // The demo imports run module by module: the last module's rows mean every import is in.
  await openWithDemoData(page, '/credentials', 'Credentials');
  await openWithDemoData(page, '/vulnerabilities', 'Vulnerabilities');

  await page.goto('/technicalrisk');
  await expect(page.getByRole('heading', { level: 1, name: 'Technical risk' })).toBeVisible();
  // The mentions module registers last: its demo feed is imported after the others.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('factor-closed_source_mentions')).toContainText(/Score \d+\.\d · \d+ open/, {
      timeout: 2000,
    });
  }).toPass({ timeout: 120_000 });
  await test.step('a score with one decimal, the grade its band names, and each factor', async () => {
    await expect(page.getByTestId('rating-score')).toHaveText(/^\d{1,3}\.\d$/);
    const score = Number(await page.getByTestId('rating-score').textContent());
    const grade = score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F';
    await expect(page.getByTestId('rating-grade')).toHaveText(grade);
    await expect(page.getByTestId('factor-leaked_credentials')).toContainText(/Score \d+\.\d · \d+ open/);
    await expect(page.getByTestId('factor-patching_cadence')).toContainText(/Score \d+\.\d/);
    // The demo's secrets in code count in exposed code, its mentions in closed-source mentions.
    await expect(page.getByTestId('factor-exposed_code')).toContainText(/Score \d+\.\d · \d+ open/);
  });

  await test.step('the trend has its chart and table; axe finds nothing serious', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Score over the last 90 days' })).toBeVisible();
    await expect(page.getByTestId('fix').first()).toBeVisible();
    expect(await seriousViolations(page, ['main'])).toEqual([]);
  });

  await test.step('the best fix promises points and opens its finding', async () => {
    const fixes = page.getByTestId('top-fixes');
    const best = fixes.getByTestId('fix').first();
    await expect(best.getByTestId('fix-gain')).toHaveText(/^\+\d+\.\d points( for all \d+)?$/);
    const link = best.getByRole('link');
    await link.click();
    await expect(page).toHaveURL(
      /\/(vulnerabilities|cvemonitor|credentials|companyassets|restrictedenvironment)\?(tab=devices&)?open=\d+/,
    );
    await expect(page.getByTestId('finding-panel')).toBeVisible();
  });
});
