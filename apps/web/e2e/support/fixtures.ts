import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/** The demo analyst seeded on first start (apps/api/src/features/demo/demo.seed.ts). */
export const demoUser = { email: 'analyst@acme-retail.example', password: 'Vigil-demo-2026!', name: 'Ana Analyst' };
export const demoAdmin = { email: 'admin@acme-retail.example', password: 'Vigil-admin-2026!' };
/** Acme Retail's company administrator and viewer (demo.seed.ts's demoMembers). */
export const demoOwner = {
  email: 'olivia.owner@acme-retail.example',
  password: 'Vigil-owner-2026!',
  name: 'Olivia Owner',
};
export const demoViewer = {
  email: 'vera.viewer@acme-retail.example',
  password: 'Vigil-viewer-2026!',
  name: 'Vera Viewer',
};

export function serverUrl(): string {
  const url = process.env.VIGIL_E2E_URL;
  if (!url) throw new Error('VIGIL_E2E_URL is not set: run through playwright.config.ts (global setup).');
  return url;
}

interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The development outbox (GET /api/dev/outbox), newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${serverUrl()}/api/dev/outbox`, { params: { to, limit: 20 } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** Waits for a message to `to` newer than `afterId` whose text matches `pattern`; answers the first group. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  afterId = 0,
): Promise<{ match: string; id: number }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const message of await outbox(request, to)) {
      if (message.id <= afterId) continue;
      const found = pattern.exec(`${message.subject}\n${message.text}`);
      if (found) return { match: found[1] ?? found[0], id: message.id };
    }
    await new Promise((done) => setTimeout(done, 150));
  }
  throw new Error(`No e-mail to ${to} matching ${pattern} arrived within 10 s.`);
}

/** The newest outbox id for `to` (0 if none): later mail is what the next step sent. */
export async function lastMailId(request: APIRequestContext, to: string): Promise<number> {
  return (await outbox(request, to))[0]?.id ?? 0;
}

/** Refuses every request that is not to 127.0.0.1 (tests send traffic nowhere else). */
export async function keepTrafficLocal(page: Page): Promise<void> {
  // A page leaving for elsewhere (Microsoft) gets 204 No Content: the navigation is cancelled and
  // the page stays as it was, so what it showed while leaving can still be checked.
  await page
    .context()
    .route(/^(?!https?:\/\/127\.0\.0\.1[:/]|data:|blob:|about:)/, (route) =>
      route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.abort(),
    );
}

/** Fills the 6-digit code the way a user pastes it into the first box. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  await first.click();
  await page.keyboard.insertText(code);
}

/** E-mail and password on /signin, then the e-mailed code: lands on the dashboard. */
export async function signIn(
  page: Page,
  user: { email: string; password: string } = demoUser,
  options: { path?: string; expectPath?: RegExp } = {},
): Promise<void> {
  const before = await lastMailId(page.request, user.email);
  await page.goto(options.path ?? '/signin');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/two-step-verification\?/);
  const { match: code } = await waitForMail(page.request, user.email, /\b(\d{6})\b/, before);
  await enterCode(page, code);
  await expect(page).toHaveURL(options.expectPath ?? /\/(dashboard)?$/);
}

/**
 * Makes `name` the signed-in user's company again. The server remembers the company a user last
 * switched to (`users.current_company_id`), so a spec that switches puts it back for the specs
 * after it, which sign in as the same demo user.
 */
export async function useCompany(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard');
  const switcher = page.getByTestId('company-switcher');
  const signInHeading = page.getByRole('heading', { name: 'Sign in to your account' });
  // Wait for the app to show either: right after the navigation neither is drawn yet.
  await expect(switcher.or(signInHeading)).toBeVisible();
  if (await signInHeading.isVisible()) return; // not signed in: nothing was switched
  // Enabled once the companies are loaded; the selected one is then the session's (the server's).
  await expect(switcher).toBeEnabled();
  if ((await switcher.locator('option:checked').textContent()) !== name) {
    // Wait for the server's answer: the page may close right after, which would cancel the switch.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/get-clients') && r.request().method() === 'POST');
    await switcher.selectOption({ label: name });
    expect((await answer).status()).toBe(200);
  }
  await expect(switcher.locator('option:checked')).toHaveText(name);
  await expect(switcher).toBeEnabled();
}

/** The four monitoring screens (credentials with each tab) and the heading each shows. */
export const monitoringScreens = [
  ['/dashboard', 'Dashboard'],
  ['/credentials', 'Credentials'],
  ['/credentials?tab=devices', 'Credentials'],
  ['/cvemonitor', 'CVE monitor'],
  ['/gitdork', 'Code-hosting dork'],
  ['/vulnerabilities', 'Vulnerabilities'],
] as const;

/** Opens a monitoring screen and waits for its demo data: the badge, then the timeline or rows. */
export async function openWithDemoData(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  if (path === '/dashboard') await expect(page.getByTestId('timeline')).toBeVisible();
  else await expect(page.locator('main tbody tr').first()).toBeVisible();
}

export const test = base.extend<{ localOnly: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  localOnly: [
    async ({ page }, use) => {
      await keepTrafficLocal(page);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };
