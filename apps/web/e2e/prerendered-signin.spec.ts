import { fullChromium } from './support/browsers.ts';
import { demoUser, enterCode, expect, lastMailId, test, waitForMail } from './support/fixtures.ts';

// The pre-rendered sign-in page before and without its app (issue 29), with the app's code held back.
// In Debian's full Chromium: the headless shell the other specs run in starts loading module scripts
// of this page at once when the test holds /assets/ requests (seen on chromium-headless-shell 156:
// the page never reaches its load event), which a visitor's browser does not do.
test.use({ launchOptions: fullChromium });

test('the pre-rendered sign-in page: no app code until touched, and what is typed and asked before the app loads is kept', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The app's code arrives slowly, as on a phone: everything below happens on the static page.
  let releaseAssets = () => {};
  const assetsHeld = new Promise<void>((resolve) => {
    releaseAssets = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    await assetsHeld;
    await route.continue();
  });

  await test.step('the page paints and stands with no app code', async () => {
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await expect(page).toHaveTitle('Vigil | Sign in');
    await expect(page.locator('#root[data-prerendered="signin"]')).toHaveCount(1);
    expect(scripts).toEqual(['/theme-init.js', '/signin-boot.js']);
  });

  const before = await lastMailId(page.request, demoUser.email);
  await test.step('typing and submitting before the app has loaded', async () => {
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(demoUser.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(demoUser.password);
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    // Still the static page: the first touch asked for the app, which has not arrived.
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    expect(scripts.some((path) => path.startsWith('/assets/'))).toBe(true);
  });

  await test.step('the app takes over and sends the sign-in that was asked for', async () => {
    releaseAssets();
    await expect(page).toHaveURL(/\/two-step-verification\?/);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    const { match: code } = await waitForMail(page.request, demoUser.email, /\b(\d{6})\b/, before);
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/(dashboard)?$/);
  });
});

test('the pre-rendered sign-in page when the app cannot load: a submit reloads the page, whose app then loads', async ({
  page,
}) => {
  await page.route('**/assets/**', (route) => route.abort());
  await page.goto('/signin', { waitUntil: 'networkidle' });
  // The first touch asks for the app, whose code does not arrive.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(demoUser.email);
  await expect.poll(() => page.evaluate(() => window.__vigilPreboot?.failed)).toBe(true);
  await page.unroute('**/assets/**');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await reloaded;
  // A fresh page whose app loads on the next touch, as on any first visit.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).focus();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeFocused();
});
