import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createApiClient } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { Member } from '../api/members-api';
import { MembersScreen } from './members-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const member = (id: number, name: string, changes: Partial<Member> = {}): Member => ({
  id,
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@acme.test`,
  position: null,
  role: 'analyst',
  status: 'active',
  last_sign_in_at: null,
  two_factor: 'email',
  joined_at: '2026-11-01T00:00:00.000Z',
  ...changes,
});

const LAST_ADMIN = 'The last active administrator of a company cannot be demoted, deactivated or removed.';

/** A tiny in-memory /api of the user list: records what is sent, refuses to demote the one administrator. */
function membersServer(sent: Array<{ method: string; path: string; body: unknown }>): typeof fetch {
  const members = [
    member(1, 'Olivia Owner', { role: 'administrator', last_sign_in_at: '2026-11-20T10:00:00.000Z' }),
    member(2, 'Ana Analyst', { two_factor: 'authenticator' }),
    member(3, 'Paula Pending', { status: 'awaiting_validation', two_factor: 'none' }),
  ];
  const invitations = [
    {
      id: 7,
      email: 'new@acme.test',
      role: 'viewer' as const,
      status: 'invited' as const,
      created_at: '2026-11-20T00:00:00.000Z',
      expires_at: '2026-11-27T00:00:00.000Z',
      expired: false,
    },
  ];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    sent.push({ method: request.method, path, body });
    if (path === '/members') return json({ data: members, invitations });
    if (path.endsWith('/history')) {
      return json({
        data: [
          {
            id: 1,
            event: 'member.role_changed',
            at: '2026-11-21T00:00:00.000Z',
            by: { name: 'Olivia Owner', email: 'o@acme.test' },
            role: 'analyst',
            from: 'viewer',
          },
        ],
      });
    }
    if (path === '/members/1/role') return json({ message: LAST_ADMIN }, 409);
    const role = /^\/members\/(\d+)\/role$/.exec(path);
    if (role) return json({ data: { ...members.find((m) => m.id === Number(role[1])), ...(body as object) } });
    if (path === '/member-invitations') return json({ data: invitations[0] }, 201);
    return json({ message: 'Done.' });
  };
}

function renderScreen(path = '/userlist') {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const client = createApiClient({
    baseUrl: 'http://vigil.test/api',
    getCookies: () => '',
    fetch: membersServer(sent),
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientProvider client={client}>
        <MembersScreen />
      </ApiClientProvider>
    </QueryClientProvider>,
    { i18n, path },
  );
  return sent;
}

describe('MembersScreen', () => {
  it('lists members and invitations with role, status and two-factor method', async () => {
    renderScreen();
    const table = await screen.findByRole('table');
    await within(table).findByText('Olivia Owner');
    const pending = within(table).getByText('Paula Pending').closest('tr') as HTMLElement;
    expect(within(pending).getByText('Awaiting validation')).toBeTruthy();
    expect(within(pending).getByText('None')).toBeTruthy();
    const ana = within(table).getByText('Ana Analyst').closest('tr') as HTMLElement;
    expect(within(ana).getByText('Authenticator app')).toBeTruthy();
    expect(within(ana).getByText('Never')).toBeTruthy();
    const invited = within(table).getAllByText('new@acme.test')[0]?.closest('tr') as HTMLElement;
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('Viewer')).toBeTruthy();
    // The invited person has no name until they accept: the name column says so, not the e-mail again.
    expect(within(invited).getAllByText('new@acme.test')).toHaveLength(1);
    expect(within(invited).getByRole('link', { name: 'Set when they accept' })).toBeTruthy();
  });

  it("changes a member's role from the drawer and shows the member's history", async () => {
    const sent = renderScreen('/userlist?open=m2');
    const drawer = await screen.findByTestId('detail-drawer');
    expect(await within(drawer).findByText('Role changed from Viewer to Analyst')).toBeTruthy();
    expect(within(drawer).getByText(/by Olivia Owner/)).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Role'), { target: { value: 'viewer' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'PUT', path: '/members/2/role', body: { role: 'viewer' } }),
    );
  });

  it('says why the last administrator cannot be demoted', async () => {
    renderScreen('/userlist?open=m1');
    const drawer = await screen.findByTestId('detail-drawer');
    fireEvent.change(await within(drawer).findByLabelText('Role'), { target: { value: 'analyst' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Change role' }));
    expect((await within(drawer).findByRole('alert')).textContent).toMatch(/last active administrator/);
  });

  it('asks before deactivating, then sends it; validates an account awaiting validation', async () => {
    const sent = renderScreen('/userlist?open=m3');
    const drawer = await screen.findByTestId('detail-drawer');
    // On a loaded machine the drawer can still be opening: a click then lands in a closed drawer.
    await waitFor(() => expect(drawer.dataset.state).toBe('open'), { timeout: 5_000 });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Deactivate' }));
    expect(sent.some((r) => r.path === '/members/3/deactivate')).toBe(false);
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Confirm' }, { timeout: 5_000 }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/members/3/deactivate')).toBe(true));
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Validate account' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/members/3/activate')).toBe(true));
  });

  it('invites by e-mail with a role', async () => {
    const sent = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'someone@acme.test' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'viewer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/member-invitations',
        body: { email: 'someone@acme.test', role: 'viewer' },
      }),
    );
    expect(await screen.findByText('Invitation sent to someone@acme.test.')).toBeTruthy();
  });
});
