import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { createApiClient } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import type { AssigneeChoices, FindingSlots } from '@/components/data-table';
import { ApiClientProvider } from '@/lib/api-context';
import { renderWithProviders } from '@/testing/render';

/** Slots that render nothing: the screens' own filter bar and list are what the tests look at. */
export const noSlots: FindingSlots = {
  renderFinding: () => null,
  renderBulkActions: () => null,
  renderImport: () => null,
  useAssignees: () => ({ currentUserId: null, members: [] }),
  useCanChange: () => true,
  useIsAdministrator: () => false,
};

/** Slots that render nothing but offer `choices` to the assignee filter. */
export const slotsWithAssignees = (choices: AssigneeChoices): FindingSlots => ({
  ...noSlots,
  useAssignees: () => choices,
});

const emptyPage = {
  data: [],
  meta: { page: 1, page_size: 25, total: 0, total_is_lower_bound: false, has_more: false },
};

class Refusal {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** An answer of `renderWithListApi` that refuses the request: this status with this JSON body. */
export const refusal = (status: number, body: unknown) => new Refusal(status, body);

/**
 * Renders a screen against an in-memory /api that records every request URL (and the body of every
 * write). Paths in `answers` (or `METHOD /path` for one method) get their body (or a
 * `refusal(...)`); any other an empty list page.
 */
export function renderWithListApi(
  ui: ReactNode,
  { i18n, path = '/', answers = {} }: { i18n: I18n; path?: string; answers?: Record<string, unknown> },
) {
  const requests: URL[] = [];
  /** Every call that changes something (not GET), with its JSON body. */
  const writes: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const client = createApiClient({
    baseUrl: 'http://vigil.test/api',
    getCookies: () => '',
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url);
      const path = url.pathname.replace(/^\/api/, '');
      const method = input instanceof Request ? input.method : 'GET';
      if (method !== 'GET' && input instanceof Request) {
        const text = await input.text();
        const type = input.headers.get('content-type') ?? '';
        writes.push({
          method,
          path,
          query: url.searchParams,
          body: type.includes('json') && text ? JSON.parse(text) : text,
        });
      }
      const answer = answers[`${method} ${path}`] ?? answers[path] ?? emptyPage;
      const { status, body } = answer instanceof Refusal ? answer : { status: 200, body: answer };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  const rendered = renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientProvider client={client}>{ui}</ApiClientProvider>
    </QueryClientProvider>,
    { i18n, path },
  );
  /** Waits until a request to `apiPath` carries every one of `query` (as URL search parameters; null: absent). */
  const expectRequest = (apiPath: string, query: Record<string, string | null>) =>
    waitFor(() =>
      expect(
        requests
          .filter((url) => url.pathname === `/api${apiPath}`)
          .map((url) => Object.fromEntries(Object.keys(query).map((key) => [key, url.searchParams.get(key)]))),
      ).toContainEqual(query),
    );
  return { ...rendered, requests, writes, expectRequest };
}
