import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import { createTestAuthLogic, stubApi, TEST_USER } from '@/testing/auth';
import { createTestI18n } from '@/testing/i18n';

// Issue 15: the two-step page for a user whose method is the authenticator app.
const session = {
  access_token: 'tok-9',
  token_type: 'Bearer' as const,
  expires_in: 3600,
  user: { id: TEST_USER.id, name: TEST_USER.name, email: TEST_USER.email, idCliente: 1 },
};
const byApp = {
  message: 'Enter the code from your authenticator app.',
  user_id: 7,
  email: 'ana@acme.test',
  two_factor_required: true,
  two_factor_method: 'authenticator',
};

async function signInByApp(verifyTwoFactor: ReturnType<typeof vi.fn>) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(routes, { initialEntries: ['/signin'] });
  const api = stubApi({
    login: async () => byApp as never,
    verifyTwoFactor: verifyTwoFactor as never,
    listClients: async () => ({ data: [] }),
  });
  render(<App i18n={i18n} router={router} authLogic={createTestAuthLogic(api)} />);
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Sign in to your account' });
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ana@acme.test' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Enter the 6-digit code from your authenticator app.');
  return { router, user };
}

describe('two-step verification with an authenticator app', () => {
  it("asks for the app's code, with no resend, and verifies it", async () => {
    const verifyTwoFactor = vi.fn(async () => session);
    const { router, user } = await signInByApp(verifyTwoFactor);
    expect(screen.queryByRole('button', { name: /Send a new code/ })).toBeNull();
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('246810');
    await waitFor(() => expect(verifyTwoFactor).toHaveBeenCalledWith({ user_id: 7, code: '246810' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('takes a recovery code instead; a wrong one keeps its form; the way back is the app code', async () => {
    const verifyTwoFactor = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('x'), { status: 401, body: {} }))
      .mockResolvedValueOnce(session);
    const { router, user } = await signInByApp(verifyTwoFactor);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter a recovery code such as abcde-12345.')).toBeTruthy();
    expect(verifyTwoFactor).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'k7m2p-q9x4z');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid or expired 2FA code.');
    expect(screen.getByRole('textbox', { name: 'Recovery code' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use the code from the app' }));
    expect(screen.getByLabelText('Digit 1 of 6')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'k7m2p-q9x4y');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(verifyTwoFactor).toHaveBeenLastCalledWith({ user_id: 7, code: 'k7m2p-q9x4y' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 15_000);
});
