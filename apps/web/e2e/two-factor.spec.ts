import type { Page } from '@playwright/test';
import { apiSession } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { demoAdmin, enterCode, expect, lastMailId, test, waitForMail } from './support/fixtures.ts';
import { appCode } from './support/totp.ts';

// Issue 15: the sign-in with each two-factor method, against the real server — the e-mailed code
// (flows.spec.ts and the demo user), the authenticator app (its code computed here from the
// secret the settings section shows) and a recovery code — and the enrolment from the settings.

const password = 'Vigil-totp-2026!';

/** A new member of Acme Retail with every sign-in step done but the e-mailed code (registered through the API). */
async function newMember(page: Page): Promise<string> {
  const email = `totp.${Date.now()}@acme-retail.example`;
  const api = page.request;
  await api.get('/api/csrf-cookie');
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const headers = { 'x-xsrf-token': xsrf };
  const post = (path: string, data: unknown) => api.post(path, { headers, data });
  expect(
    (await post('/api/register', { name: 'Tomás Totp', email, password, password_confirmation: password })).ok(),
  ).toBe(true);
  const { match: link } = await waitForMail(api, email, /(https?:\/\/\S+\/confirm-registration\/\S+)/);
  const [, id, token] = /confirm-registration\/(\d+)\/([^\s/?]+)/.exec(link) ?? [];
  expect((await api.get(`/api/confirm-registration/${id}/${token}`)).ok()).toBe(true);
  const admin = await apiSession(demoAdmin);
  expect((await admin.post(`/api/admin/users/${id}/activate`)).status()).toBe(200);
  await admin.request.dispose();
  // The first sign-in accepts the terms (then only the second factor is left).
  const before = await lastMailId(api, email);
  const login = (await (await post('/api/login', { email, password })).json()) as { user_id: number };
  const { match: code } = await waitForMail(api, email, /\b(\d{6})\b/, before);
  await post('/api/verify-two-factor', { user_id: login.user_id, code });
  expect((await post('/api/terms-accepted', { user_id: login.user_id, terms: true, privacy: true })).ok()).toBe(true);
  await page.context().clearCookies();
  return email;
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

/** axe inside the two-factor section or the two-step page's card (serious and critical only). */
async function axeProblems(page: Page, where: string, problems: string[]) {
  for (const v of await seriousViolations(page, ['main'])) problems.push(`${where}: ${v}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`enrol an authenticator app from the settings, then sign in with its code and with a recovery code (${theme} theme, axe)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const problems: string[] = [];
    const email = await newMember(page);
    const shell = page.getByRole('button', { name: /^Account menu of / });

    await test.step('sign in with the e-mailed code (the method until the app is set up)', async () => {
      const before = await lastMailId(page.request, email);
      await passwordStep(page, email);
      await expect(page.getByRole('button', { name: /^Send a new code/ })).toBeVisible();
      const { match } = await waitForMail(page.request, email, /\b(\d{6})\b/, before);
      await enterCode(page, match);
      await expect(shell).toBeVisible();
    });

    let secret = '';
    let recoveryCodes: string[] = [];
    await test.step('set up the app in the account settings: QR code, secret, first code, ten codes', async () => {
      await page.goto('/account-setting');
      const section = page.getByTestId('two-factor-settings');
      await expect(section.getByTestId('two-factor-method')).toHaveText('Code by e-mail');
      await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await expect(section.getByRole('img', { name: 'QR code of the authenticator set-up' })).toBeVisible();
      await axeProblems(page, 'set-up', problems);
      secret = (await section.getByTestId('authenticator-secret').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await section.getByRole('textbox', { name: 'Code shown by the app' }).fill(appCode(secret));
      await section.getByRole('button', { name: 'Confirm' }).click();
      const list = section.getByTestId('recovery-codes').getByRole('listitem');
      await expect(list).toHaveCount(10);
      recoveryCodes = await list.allTextContents();
      await axeProblems(page, 'recovery codes', problems);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      await section.getByRole('button', { name: 'I have saved them' }).click();
      await expect(section.getByTestId('two-factor-method')).toHaveText('Authenticator app');
      await expect(section.getByText('10 recovery codes left')).toBeVisible();
      await axeProblems(page, 'settings with the app', problems);
    });

    await test.step('sign in with the app: no e-mail, no resend, the code computed from the secret', async () => {
      await logOut(page);
      const before = await lastMailId(page.request, email);
      await passwordStep(page, email);
      await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Send a new code/ })).toHaveCount(0);
      await axeProblems(page, 'app code step', problems);
      // The confirming code's step is used up: the next step's code is inside the ±1 window.
      await enterCode(page, appCode(secret, 1));
      await expect(shell).toBeVisible();
      expect(await lastMailId(page.request, email)).toBe(before);
    });

    await test.step('sign in with a recovery code, which then works no more', async () => {
      await logOut(page);
      await passwordStep(page, email);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      const field = page.getByRole('textbox', { name: 'Recovery code' });
      await axeProblems(page, 'recovery code step', problems);
      await field.fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(shell).toBeVisible();
      await logOut(page);
      await passwordStep(page, email);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await field.fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired 2FA code.' })).toBeVisible();
      await page.getByRole('button', { name: 'Use the code from the app' }).click();
      await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    });
    expect(problems).toEqual([]);
  });
}
