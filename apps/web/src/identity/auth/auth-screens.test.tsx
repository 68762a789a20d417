import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createWebCryptoCipher, SESSION_KEYS } from '@vigil/auth-machine';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import { createTestAuthLogic, seedSession, stubApi, TEST_USER } from '@/testing/auth';
import { createTestI18n } from '@/testing/i18n';

const session = {
  access_token: 'tok-9',
  token_type: 'Bearer' as const,
  expires_in: 3600,
  user: { id: TEST_USER.id, name: TEST_USER.name, email: TEST_USER.email, idCliente: 1 },
};

async function renderAt(path: string, api = stubApi()) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App i18n={i18n} router={router} authLogic={createTestAuthLogic(api)} />);
  return { router, i18n };
}

describe('sign-in screens', () => {
  it('two-step verification: a pasted code fills the boxes and is verified', async () => {
    const verifyTwoFactor = vi.fn(async () => session);
    const { router } = await renderAt(
      '/two-step-verification?user_id=7&email=ana%40acme.test',
      stubApi({ verifyTwoFactor, listClients: async () => ({ data: [] }) }),
    );
    await screen.findByText('Enter the 6-digit code we sent to ana@acme.test.');
    const resend = screen.getByRole('button', { name: /Send a new code in \d+ s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('123456');
    await waitFor(() => expect(verifyTwoFactor).toHaveBeenCalledWith({ user_id: 7, code: '123456' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('two-step verification: a wrong code is announced, the boxes are emptied and the first one has focus', async () => {
    const verifyTwoFactor = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('x'), { status: 401, body: {} }))
      .mockResolvedValueOnce(session);
    const { router } = await renderAt(
      '/two-step-verification?user_id=7&email=ana%40acme.test',
      stubApi({ verifyTwoFactor, listClients: async () => ({ data: [] }) }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    await user.keyboard('654321');
    // The spec's message (§8), as an alert, and the first box describes itself with it.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid or expired 2FA code.');
    const digits = Array.from({ length: 6 }, (_, i) => screen.getByLabelText<HTMLInputElement>(`Digit ${i + 1} of 6`));
    await waitFor(() => expect(document.activeElement).toBe(digits[0]));
    expect(digits.map((d) => d.value)).toEqual(['', '', '', '', '', '']);
    expect(digits[0]?.getAttribute('aria-invalid')).toBe('true');
    expect(digits[0]?.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    // Typing again at once sends the new code.
    await user.keyboard('123456');
    await waitFor(() => expect(verifyTwoFactor).toHaveBeenLastCalledWith({ user_id: 7, code: '123456' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 15_000);

  it.each([
    ['terms_accepted_required', { name: 'Terms of use and privacy' }, 'form'],
    ['active_validation_required', { name: 'Account awaiting validation' }, 'heading'],
    ['email_verified_required', { name: 'Send the link again' }, 'button'],
  ] as const)(
    'two-step verification: a 403 %s after the code shows that step on /signin',
    async (flag, named, role) => {
      const verifyTwoFactor = vi.fn(async () =>
        Promise.reject(
          Object.assign(new Error('x'), {
            status: 403,
            body: { [flag]: true, user_id: 7, email: 'ana@acme.test', message: 'One more step.' },
          }),
        ),
      );
      const { router } = await renderAt(
        '/two-step-verification?user_id=7&email=ana%40acme.test',
        stubApi({ verifyTwoFactor }),
      );
      const user = userEvent.setup();
      await user.click(await screen.findByLabelText('Digit 1 of 6'));
      await user.keyboard('123456');
      expect(await screen.findByRole(role, named)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/signin');
      expect(screen.queryByLabelText('Digit 1 of 6')).toBeNull();
    },
  );

  it('terms: the form sends what was ticked; the machine refuses one box with the spec message as an alert', async () => {
    const login = vi.fn(async () =>
      Promise.reject(
        Object.assign(new Error('x'), {
          status: 403,
          body: { terms_accepted_required: true, user_id: 7, email: 'ana@acme.test', message: 'Accept the terms.' },
        }),
      ),
    );
    const acceptTerms = vi.fn(async () => ({ message: 'Terms accepted. Please sign in.' }));
    await renderAt('/signin', stubApi({ login, acceptTerms }));
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ana@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('form', { name: 'Terms of use and privacy' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    // The spec's own message, from the machine's guard, announced as an alert.
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent?.includes('Must accept both terms and privacy policy')),
      ).toBe(true),
    );
    expect(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(acceptTerms).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(acceptTerms).toHaveBeenCalledWith({ user_id: 7, terms: true, privacy: true }));
  }, 15_000);

  it('reset password: once the new password is set, the form gives way to the message and a focused way to sign in', async () => {
    const done = 'Your password has been reset. You can sign in with the new password.';
    const resetPassword = vi.fn(async () => ({ message: done }));
    const { router, i18n } = await renderAt(
      '/reset-password?token=tok-r&email=ana%40acme.test',
      stubApi({ resetPassword }),
    );
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'Vigil-new-2026!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Vigil-new-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(done);
    const signin = screen.getByRole('link', { name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(signin));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    // The server's message is shown in the interface language.
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('alert').textContent).toContain(
      'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt mit dem neuen Passwort anmelden.',
    );
    expect(screen.getByRole('alert').textContent).not.toContain(done);
    await act(() => i18n.changeLanguage('en'));
    await userEvent.setup().click(signin);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('reset password: a refused token keeps the form, with the catalogue message', async () => {
    const resetPassword = vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { status: 400, body: {} })));
    await renderAt('/reset-password?token=tok-r&email=ana%40acme.test', stubApi({ resetPassword }));
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'Vigil-new-2026!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Vigil-new-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid or expired reset token.');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeTruthy();
  });

  it('Microsoft return on /signin: the temporary token is exchanged for a session', async () => {
    const retrieveMicrosoftToken = vi.fn(async () => session);
    const { router } = await renderAt(
      '/signin?redirect_key=key-1&temp_token=tmp-1',
      stubApi({ retrieveMicrosoftToken, listClients: async () => ({ data: [] }) }),
    );
    await waitFor(() =>
      expect(retrieveMicrosoftToken).toHaveBeenCalledWith({ redirect_key: 'key-1', temp_token: 'tmp-1' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('token')).toBe('tok-9');
  });

  it('Microsoft return with an unknown domain: the catalogue message, translated', async () => {
    const { router } = await renderAt('/signin?status=error&message=Domain%20not%20recognized&email=bo%40other.test');
    expect((await screen.findByRole('alert')).textContent).toContain('Domain not recognised: bo@other.test');
    // The callback's parameters leave the address so a reload does not replay them.
    expect(router.state.location.search).toBe('');
  });

  it('registration is a view of Signin, validated with zod before anything is sent', async () => {
    const register = vi.fn();
    await renderAt('/signin', stubApi({ register }));
    fireEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Bo' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'bo@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'different-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it.each([
    ['/verify-email/tok-abc', 'verifyEmail'],
    ['/confirm-registration/7/tok-abc', 'confirmRegistration'],
    ['/two-step-verification?user_id=7&email=ana%40acme.test', 'verifyTwoFactor'],
  ] as const)(
    'a link opened while the stored user is still being read is followed once that settles: %s',
    async (path, call) => {
      // A stored user that turns out unreadable, read slowly (a loaded device): the machine stays
      // in `booting` meanwhile and ignores events, so the screen must wait before sending its own.
      sessionStorage.setItem(SESSION_KEYS.encryptedUser, await createWebCryptoCipher().encrypt('not a user'));
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const decrypt = crypto.subtle.decrypt.bind(crypto.subtle);
      const slow = vi.spyOn(crypto.subtle, 'decrypt').mockImplementation(async (...args) => {
        await gate;
        return decrypt(...args);
      });
      const answered = vi.fn(async () => ({ message: 'Done.' }));
      try {
        await renderAt(path, stubApi({ [call]: answered }));
        await new Promise((resolve) => setTimeout(resolve, 50));
        release();
        if (call === 'verifyTwoFactor') {
          // The step opened with the link's user id: the code goes to user 7.
          const user = userEvent.setup();
          await user.click(await screen.findByLabelText('Digit 1 of 6'));
          await user.keyboard('123456');
        }
        await waitFor(() => expect(answered).toHaveBeenCalledTimes(1));
        if (call === 'verifyTwoFactor') expect(answered).toHaveBeenCalledWith({ user_id: 7, code: '123456' });
      } finally {
        slow.mockRestore();
        sessionStorage.clear();
      }
    },
    15_000,
  );

  it('signed in, a language switch goes through POST /switch-language and loads that language', async () => {
    await seedSession();
    const switchLanguage = vi.fn(async () => ({ status: 'success' as const, message: 'ok', language: 'de' as const }));
    const requests: string[] = [];
    const i18n = await createTestI18n('en', requests);
    const router = createMemoryRouter(routes, { initialEntries: ['/insight'] });
    render(
      <App
        i18n={i18n}
        router={router}
        authLogic={createTestAuthLogic(stubApi({ switchLanguage, listClients: async () => ({ data: [] }) }))}
      />,
    );
    // The screen's module loads lazily: in `npm test`, beside the server suite, its first import in a
    // worker took longer than the 5 s default (the page was still empty).
    await screen.findByRole('heading', { level: 1, name: 'Insights' }, { timeout: 15_000 });
    // The companies load first (one signed-in call at a time).
    await screen.findByRole('option', { name: 'No company available' });
    // user-event does nothing on a disabled select: wait until the machine takes a switch.
    await waitFor(() => expect(screen.getByTestId('language-select').hasAttribute('disabled')).toBe(false));
    await userEvent.setup().selectOptions(screen.getByTestId('language-select'), 'de');
    await waitFor(() => expect(switchLanguage).toHaveBeenCalledWith({ language: 'de' }));
    await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    // en at start, then only the language switched to.
    expect(requests).toEqual(['/locales/en.json', '/locales/de.json']);
    expect(document.documentElement.lang).toBe('de');
  }, 30_000);
});
