import { seriousViolations, settled } from './support/axe.ts';
import { expect, signIn, test } from './support/fixtures.ts';

// The store dork search (/vtexdork) over the real server: the demo run (queued by the demo setup,
// the scanner's browser on the local demo store's lookalikes, the searches answered by the local
// replay server) fills the screen with the clone on acme-retai1-store.test, whose drawer shows its
// real screenshot, its similarity and its finding; a new search is queued from the screen and
// appears on the runs tab. The screen and the drawer are axe-clean.

const CLONE = 'acme-retai1-store.test';

test('the demo clone search shows the clone with its screenshot, and a search runs from the screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const problems: string[] = [];
  const row = page.locator('main tbody tr').filter({ hasText: CLONE });
  // The demo run may still be capturing when the test starts: reload until it has written the clone.
  await expect(async () => {
    await page.goto('/vtexdork');
    await expect(row).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
  await expect(page.getByRole('heading', { level: 1, name: 'Online-store dork search' })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.getByTestId('provider-notice')).toBeVisible();
  await expect(row).toContainText('Domain permutation');
  await expect(row).toContainText('High');
  await expect(page.locator('main tbody tr').filter({ hasText: 'acmeretail-store.test' })).toContainText(
    'Not a finding',
  );
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/vtexdork: ${v}`);

  await row.getByRole('link').first().click();
  const drawer = page.getByTestId('detail-drawer');
  const shot = drawer.getByRole('img', { name: `Screenshot of ${CLONE}` });
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(drawer.getByText('Look-alike character')).toBeVisible();
  await expect(drawer.getByText('vteximg, /arquivos/')).toBeVisible();
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`drawer: ${v}`);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Search now' }).click();
  // The queued run replaces the button's busy state with what it is doing.
  await expect(page.getByTestId('clone-run-status')).toBeVisible();
  await page.getByRole('tab', { name: 'Runs' }).click();
  await expect(page.locator('main tbody tr').first()).toBeVisible();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/vtexdork runs: ${v}`);
  console.log(`axe: /vtexdork ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});
