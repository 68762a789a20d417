import { type APIRequestContext, test as base, type Cookie, expect, type Page } from '@playwright/test';

/** The demo analyst seeded on first start (apps/api/src/demo/demo.seed.ts). */
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

/**
 * For a spec that watches a page leave for another site: the navigation away gets 204 No Content, so
 * the page stays as it was (the browser's proxy would show an error page instead). Other requests
 * off 127.0.0.1 are refused, as the proxy does. Costs the browser's cache for the page's context.
 */
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

/** A session this worker signed in: its cookies and the app's session storage (where the token lives). */
interface SavedSession {
  cookies: Cookie[];
  storage: Array<[string, string]>;
}
const sessions = new Map<string, SavedSession>();

/**
 * Opens `landing` (the dashboard unless told) in a session `email` signed in earlier in this worker, if the server still
 * accepts it (the app's start-up /api/check-user answers 200); false when there is none or it was
 * ended (a logout, a password change), the page then signed out and clean.
 */
async function restoreSession(page: Page, email: string, landing = '/dashboard'): Promise<boolean> {
  const saved = sessions.get(email);
  if (!saved) return false;
  await page.context().addCookies(saved.cookies);
  await page.goto('/favicon.svg'); // a page of the origin, to write its session storage
  await page.evaluate((items) => {
    for (const [key, value] of items) sessionStorage.setItem(key, value);
  }, saved.storage);
  const checked = page.waitForResponse((r) => r.url().endsWith('/api/check-user'), { timeout: 20_000 });
  await page.goto(landing);
  if ((await checked.catch(() => null))?.status() === 200) {
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === landing);
    return true;
  }
  sessions.delete(email);
  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  return false;
}

/**
 * Signs `user` in and lands on the dashboard. The first time in a worker (or with `fresh`, or a
 * `path`), through the screens: e-mail and password on /signin, then the e-mailed code. After that,
 * the session is restored in the new page (cookies and session storage) as long as the server
 * accepts it: a sign-in costs about 3 s of a 2-core machine, and only the specs about signing in
 * need to go through it (they pass `fresh`).
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string } = demoUser,
  options: { path?: string; expectPath?: RegExp; fresh?: boolean } = {},
): Promise<void> {
  const reuse = !options.fresh && options.path === undefined && options.expectPath === undefined;
  if (reuse && (await restoreSession(page, user.email))) return;
  const before = await lastMailId(page.request, user.email);
  await page.goto(options.path ?? '/signin');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/two-step-verification\?/);
  const { match: code } = await waitForMail(page.request, user.email, /\b(\d{6})\b/, before);
  await enterCode(page, code);
  await expect(page).toHaveURL(options.expectPath ?? /\/(dashboard)?$/);
  if (reuse) {
    const storage = await page.evaluate(() => Object.entries(sessionStorage));
    sessions.set(user.email, { cookies: await page.context().cookies(), storage });
  }
}

/**
 * Signs `user` in (as {@link signIn}) and opens `path`: a restored session opens it straight away,
 * without drawing the dashboard first only to leave it (each page load is a second of the suite).
 */
export async function openSignedIn(
  page: Page,
  path: string,
  user: { email: string; password: string } = demoUser,
): Promise<void> {
  if (await restoreSession(page, user.email, path)) return;
  await signIn(page, user);
  await page.goto(path);
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

/**
 * Opens a monitoring screen (`opened`: {@link openSignedIn} just opened it) and waits for its demo data:
 * the badge, then the timeline or rows.
 */
export async function openWithDemoData(
  page: Page,
  path: string,
  heading: string,
  { opened = false }: { opened?: boolean } = {},
): Promise<void> {
  if (!opened) await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  if (path === '/dashboard') await expect(page.getByTestId('timeline')).toBeVisible();
  else await expect(page.locator('main tbody tr').first()).toBeVisible();
}

// Requests to anywhere but 127.0.0.1 fail in the browser (a proxy that is not there: browsers.ts).
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
});

export { expect };
