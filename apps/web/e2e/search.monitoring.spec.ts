import { seriousViolations } from './support/axe.ts';
import { expect, openSignedIn, openWithDemoData, test, useCompany } from './support/fixtures.ts';

// Issue 19's search on a fresh start: the demo analyst is a member of Acme Retail and Globex Bank,
// so /search finds both companies' demo records, grouped and marked; a Globex hit opened from Acme
// switches company first. Ctrl+K opens the palette from any screen; Esc closes it.
// The spec opens a Globex hit, which switches the demo user's company: put Acme back for the next specs.
test.afterEach(async ({ page }) => useCompany(page, 'Acme Retail'));

test('search: both companies of the user, grouped and highlighted, a hit of the other company opens after a switch', async ({
  page,
}) => {
  test.setTimeout(150_000); // the second company's demo imports may still be running (below)
  await openSignedIn(page, '/credentials');
  await openWithDemoData(page, '/credentials', 'Credentials', { opened: true });

  await test.step('/search?q= finds Globex leaks from Acme, marked, with their company', async () => {
    // The second company's demo imports may still be running: ask again until its leaks are in.
    await expect(async () => {
      await page.goto('/search?q=globex');
      await expect(page.getByTestId('search-group-leaks').getByText('Globex Bank').first()).toBeVisible({
        timeout: 3000,
      });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    const leaks = page.getByTestId('search-group-leaks');
    await expect(leaks.getByText('Leaked credentials')).toBeVisible();
    await expect(leaks.locator('mark').first()).toHaveText(/globex/i);
    expect(await seriousViolations(page, ['main'])).toEqual([]);
  });

  await test.step('↓ and Enter open the active hit: the company switches, then its finding opens', async () => {
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.focus();
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    const firstLeak = page.getByTestId('search-group-leaks').getByRole('option').first();
    const id = await firstLeak.getAttribute('id');
    // Walk down to the first leak (the findings group may come first).
    for (let i = 0; i < 40 && (await input.getAttribute('aria-activedescendant')) !== id; i += 1) {
      await input.press('ArrowDown');
    }
    await expect(firstLeak).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/credentials\?open=\d+/);
    await expect(page.getByTestId('company-switcher').locator('option:checked')).toHaveText('Globex Bank');
    await expect(page.getByTestId('finding-panel')).toBeVisible();
  });

  await test.step('Ctrl+K opens the palette anywhere; Esc closes it; See all results goes to /search', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search your companies' });
    await expect(palette).toBeVisible();
    await expect(palette.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox', { name: 'Search' }).fill('acme');
    await expect(palette.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible();
    expect(await seriousViolations(page, ['[data-testid="search-palette"]'])).toEqual([]);
    await palette.getByRole('button', { name: 'See all results' }).click();
    await expect(page).toHaveURL(/\/search\?q=acme$/);
    // The palette closes as the page opens (its own combobox goes with it; a loaded CI run once read both).
    await expect(palette).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('acme');
    await expect(page.getByTestId('search-summary')).toHaveText(/\d+ results?/);
  });
});
