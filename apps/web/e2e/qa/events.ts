import { expect, type Page } from '@playwright/test';
import { INACTIVITY_TIMER_EVENT } from '@vigil/auth-machine';
import { enterCode } from '../support/fixtures.ts';
import type { PlannedPath } from './model.ts';
import { FORM_PASSWORD, MODEL_EMAIL, MODEL_NAME, type ReplayContext } from './replay-context.ts';

/**
 * How a user causes each event of the auth machine in the browser. Keys are event types; an event
 * the page sends by itself when it loads (the link pages, the two-step page, the Microsoft return,
 * the shell's clients list) is caused by the path's entry URL and its action only checks that.
 * A QA engineer adding an event adds one entry here (and its entry URL when it starts a path).
 */
const INACTIVITY_EVENT = INACTIVITY_TIMER_EVENT.type;

export type EventAction = (ctx: ReplayContext) => Promise<void>;

type UserEvent = Record<string, unknown> & { type: string };

const userEvents = (path: PlannedPath): UserEvent[] =>
  path.steps.map((s) => s.event as UserEvent).filter((e) => !e.type.startsWith('xstate.'));

/** Where a path starts: the page whose load (or first action) sends the path's first user event. */
export function entryUrl(path: PlannedPath): string {
  const signedIn = path.steps[0]?.condition?.given.storage?.user !== undefined;
  const first = userEvents(path)[0];
  switch (first?.type) {
    case 'auth.submit':
      return `/signin?redirect=${encodeURIComponent(String(first.redirect ?? '/'))}`;
    case 'auth.register':
    case 'auth.microsoft.signUp':
      return '/signin?view=register';
    case 'auth.twoFactor.open':
      return first.userId === undefined
        ? '/two-step-verification'
        : `/two-step-verification?user_id=${String(first.userId)}&email=${encodeURIComponent(String(first.email))}`;
    case 'auth.twoFactor.verify':
    case 'auth.twoFactor.resend':
      // Without a stored two-factor user (the guarded branch): the step's page with no query.
      return '/two-step-verification';
    case 'auth.email.verify':
      return `/verify-email/${String(first.token)}`;
    case 'auth.registration.confirm':
      return `/confirm-registration/${String(first.id)}/${String(first.token)}`;
    case 'auth.password.requestReset':
      return '/reset-password';
    case 'auth.password.reset':
      return `/reset-password?token=tok-reset&email=${encodeURIComponent(MODEL_EMAIL)}`;
    case 'auth.microsoft.callback': {
      const params = new URLSearchParams(first.params as Record<string, string>);
      return `/signin?${params.toString()}`;
    }
    default:
      return signedIn ? '/' : '/signin';
  }
}

const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
const fill = (page: Page, name: string, value: string) => page.getByRole('textbox', { name, exact: true }).fill(value);

/** Events the page sends by itself when the path's entry URL loads. */
export const sentOnLoadEvents = new Set([
  'auth.twoFactor.open',
  'auth.email.verify',
  'auth.registration.confirm',
  'auth.microsoft.callback',
  'auth.clients.load',
]);

/**
 * Events that follow the previous step by themselves: sent by the page on load, or caused by an
 * arrangement made before the path started (a navigation that fails). The previous step's state
 * is transient then, and only the step after it is checked.
 */
export const followsByItself = new Set([...sentOnLoadEvents, 'auth.navigation.failed']);

/** Sent by the page itself on load: the action checks the page is the one that sends it. */
const sentOnLoad =
  (path: RegExp): EventAction =>
  async ({ page }) => {
    await expect(page).toHaveURL(path);
  };

export const eventActions: Record<string, EventAction> = {
  'auth.submit': async ({ page }) => {
    await fill(page, 'E-mail', MODEL_EMAIL);
    await fill(page, 'Password', FORM_PASSWORD);
    await click(page, 'Sign in');
  },
  'auth.register': async ({ page }) => {
    await fill(page, 'Full name', MODEL_NAME);
    await fill(page, 'E-mail', MODEL_EMAIL);
    await fill(page, 'Password', FORM_PASSWORD);
    await fill(page, 'Confirm password', FORM_PASSWORD);
    await click(page, 'Create account');
  },
  'auth.back': async ({ page }) => {
    const back = page
      .getByRole('button', { name: 'Back to sign in' })
      .or(page.getByRole('link', { name: 'Back to sign in' }));
    if (!(await back.first().isVisible())) {
      // Waiting on Microsoft: the sign-in page has no Back, so the user takes the reset-password
      // page's "Back to sign in" (from the registration view through its Sign in link).
      const signinLink = page.getByRole('link', { name: 'Sign in', exact: true });
      if (await signinLink.isVisible()) await signinLink.click();
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
    }
    await back.first().click();
  },
  'auth.twoFactor.open': sentOnLoad(/\/two-step-verification/),
  'auth.twoFactor.verify': async ({ page }) => {
    const recovery = page.getByRole('textbox', { name: 'Recovery code' });
    if (await recovery.isVisible()) {
      await recovery.fill('abcde-12345');
      await click(page, 'Verify');
      return;
    }
    await enterCode(page, '123456');
  },
  'auth.twoFactor.useRecoveryCode': async ({ page }) => {
    await click(page, 'Use a recovery code');
  },
  'auth.twoFactor.useAppCode': async ({ page }) => {
    await click(page, 'Use the code from the app');
  },
  'auth.twoFactor.resend': async ({ page }) => {
    // The resend button waits out its cooldown (30 s) on the page clock.
    // One second at a time: each tick re-renders and schedules the next one.
    const resend = page.getByRole('button', { name: 'Send a new code', exact: true });
    for (let second = 0; second < 40 && !(await resend.isVisible()); second += 1) await page.clock.runFor(1_000);
    await resend.click();
  },
  'auth.verification.resend': async ({ page }) => {
    await click(page, 'Send the link again');
  },
  'auth.email.verify': sentOnLoad(/\/verify-email\//),
  'auth.registration.confirm': sentOnLoad(/\/confirm-registration\//),
  'auth.terms.accept': async ({ page, step }) => {
    // The form sends what is ticked; the machine refuses anything but both (spec §5).
    if (step.event.terms === true) await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
    if (step.event.privacy === true) await page.getByRole('checkbox', { name: 'I accept the privacy policy' }).check();
    await click(page, 'Accept and continue');
  },
  'auth.password.requestReset': async ({ page }) => {
    await fill(page, 'E-mail', MODEL_EMAIL);
    await click(page, 'Send reset link');
  },
  'auth.password.reset': async ({ page }) => {
    await fill(page, 'New password', FORM_PASSWORD);
    await fill(page, 'Confirm the new password', FORM_PASSWORD);
    await click(page, 'Set new password');
  },
  'auth.microsoft.signUp': async ({ page }) => {
    await fill(page, 'E-mail', MODEL_EMAIL);
    await click(page, 'Sign up with Microsoft');
  },
  'auth.microsoft.signIn': async ({ page }) => {
    await click(page, 'Sign in with Microsoft');
  },
  'auth.microsoft.callback': sentOnLoad(/\/signin/),
  'auth.clients.load': async ({ page }) => {
    // The app shell asks for the companies when it mounts.
    await expect(page.getByTestId('company-switcher')).toBeVisible();
  },
  'auth.company.switch': async ({ page }) => {
    const switcher = page.getByTestId('company-switcher');
    await expect(switcher).toBeEnabled();
    await switcher.selectOption('9');
  },
  'auth.language.switch': async ({ page, step }) => {
    await page.getByTestId('language-select').selectOption(String(step.event.language));
  },
  'auth.logout': async ({ page }) => {
    await page.getByRole('button', { name: /^Account menu of / }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  },
  'auth.navigation.failed': async () => {
    // Arranged before the path started (qa/arrange.ts): the navigation the machine asked for failed.
  },
  'auth.unauthorized': async ({ page, api }) => {
    // A 401 on any call of the app (not one of the machine's own): the next screen data call gets it.
    const answered = api.failNextDataCall(401, { message: 'Session expired due to inactivity.' });
    // To the Credentials screen in the app (a history navigation, as a link does), which loads its data.
    await page.evaluate(() => {
      history.pushState(null, '', '/credentials');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await answered;
  },
  [INACTIVITY_EVENT]: async ({ page }) => {
    await page.clock.fastForward(30 * 60 * 1000);
  },
};
