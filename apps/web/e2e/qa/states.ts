import { expect as baseExpect, type Page } from '@playwright/test';
import type { ReplayContext } from './replay-context.ts';

/**
 * What the page shows in each state of the auth machine. Keys are state ids; for a step every active
 * state that has a check is checked (parents first). A QA engineer adding a state adds one entry.
 */
// The fake API answers at once: a state that does not show within 5 s is not there.
const expect = baseExpect.configure({ timeout: 5_000 });

export type StateCheck = (ctx: ReplayContext) => Promise<void>;

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });
const shell = (page: Page) => page.getByRole('button', { name: /^Account menu of / });

/** A call the step caused was made (and, when scripted, is being held). */
async function called(ctx: ReplayContext, call: string): Promise<void> {
  await expect
    .poll(() => ctx.api.calls.slice(ctx.callsBefore).includes(call) || ctx.api.calls.includes(call), {
      message: `expected the page to call ${call}`,
    })
    .toBe(true);
}

export const stateChecks: Record<string, StateCheck> = {
  'auth.booting': async ({ page }) => {
    await expect(page.locator('#root')).toBeAttached();
  },
  'auth.signedOut': async ({ page }) => {
    await expect(page.getByRole('button', { name: /^Account menu of / })).toHaveCount(0);
  },
  // Compound states: their children's checks say what the page shows.
  'auth.signedOut.view': async () => {},
  'auth.authenticated.inactivity': async () => {},
  'auth.authenticated.activity': async () => {},
  'auth.signedOut.view.signIn': async ({ page }) => {
    // The sign-in view of the machine is whichever signed-out screen is open, idle: the sign-in or
    // registration form, the reset-password forms, or a link page's outcome with its Sign in button.
    await expect(
      page
        .getByRole('button', { name: /^(Sign in|Create account|Send reset link|Set new password|Verify)$/ })
        .or(page.getByRole('link', { name: 'Sign in', exact: true }))
        .first(),
    ).toBeEnabled();
  },
  'auth.signedOut.view.passwordReset': async ({ page }) => {
    // The new password is set: the form is gone, the way on to sign in has the focus.
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeFocused();
    await expect(button(page, 'Set new password')).toHaveCount(0);
  },
  'auth.signedOut.view.activeValidation': async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Account awaiting validation' })).toBeVisible();
  },
  'auth.signedOut.view.twoFactor': async ({ page }) => {
    await expect(
      page
        .getByRole('textbox', { name: 'Digit 1 of 6' })
        .or(page.getByRole('textbox', { name: 'Recovery code' }))
        .or(page.getByRole('alert').filter({ hasText: 'Unable to redirect to 2FA verification' }))
        .first(),
    ).toBeVisible();
  },
  'auth.signedOut.view.twoFactor.emailCode': async ({ page }) => {
    // The e-mailed code can be sent again (after its cooldown); the app's step has no such button.
    await expect(
      button(page, /^Send a new code/).or(
        page.getByRole('alert').filter({ hasText: 'Unable to redirect to 2FA verification' }),
      ),
    ).toBeVisible();
    await expect(button(page, 'Use a recovery code')).toHaveCount(0);
  },
  'auth.signedOut.view.twoFactor.appCode': async ({ page }) => {
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await expect(button(page, 'Use a recovery code')).toBeEnabled();
    await expect(button(page, /^Send a new code/)).toHaveCount(0);
  },
  'auth.signedOut.view.twoFactor.recoveryCode': async ({ page }) => {
    await expect(page.getByRole('textbox', { name: 'Recovery code' })).toBeEnabled();
    await expect(button(page, 'Use the code from the app')).toBeEnabled();
  },
  'auth.signedOut.view.emailVerification': async ({ page }) => {
    await expect(button(page, 'Send the link again')).toBeEnabled();
  },
  'auth.signedOut.view.terms': async ({ page }) => {
    await expect(page.getByRole('form', { name: 'Terms of use and privacy' })).toBeVisible();
    await expect(button(page, 'Accept and continue')).toBeEnabled();
  },
  'auth.signedOut.signingIn': async ({ page }) => {
    await expect(button(page, 'Signing in…')).toBeVisible();
  },
  'auth.signedOut.verifyingTwoFactor': async ({ page }) => {
    await expect(button(page, 'Verifying…')).toBeVisible();
  },
  'auth.signedOut.verifyingRecoveryCode': async ({ page }) => {
    await expect(button(page, 'Verifying…')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Recovery code' })).toBeDisabled();
  },
  'auth.signedOut.resendingTwoFactor': async ({ page }) => {
    await expect(button(page, 'Sending…')).toBeVisible();
  },
  'auth.signedOut.resendingVerification': async ({ page }) => {
    await expect(button(page, 'Sending…')).toBeVisible();
  },
  'auth.signedOut.acceptingTerms': async ({ page }) => {
    await expect(button(page, 'Saving…')).toBeVisible();
  },
  'auth.signedOut.registering': async ({ page }) => {
    await expect(button(page, 'Creating your account…')).toBeVisible();
  },
  'auth.signedOut.verifyingEmail': async ({ page }) => {
    await expect(page.getByRole('status').filter({ hasText: 'Verifying your e-mail address…' })).toBeVisible();
  },
  'auth.signedOut.confirmingRegistration': async ({ page }) => {
    await expect(page.getByRole('status').filter({ hasText: 'Confirming your registration…' })).toBeVisible();
  },
  'auth.signedOut.requestingPasswordReset': async ({ page }) => {
    await expect(button(page, 'Sending…')).toBeVisible();
  },
  'auth.signedOut.resettingPassword': async ({ page }) => {
    await expect(button(page, 'Saving…')).toBeVisible();
  },
  'auth.signedOut.startingMicrosoftSignUp': async ({ page }) => {
    await expect(button(page, 'Redirecting to Microsoft…')).toBeVisible();
  },
  'auth.signedOut.startingMicrosoftSignIn': async ({ page }) => {
    await expect(button(page, 'Redirecting to Microsoft…')).toBeVisible();
  },
  'auth.signedOut.handlingMicrosoftCallback': async (ctx) => {
    await called(ctx, 'GET /api/auth/microsoft/login/retrieveToken');
  },
  'auth.signedOut.leaving': async ({ page }) => {
    await expect(button(page, 'Redirecting to Microsoft…')).toBeVisible();
  },
  'auth.authenticated': async ({ page }) => {
    // The app shell; or, when the navigations after a sign-in failed (to the target, then to /),
    // the sign-in page showing the signed-in visitor the way into the app instead of the form.
    await expect(shell(page).or(page.getByRole('link', { name: 'Back to Home Page' }))).toBeVisible();
  },
  'auth.authenticated.inactivity.waiting': async () => {},
  'auth.authenticated.inactivity.checking': async (ctx) => {
    await called(ctx, 'POST /api/check-user');
  },
  'auth.authenticated.activity.idle': async ({ page }) => {
    await expect(page.getByTestId('language-select')).toBeEnabled();
  },
  'auth.authenticated.activity.loadingClients': async (ctx) => {
    await called(ctx, 'GET /api/get-clients');
    await expect(ctx.page.getByTestId('company-switcher')).toBeDisabled();
  },
  'auth.authenticated.activity.switchingCompany': async (ctx) => {
    await called(ctx, 'POST /api/get-clients');
    await expect(ctx.page.getByTestId('company-switcher')).toBeDisabled();
  },
  'auth.authenticated.activity.switchingLanguage': async (ctx) => {
    await called(ctx, 'POST /api/switch-language');
    await expect(ctx.page.getByTestId('language-select')).toBeDisabled();
  },
  'auth.loggingOut': async (ctx) => {
    await called(ctx, 'POST /api/logout');
  },
};

/** Messages the English interface words differently from the machine's catalogue text. */
const shownAs: Record<string, string> = {
  'Parâmetro state não recebido no callback.': 'The state parameter was not received in the callback.',
  'Nenhum state armazenado na sessão.': 'No state is stored in the session.',
  'Parâmetro state inválido.': 'Invalid state parameter.',
  'Endpoint not found. Verifique a configuração da rota no backend.':
    'Endpoint not found. Check the route configuration of the back end.',
};

/** The machine's error, notice and why a session ended, of this step, are on the page as alerts. */
export async function checkMessages(ctx: ReplayContext): Promise<void> {
  const { error, notice, sessionEnded } = ctx.step.context;
  for (const message of [error, notice, sessionEnded?.message]) {
    if (!message) continue;
    const text =
      shownAs[message] ?? (message.startsWith('Domínio não reconhecido') ? 'Domain not recognised' : message);
    await expect(ctx.page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  }
}
