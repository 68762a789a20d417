import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { getColorMode } from '@/theme/color-mode';
import '@/theme/app-recipes';
import { AppearanceSection } from './appearance-section';
import { PasswordSection } from './password-section';
import { PictureSection } from './picture-section';
import { SessionsSection } from './sessions-section';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

interface Call {
  method: string;
  url: string;
  body: string;
}

type Answer = { status: number; body: unknown };

/** A fake /api that records the calls and answers from `route` (method + path). */
function render(ui: ReactNode, route: (call: Call) => Answer) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: 'http://vigil.test/api',
    getCookies: () => '',
    fetch: async (input) => {
      const request = input as Request;
      const call = {
        method: request.method,
        url: request.url.replace('http://vigil.test/api', ''),
        body: await request.text(),
      };
      calls.push(call);
      const answer = route(call);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={queries}>
      <ApiClientProvider client={client}>{ui}</ApiClientProvider>
    </QueryClientProvider>,
    { i18n },
  );
  return calls;
}

const session = (id: number, current: boolean, browser: string) => ({
  id,
  method: 'password',
  created_at: '2026-11-28T10:00:00.000Z',
  last_activity_at: '2026-11-28T10:30:00.000Z',
  ip: current ? '203.0.113.7' : '198.51.100.9',
  user_agent: 'ua',
  browser,
  os: 'Linux',
  device_type: 'desktop',
  current,
});

function fillPasswords() {
  fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'old-one-123' } });
  fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'A-new-one-456' } });
  fireEvent.change(screen.getByLabelText(/Confirm the new password/), { target: { value: 'A-new-one-456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('password section', () => {
  it('sends the three fields and shows the server field message in the interface language', async () => {
    const calls = render(<PasswordSection />, () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { current_password: ['The current password is incorrect.'] },
      },
    }));
    fillPasswords();
    await waitFor(() => expect(screen.getByText('The current password is incorrect.')).toBeTruthy());
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/account/password' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      current_password: 'old-one-123',
      password: 'A-new-one-456',
      password_confirmation: 'A-new-one-456',
    });
    expect(screen.getByLabelText(/Current password/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says how many other sessions were signed out', async () => {
    render(<PasswordSection />, () => ({ status: 200, body: { message: 'ok', revoked_sessions: 2 } }));
    fillPasswords();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Password changed. 2 other sessions were signed out.'),
    );
  });
});

describe('sessions section', () => {
  it('marks this device, revokes another one and all others, then lists again', async () => {
    let rows = [session(1, true, 'Chrome 131'), session(2, false, 'Safari 17'), session(3, false, 'Firefox 133')];
    const calls = render(<SessionsSection />, (call) => {
      if (call.method === 'DELETE') rows = rows.filter((row) => `/account/sessions/${row.id}` !== call.url);
      if (call.url === '/account/sessions/revoke-others') rows = rows.filter((row) => row.current);
      return { status: 200, body: call.method === 'GET' ? { data: rows } : { message: 'ok', revoked_sessions: 1 } };
    });
    await waitFor(() => expect(screen.getByText('This device')).toBeTruthy());
    expect(screen.getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out the session on Safari 17' }));
    await waitFor(() => expect(screen.queryByText(/Safari 17/)).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/account/sessions/2')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(screen.queryByText(/Firefox 133/)).toBeNull());
    expect(screen.queryByRole('button', { name: /Sign out the session/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Sign out all other sessions' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('appearance section', () => {
  it('applies the theme here and saves it on the account', async () => {
    const calls = render(<AppearanceSection languageControl={<span>language</span>} />, () => ({
      status: 200,
      body: { message: 'ok', data: {} },
    }));
    fireEvent.change(screen.getByTestId('theme-select'), { target: { value: 'dark' } });
    expect(getColorMode()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/account/theme', body: '{"theme":"dark"}' });
  });
});

describe('picture section', () => {
  const profile = {
    id: 5,
    name: 'Ana Lima',
    email: 'ana@acme.test',
    position: null,
    language: 'en' as const,
    picture: null,
    theme: 'system' as const,
  };

  it('refuses a file over 2 MB without sending it', () => {
    const calls = render(<PictureSection profile={profile} />, () => ({ status: 500, body: {} }));
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('The picture must be at most 2 MB.');
    expect(calls).toHaveLength(0);
  });

  it('uploads the bytes as octet-stream and shows the server refusal translated', async () => {
    const calls = render(<PictureSection profile={profile} />, () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { picture: ['The file is not a JPEG, PNG, WebP or GIF image.'] },
      },
    }));
    const fake = new File(['not an image'], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [fake] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The file is not a JPEG, PNG, WebP or GIF image.'),
    );
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/profile/picture', body: 'not an image' });
  });
});
