import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createApiClient, type Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATUSES } from '@/components/ui/finding-badges';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { FindingPanel } from './finding-panel';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

type Detail = Schemas['FindingDetail']['data'];
const allowed: Record<Schemas['FindingStatus'], Schemas['FindingStatus'][]> = {
  new: ['in_review', 'confirmed', 'false_positive'],
  in_review: ['new', 'confirmed', 'false_positive', 'risk_accepted'],
  confirmed: ['in_review', 'risk_accepted', 'resolved'],
  false_positive: ['in_review'],
  risk_accepted: ['in_review', 'confirmed', 'resolved'],
  resolved: ['in_review'],
};

/** A tiny in-memory /api for one finding: GET, PATCH (recorded in the history) and the members. */
function findingServer(sent: Array<{ method: string; url: string; body: unknown }>): typeof fetch {
  let finding: Detail = {
    id: 5,
    module: 'credentials',
    title: 'ana@acme.test',
    severity: 'high',
    status: 'new',
    assignee: null,
    first_seen_at: '2026-11-01T00:00:00.000Z',
    last_seen_at: '2026-11-20T00:00:00.000Z',
    is_demo: false,
    fingerprint: 'f',
    allowed_statuses: allowed.new,
    history: [],
    comments: [],
    tickets: [
      { key: 'VIG-1', url: 'https://acme.atlassian.net/browse/VIG-1', resolved_at: '2026-11-21T00:00:00.000Z' },
    ],
  };
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  return async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json();
    sent.push({ method: request.method, url: url.pathname, body });
    if (url.pathname === '/api/findings/assignees')
      return json({ data: [{ id: 9, name: 'Bo Blue', email: 'bo@acme.test' }] });
    if (request.method === 'PATCH') {
      const change = typeof body === 'object' && body !== null ? body : {};
      const status = STATUSES.find((s) => 'status' in change && s === change.status);
      if (status) {
        finding = {
          ...finding,
          status,
          allowed_statuses: allowed[status],
          history: [
            ...finding.history,
            {
              id: 1,
              field: 'status',
              from: finding.status,
              to: status,
              at: '2026-11-21T10:00:00.000Z',
              actor: { id: 9, name: 'Bo Blue' },
            },
          ],
        };
      }
      if ('assignee_id' in change) finding = { ...finding, assignee: { id: 9, name: 'Bo Blue' } };
    }
    return json({ data: finding });
  };
}

describe('FindingPanel', () => {
  it('moves a finding along the workflow and assigns it, showing who changed what', async () => {
    const sent: Array<{ method: string; url: string; body: unknown }> = [];
    const client = createApiClient({
      baseUrl: 'http://vigil.test/api',
      fetch: findingServer(sent),
      getCookies: () => '',
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiClientProvider client={client}>
          <FindingPanel findingId={5} />
        </ApiClientProvider>
      </QueryClientProvider>,
      { i18n },
    );
    expect(await screen.findByText('No changes yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Change status/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'In review' }));
    expect(await screen.findByText('Status: New → In review')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'in_review' });

    await waitFor(() => expect(screen.getByRole('option', { name: 'Bo Blue' })).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Assignee' }), { target: { value: '9' } });
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Assignee' }).value).toBe('9'));
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { status: 'in_review' },
      { assignee_id: 9 },
    ]);
  });

  it('shows a viewer the finding, its history and comments, with nothing to change', async () => {
    const client = createApiClient({
      baseUrl: 'http://vigil.test/api',
      fetch: findingServer([]),
      getCookies: () => '',
    });
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiClientProvider client={client}>
          <FindingPanel findingId={5} readOnly />
        </ApiClientProvider>
      </QueryClientProvider>,
      { i18n },
    );
    expect(await screen.findByText('No changes yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Change status/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // The Jira issue a ticket channel opened for it, linked (ADR 0050).
    expect(screen.getByRole('link', { name: 'VIG-1' }).getAttribute('href')).toBe(
      'https://acme.atlassian.net/browse/VIG-1',
    );
    expect(screen.getByText(/resolved in Jira/)).toBeTruthy();
  });
});
