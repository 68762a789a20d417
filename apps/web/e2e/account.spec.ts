import { request as playwrightRequest } from '@playwright/test';
import { apiSession } from './support/api.ts';
import {
  demoUser,
  expect,
  lastMailId,
  openSignedIn,
  serverUrl,
  signIn,
  test,
  waitForMail,
} from './support/fixtures.ts';

// The account pages against the real server: a password change signs the other sessions out, and
// an uploaded picture shows in the header (and survives a reload).

// A 1×1 PNG: the server decodes it, resizes it to 256×256 and serves it as WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('password change: this session stays, another one is signed out at once, and a notice is e-mailed', async ({
  page,
}) => {
  const other = await apiSession(demoUser);
  await signIn(page, undefined, { fresh: true });
  await page.goto('/account-setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  const sessions = page.getByTestId('sessions-table');
  await expect(sessions.getByText('This device')).toBeVisible();
  expect(await sessions.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
  const newPassword = 'Vigil-changed-2026!';
  const before = await lastMailId(page.request, demoUser.email);
  try {
    await page.getByLabel('Current password').fill(demoUser.password);
    await page.getByLabel('New password (at least 10 characters)').fill(newPassword);
    await page.getByLabel('Confirm the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/^Password changed\. \d+ other sessions? (was|were) signed out\.$/)).toBeVisible();
    // The other session's next call is refused; this page's list now holds this device only.
    expect((await other.post('/api/check-user')).status()).toBe(401);
    await expect(sessions.locator('tbody tr')).toHaveCount(1);
    await waitForMail(page.request, demoUser.email, /(Your Vigil password was changed)/, before);
    // This session still works: a reload keeps the user signed in on the page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  } finally {
    // Put the demo password back for the other tests.
    const again = await apiSession({ email: demoUser.email, password: newPassword }).catch(() => null);
    if (again) {
      const back = await again.post('/api/account/password', {
        current_password: newPassword,
        password: demoUser.password,
        password_confirmation: demoUser.password,
      });
      expect(back.status()).toBe(200);
    }
  }
});

test('a picture uploaded on /profile shows in the header, also after a reload, and can be removed', async ({
  page,
}) => {
  await openSignedIn(page, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Picture saved.')).toBeVisible();
  const headerImage = page.locator('header img');
  await expect(headerImage).toHaveAttribute('src', /^\/api\/profile\/picture\/\d+\/[0-9a-f]{16}$/);
  const loaded = () => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 256);
  await expect.poll(loaded).toBe(true);
  const src = await headerImage.getAttribute('src');
  await page.reload();
  await expect(page.locator('header img')).toHaveAttribute('src', src ?? '');
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed.')).toBeVisible();
  await expect(page.locator('header img')).toHaveCount(0);
});

test('an API token made on /account-setting reads the API without a session, and is refused once revoked', async ({
  page,
}) => {
  await openSignedIn(page, '/account-setting');
  await page.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('form', { name: 'New token' });
  await form.getByLabel('Name').fill('e2e collector');
  await form.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^vigil_pat_[0-9A-Za-z]{49}$/);
  // An integration: no cookie, no anti-forgery header, only the token.
  const integration = await playwrightRequest.newContext({ baseURL: serverUrl() });
  try {
    const headers = { authorization: `Bearer ${secret}` };
    expect((await integration.get('/api/findings', { headers })).status()).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke the token e2e collector' }).click();
    await page.getByRole('button', { name: 'Revoke now' }).click();
    await expect(page.getByTestId('api-tokens-table').getByText('Revoked')).toBeVisible();
    expect((await integration.get('/api/findings', { headers })).status()).toBe(401);
  } finally {
    await integration.dispose();
  }
});
