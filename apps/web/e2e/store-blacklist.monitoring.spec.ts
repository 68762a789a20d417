import { seriousViolations, settled } from './support/axe.ts';
import { demoOwner, expect, openSignedIn, test } from './support/fixtures.ts';

// The online-store blacklist over the real server: the demo's lookalike domains of Acme Retail's
// store at their points of the takedown workflow, with registrar and host read over RDAP from the
// local replay server by the check the demo queued (which also took the confirmed one that no
// longer resolves offline); a domain added by hand, moved along the workflow, its history shown,
// and a check asked for, which takes it offline (its name does not resolve). The screen and the
// drawer are axe-clean.

test('the demo store blacklist shows the workflow, the registrar and host, and is axe-clean', async ({ page }) => {
  await openSignedIn(page, '/vtexblacklist?sort=domain', demoOwner);
  await expect(page.getByRole('heading', { level: 1, name: 'Online-store blacklist' })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  const row = (domain: string) => page.locator('main tbody tr').filter({ hasText: domain });
  // The clone is served by the dev test store once the store dork search's lookalikes are there
  // (then it stays takedown requested); until then its check finds it gone and takes it offline.
  await expect(row('acme-retai1-store.test')).toContainText(/Takedown requested|Offline/);
  await expect(row('acmeretail-store.test')).toContainText('Suspected');
  await expect(row('acme-retail-outlet.test')).toContainText('Offline');
  // The demo's check: registrar over RDAP, and the confirmed store that no longer resolves offline.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/store-blacklist?q=acme-retail-sale.test');
        const entry = ((await answer.json()) as { data: { status: string; registrar: string | null }[] }).data[0];
        return `${entry?.status} ${entry?.registrar}`;
      },
      { timeout: 90_000 },
    )
    .toBe('offline Harbour Domains Ltd.');
  await page.reload();
  await expect(row('acme-retail-sale.test')).toContainText('Offline');
  await expect(row('acme-retail-sale.test')).toContainText('Harbour Domains Ltd.');
  await expect(page.getByTestId('provider-notice')).toContainText('RDAP');
  const problems: string[] = [];
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/vtexblacklist: ${v}`);
  await row('acme-retai1-store.test').getByRole('link').first().click();
  const drawer = page.getByTestId('store-blacklist-detail');
  await expect(drawer.getByTestId('store-blacklist-history')).toContainText('Confirmed → Takedown requested');
  await expect(drawer).toContainText('QN-ABUSE-20418');
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`drawer: ${v}`);
  console.log(`axe: /vtexblacklist and its drawer ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});

test('an administrator adds a domain, moves it along the workflow and asks a check', async ({ page }) => {
  const domain = `e2e-${Date.now().toString(36)}-shop.example`;
  await openSignedIn(page, '/vtexblacklist', demoOwner);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add domain' });
  await dialog.getByRole('textbox', { name: /^Domain/ }).fill(domain);
  // A URL on another domain is refused under its field.
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://elsewhere.example/');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'URL' }).fill(`https://${domain}/checkout`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/vtexblacklist?q=${domain}`);
  await page.locator('main tbody tr').filter({ hasText: domain }).getByRole('link').first().click();
  const drawer = page.getByTestId('store-blacklist-detail');
  await expect(drawer).toContainText('Suspected');
  await drawer.getByRole('button', { name: 'Move to Confirmed' }).click();
  await expect(drawer.getByTestId('store-blacklist-history')).toContainText('Suspected → Confirmed');
  await expect(drawer.getByTestId('store-blacklist-history')).toContainText('Olivia Owner');
  await drawer.getByRole('button', { name: 'Check now' }).click();
  await expect(drawer.getByText('The check is queued.')).toBeVisible();
  // The check finds that the domain does not resolve: a confirmed store not answering goes offline.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/store-blacklist?q=${domain}`);
        return ((await answer.json()) as { data: { status: string }[] }).data[0]?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('offline');
  await page.goto(`/vtexblacklist?q=${domain}`);
  await expect(page.locator('main tbody tr').filter({ hasText: domain })).toContainText('Offline');
});
