import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestAuthLogic, seedSession, stubApi, TEST_USER } from '@/testing/auth';
import { createTestI18n } from '@/testing/i18n';
import { App } from './app';
import { routes } from './router';

async function renderApp(path: string, authLogic = createTestAuthLogic()) {
  const i18n = await createTestI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App i18n={i18n} router={router} authLogic={authLogic} />);
  return router;
}

const session = {
  access_token: 'tok-2',
  token_type: 'Bearer' as const,
  expires_in: 3600,
  user: { id: TEST_USER.id, name: TEST_USER.name, email: TEST_USER.email, idCliente: 1 },
};

describe('route guard', () => {
  it('renders nothing protected before the session check settles', async () => {
    const pending = createTestAuthLogic().provide({
      actors: { restoreSession: fromPromise(() => new Promise(() => {})) },
    });
    await renderApp('/credentials', pending);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Credentials' })).toBeNull();
  });

  it('sends an anonymous visitor to Signin with the page as redirect target', async () => {
    const router = await renderApp('/credentials');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?redirect=%2Fcredentials');
  });

  it('lets a restored session through to the screen, with its title', async () => {
    await seedSession();
    await renderApp('/cyberadvisor', createTestAuthLogic(stubApi({ listClients: async () => ({ data: [] }) })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cyber advisor' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Vigil | Cyber advisor'));
  });

  it('gives each screen of a module with several its own page (the assets module draws /suppliers)', async () => {
    await seedSession();
    await renderApp('/suppliers', createTestAuthLogic(stubApi({ listClients: async () => ({ data: [] }) })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Suppliers' })).toBeTruthy();
    expect(await screen.findByTestId('table-suppliers')).toBeTruthy();
    expect(screen.queryByTestId('screen-empty-state')).toBeNull();
  });

  it('honours the redirect target after sign-in', async () => {
    const login = vi.fn(async () => session);
    const router = await renderApp(
      '/globalcorporate',
      createTestAuthLogic(stubApi({ login, listClients: async () => ({ data: [] }) })),
    );
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ana@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Global Vision' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/globalcorporate');
    expect(login).toHaveBeenCalledWith({ email: 'ana@acme.test', password: 'secret' });
  });

  it('never follows an off-site redirect target', async () => {
    const router = await renderApp(
      '/signin?redirect=https%3A%2F%2Fevil.example%2F',
      createTestAuthLogic(stubApi({ login: async () => session, listClients: async () => ({ data: [] }) })),
    );
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ana@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(document.title).toBe('Vigil | Home'));
  });

  it('sends a visitor who is already signed in on from /signin to the checked target', async () => {
    await seedSession();
    const router = await renderApp(
      '/signin?redirect=%2Finsight',
      createTestAuthLogic(stubApi({ listClients: async () => ({ data: [] }) })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/insight');
  });

  it("after sign-in, the machine's navigate intent leads: a refused target falls back to / (the machine's answer)", async () => {
    const i18n = await createTestI18n();
    const router = createMemoryRouter(routes, { initialEntries: ['/signin?redirect=%2Finsight'] });
    const navigate = router.navigate.bind(router);
    const targets: string[] = [];
    // The router refuses the redirect target once, as a browser refusing the history entry does.
    router.navigate = ((to: unknown, options?: unknown) => {
      targets.push(String(to));
      if (to === '/insight') return Promise.reject(new DOMException('refused', 'DataCloneError'));
      return navigate(to as never, options as never);
    }) as typeof router.navigate;
    const logic = createTestAuthLogic(stubApi({ login: async () => session, listClients: async () => ({ data: [] }) }));
    render(<App i18n={i18n} router={router} authLogic={logic} />);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ana@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Only the machine navigated: to the target, then (after auth.navigation.failed) to /.
    expect(targets).toEqual(['/insight', '/']);
  });

  it('validates the form before sending and shows catalogue errors as alerts', async () => {
    const login = vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { status: 401, body: {} })));
    await renderApp('/signin', createTestAuthLogic(stubApi({ login })));
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ana@acme.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password.');
  });
});

describe('a session that ends (spec §4 "401 on any call", logout)', () => {
  const signedInApi = (overrides: Parameters<typeof stubApi>[0]) =>
    createTestAuthLogic(stubApi({ listClients: async () => ({ data: [] }), ...overrides }));

  it.each([
    ['idle (the inactivity check)', 'Session expired due to inactivity.', 'Session expired due to inactivity.'],
    ['revoked on the server', 'Unauthenticated.', 'Your session has ended. Please sign in again.'],
  ])(
    'a stored session %s: the sign-in screen says why',
    async (_name, serverMessage, shown) => {
      await seedSession();
      const refused = Object.assign(new Error('x'), { status: 401, body: { message: serverMessage } });
      const router = await renderApp('/insight', signedInApi({ checkUser: async () => Promise.reject(refused) }));
      await screen.findByRole('heading', { name: 'Sign in to your account' });
      expect(router.state.location.pathname).toBe('/signin');
      expect((await screen.findByRole('alert')).textContent).toContain(shown);
      expect(sessionStorage.getItem('token')).toBeNull();
    },
    15_000,
  );

  it('a logout lands on sign-in with no message', async () => {
    await seedSession();
    const logout = vi.fn(async () => ({ message: 'Bye.' }));
    await renderApp('/insight', signedInApi({ checkUser: async () => ({ status: 'active' }), logout }));
    await screen.findByRole('heading', { level: 1, name: 'Insights' });
    // The companies load first (one signed-in call at a time).
    await screen.findByRole('option', { name: 'No company available' });
    const user = userEvent.setup();
    // By keyboard (a pointer's choice depends on which item it last moved over): open, last item, choose.
    screen.getByRole('button', { name: /^Account menu of / }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menu').getAttribute('data-state')).toBe('open'));
    await user.keyboard('{End}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Log out' }).getAttribute('data-highlighted')).not.toBeNull(),
    );
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(logout).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);
});

describe('public pages', () => {
  it('shows the not-found page for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByText("We can't seem to find the page you are looking for!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home Page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo').textContent).toContain(String(new Date().getFullYear()));
  });

  it.each([
    ['/error-500', 'Something went wrong'],
    ['/error-503', 'Service unavailable'],
    ['/maintenance', 'Down for maintenance'],
    ['/coming-soon', 'Coming soon'],
    ['/error-404', 'Page not found'],
    ['/analytics', 'Analytics'],
  ])('%s renders', async (path, heading) => {
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
