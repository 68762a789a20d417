import { expect, signIn, test } from './support/fixtures.ts';

// Issue 5's smoke run, once at 1280×800 (project desktop) and once at 375×812 (project mobile).
test('demo user: sign in with the e-mailed code, company, language, theme, 404, logout', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';

  await test.step('sign in with the demo user and the code from the outbox', async () => {
    await signIn(page, undefined, { fresh: true });
    await expect(page).toHaveTitle('Vigil | Home');
    await expect(page.getByRole('button', { name: /Account menu of Ana Analyst/ })).toBeVisible();
  });

  await test.step(
    mobile ? 'the sidebar is an overlay with a backdrop' : 'the sidebar collapses and expands',
    async () => {
      const toggle = page.getByRole('button', {
        name: mobile ? 'Open or close the navigation' : 'Expand or collapse the navigation',
      });
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      if (mobile) {
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(nav).toBeVisible();
        const backdrop = page.getByTestId('sidebar-backdrop');
        await expect(backdrop).toBeVisible();
        await backdrop.click({ position: { x: 360, y: 400 } });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      } else {
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
    },
  );

  await test.step('switch company (POST /api/get-clients)', async () => {
    const switcher = page.getByTestId('company-switcher');
    await expect(switcher.locator('option')).toHaveCount(2);
    const current = await switcher.inputValue();
    const other = await switcher.locator(`option:not([value="${current}"])`).first().getAttribute('value');
    expect(other).toBeTruthy();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/get-clients') && r.request().method() === 'POST');
    await switcher.selectOption(other ?? '');
    expect((await answer).status()).toBe(200);
    await expect(switcher).toHaveValue(other ?? '');
    await expect(switcher).toBeEnabled();
  });

  await test.step('switch language: only that language’s messages file is fetched', async () => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (/\/locales\/[\w-]+\.json/.test(request.url())) fetched.push(new URL(request.url()).pathname);
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/switch-language'));
    await page.getByTestId('language-select').selectOption('de');
    expect((await answer).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: /Ana Analyst/ })).not.toHaveAccessibleName(/Account menu of/);
    expect(fetched).toEqual(['/locales/de.json']);
    // Back to English for the steps (and the tests) that follow.
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: /Account menu of Ana Analyst/ })).toBeVisible();
  });

  await test.step('toggle the theme and reload: it persists', async () => {
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to the light theme' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  await test.step('an unknown path shows the not-found page', async () => {
    await page.goto('/no/such/page');
    await expect(page.getByText("We can't seem to find the page you are looking for!")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home Page' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('log out from the user menu', async () => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: /Account menu of Ana Analyst/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fdashboard|\/signin/);
  });
});
