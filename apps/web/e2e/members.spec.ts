import type { Page } from '@playwright/test';
import { apiSession } from './support/api.ts';
import {
  demoOwner,
  demoViewer,
  enterCode,
  expect,
  keepTrafficLocal,
  lastMailId,
  openSignedIn,
  openWithDemoData,
  serverUrl,
  signIn,
  test,
  waitForMail,
} from './support/fixtures.ts';

// The user list in the browser: an administrator invites someone, who sets a name and password
// from the e-mailed link and signs in; and a viewer finds nothing to change.

/** The sign-in of a new account: password, the e-mailed code, then the terms it has not accepted yet. */
async function firstSignIn(page: Page, email: string, password: string, name: string) {
  const before = await lastMailId(page.request, email);
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const { match: code } = await waitForMail(page.request, email, /\b(\d{6})\b/, before);
  await enterCode(page, code);
  await expect(page.getByRole('form', { name: 'Terms of use and privacy' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await page.getByRole('checkbox', { name: 'I accept the privacy policy' }).check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Account menu of ${name}`) })).toBeVisible();
}

test('invite → link from the dev mailbox → name and password → sign-in → a member of the company', async ({
  page,
  browser,
}) => {
  const email = `invited.${Date.now()}@partner.example`;
  const password = 'Invited-person-2026!';
  await signIn(page, demoOwner);

  await test.step('the administrator invites an analyst', async () => {
    await page.goto('/userlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ana Analyst' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('analyst');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Invited', { exact: true })).toBeVisible();
  });

  const guest = await browser.newContext({ baseURL: serverUrl(), locale: 'en-US' });
  const invited = await guest.newPage();
  await keepTrafficLocal(invited);
  await test.step('the invited person opens the link and sets a name and password', async () => {
    const { match: link } = await waitForMail(page.request, email, /(https?:\/\/\S+\/invitation\?token=\S+)/);
    await invited.goto(new URL(link).pathname + new URL(link).search);
    await expect(invited.getByRole('heading', { name: /^Join Acme Retail/ })).toBeVisible();
    await invited.getByRole('textbox', { name: 'Name' }).fill('Ivo Invited');
    await invited.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await invited.getByRole('textbox', { name: 'Repeat the password' }).fill(password);
    await invited.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(invited.getByText('You joined Acme Retail.', { exact: false })).toBeVisible();
  });

  await test.step('they sign in normally (code from the mailbox, terms) and work in Acme Retail', async () => {
    await firstSignIn(invited, email, password, 'Ivo Invited');
    await expect(invited.getByTestId('company-switcher')).toContainText('Acme Retail');
  });
  await guest.close();

  await test.step('the administrator sees the new member, active, and the history of joining', async () => {
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Analyst', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: 'Ivo Invited' }).click();
    await expect(page.getByTestId('member-history')).toContainText('Joined as Analyst');
  });
});

test('a viewer can read but change nothing: no triage, bulk, import or SLA controls; the user list refused', async ({
  page,
}) => {
  await openSignedIn(page, '/vulnerabilities', demoViewer);
  await openWithDemoData(page, '/vulnerabilities', 'Vulnerabilities', { opened: true });
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'SLA policy' })).toHaveCount(0);

  // No row selection: it would lead to no action (issue 33).
  await expect(page.locator('main tbody tr').first()).toBeVisible();
  await expect(page.locator('main tbody tr').first().getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveCount(0);

  await page.locator('main tbody tr').first().getByRole('link').first().click();
  const panel = page.getByTestId('finding-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Change status' })).toHaveCount(0);
  await expect(panel.getByRole('combobox', { name: 'Severity' })).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);

  await page.goto('/userlist');
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);

  // The server is the guard: the same calls from the viewer's session are refused.
  const viewer = await apiSession(demoViewer);
  const headers = { authorization: `Bearer ${viewer.token}` };
  expect((await viewer.request.get('/api/members', { headers })).status()).toBe(403);
  expect(
    (await viewer.post('/api/member-invitations', { email: 'x@acme-retail.example', role: 'viewer' })).status(),
  ).toBe(403);
  expect((await viewer.post('/api/findings/bulk-status', { ids: [1], status: 'confirmed' })).status()).toBe(403);
  await viewer.request.dispose();
});
