import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { createApiClient, type Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ApiTokensSection } from '../index';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

type Sent = { method: string; url: string; body: unknown };
const SECRET = 'vigil_pat_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm';

/** A tiny /api/api-tokens kept in an array, as the contract answers; every request recorded. */
function tokensServer(sent: Sent[]): typeof fetch {
  let tokens: Schemas['ApiToken'][] = [];
  let next = 1;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const { pathname, search } = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    sent.push({ method: request.method, url: `${pathname}${search}`, body });
    if (pathname === '/api/api-tokens' && request.method === 'POST') {
      const token: Schemas['ApiToken'] = {
        id: next++,
        name: body.name,
        hint: `${SECRET.slice(0, 16)}…`,
        scopes: body.scopes,
        status: 'active',
        owner: { id: 7, name: 'Ana Souza', email: 'ana@acme-retail.example' },
        created_at: '2026-12-07T10:00:00.000Z',
        expires_at: '2027-03-07T10:00:00.000Z',
        last_used_at: null,
        last_used_ip: null,
        revoked_at: null,
      };
      tokens = [token, ...tokens];
      return json({ data: token, token: SECRET }, 201);
    }
    if (pathname.startsWith('/api/api-tokens/') && request.method === 'DELETE') {
      const id = Number(pathname.split('/').pop());
      tokens = tokens.map((t) =>
        t.id === id ? { ...t, status: 'revoked', revoked_at: '2026-12-07T11:00:00.000Z' } : t,
      );
      return json({ data: tokens.find((t) => t.id === id) });
    }
    if (pathname === '/api/api-tokens') return json({ data: tokens });
    return json({ message: 'not found' }, 404);
  };
}

function renderSection(sent: Sent[], owner: 'me' | 'company') {
  const client = createApiClient({ baseUrl: 'http://vigil.test/api', fetch: tokensServer(sent), getCookies: () => '' });
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientProvider client={client}>
        <ApiTokensSection owner={owner} />
      </ApiClientProvider>
    </QueryClientProvider>,
    { i18n },
  );
}

describe('ApiTokensSection', () => {
  it('creates a token with the chosen scopes and lifetime, shows its secret once with the MCP block, then revokes it', async () => {
    const sent: Sent[] = [];
    renderSection(sent, 'me');
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New token' }));
    const form = screen.getByRole('form', { name: 'New token' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Claude Desktop' } });
    // mcp brings read with it; unticking read drops mcp.
    fireEvent.click(within(form).getByRole('checkbox', { name: /^MCP/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Triage/ }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Expires after' }), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('token-secret')).textContent).toBe(SECRET);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Claude Desktop',
      scopes: ['read', 'triage', 'mcp'],
      expires_in_days: 30,
    });
    const config = JSON.parse(screen.getByTestId('mcp-config').textContent ?? '{}');
    expect(config.mcpServers.vigil.url).toBe(`${window.location.origin}/api/mcp`);
    expect(config.mcpServers.vigil.headers.Authorization).toBe(`Bearer ${SECRET}`);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('token-secret')).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();

    const table = await screen.findByTestId('api-tokens-table');
    expect(within(table).getByText('Claude Desktop')).toBeTruthy();
    expect(within(table).getByText('Never used')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke the token Claude Desktop' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke now' }));
    expect(await within(table).findByText('Revoked')).toBeTruthy();
    expect(sent.some((r) => r.method === 'DELETE' && r.url === '/api/api-tokens/1')).toBe(true);
  });

  it('lists the company’s tokens with their owners for administrators, and offers no creation there', async () => {
    const sent: Sent[] = [];
    renderSection(sent, 'company');
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    expect(sent[0]?.url).toBe('/api/api-tokens?owner=company');
    expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
  });
});
