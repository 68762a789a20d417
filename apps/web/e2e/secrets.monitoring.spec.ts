import { seriousViolations, settled } from './support/axe.ts';
import { expect, signIn, test } from './support/fixtures.ts';

// Issue 18's /gitdork over the real server: the demo's gitleaks report and its code search run
// (answered by the local replay server) fill the incidents, an incident's drawer shows where the
// redacted secret was found, the search terms and rules tabs read, a "Search now" run ends done,
// and every view is axe-clean.

test('the demo incidents, an incident drawer, the terms, rules and runs of /gitdork', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const problems: string[] = [];
  await page.goto('/gitdork?sort=rule_id');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.getByTestId('provider-notice')).toContainText(
    'GitHub code search answers from the local demo provider',
  );
  const table = page.getByRole('table', { name: 'Secrets found in public code' });
  // From the demo's gitleaks report, and from its code search run against the replay server.
  await expect(table.locator('tbody tr').filter({ hasText: 'AWS access key ID' }).first()).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(table.locator('tbody tr').filter({ hasText: 'Mercado Pago access token' })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 60_000 });
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/gitdork: ${v}`);

  await table.locator('tbody tr').filter({ hasText: 'Mercado Pago access token' }).getByRole('link').first().click();
  const occurrences = page.getByTestId('secret-occurrences');
  await expect(occurrences).toContainText('acme-retail/storefront');
  await expect(occurrences).toContainText('src/checkout/payments.js');
  await expect(occurrences).toContainText('APP_');
  await expect(occurrences).toContainText('****');
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`drawer: ${v}`);
  await page.keyboard.press('Escape');

  await page.goto('/gitdork?tab=search');
  await expect(page.getByText('Your domains are always searched: acme-retail.example')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Search terms' })).toContainText('acme-retail');
  for (const v of await seriousViolations(page, ['main'])) problems.push(`terms: ${v}`);

  await page.goto('/gitdork?tab=rules');
  await expect(page.getByRole('table', { name: /Vigil's secret rules/ })).toContainText('VTEX appToken');
  for (const v of await seriousViolations(page, ['main'])) problems.push(`rules: ${v}`);

  await page.goto('/gitdork?tab=runs');
  await page.getByRole('button', { name: 'Search now' }).click();
  await expect(
    page.getByRole('table', { name: 'Search runs, newest first' }).locator('tbody tr').first(),
  ).toContainText('Done', {
    timeout: 60_000,
  });
  // The pointer still over the button it clicked would be checked in its hover colours.
  await page.mouse.move(0, 0);
  for (const v of await seriousViolations(page, ['main'])) problems.push(`runs: ${v}`);
  console.log(`axe: /gitdork ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});
