import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { CveLandscape } from '../api/landscape-api';
import { AnalyticsScreen } from './analytics-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const week = (date: string, over: Partial<CveLandscape['weeks'][number]>) => ({
  week: date,
  critical: 0,
  high: 0,
  medium: 0,
  low: 0,
  info: 0,
  kev_added: 0,
  ...over,
});

const landscape = (weeks: number): CveLandscape => ({
  period: { from: '2026-11-09', to: '2026-11-22', weeks },
  totals: { cves: 12_345, kev: 20, with_epss: 12_000, published_in_period: 9, kev_added_in_period: 2 },
  weeks: [week('2026-11-09', { critical: 2, high: 1 }), week('2026-11-16', { medium: 5, info: 1, kev_added: 2 })],
  epss: [
    { from: 0, to: 0.001, cves: 7000 },
    { from: 0.001, to: 0.01, cves: 3000 },
    { from: 0.01, to: 0.1, cves: 1500 },
    { from: 0.1, to: 0.5, cves: 400 },
    { from: 0.5, to: 1, cves: 100 },
  ],
  top_vendors: [
    { vendor: 'apache', cves: 4 },
    { vendor: 'openssl', cves: 2 },
  ],
  freshness: {
    last_updated_at: '2026-11-21T06:00:00.000Z',
    feeds: [
      { feed: 'nvd', last_success_at: '2026-11-21T06:00:00.000Z' },
      { feed: 'kev', last_success_at: null },
      { feed: 'epss', last_success_at: null },
    ],
  },
});

/** The server: answers each call with the landscape of the weeks it asked for; records the URLs. */
function render(path = '/analytics') {
  const requests: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://vigil.test/api',
    getCookies: () => '',
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url.pathname + url.search);
      const body = landscape(Number(url.searchParams.get('weeks')));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = renderWithProviders(
    <QueryClientProvider client={queries}>
      <ApiClientProvider client={client}>
        <AnalyticsScreen />
      </ApiClientProvider>
    </QueryClientProvider>,
    { i18n, path },
  );
  return { requests, ...rendered };
}

/** The texts of a table's row (0 is the header). */
const cells = (table: HTMLElement, row: number) =>
  within(within(table).getAllByRole('row')[row] as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('AnalyticsScreen', () => {
  it('shows the totals, a table behind every chart and where the numbers come from', async () => {
    const { requests } = render();
    await waitFor(() => expect(screen.getByTestId('total-catalogue').textContent).toContain('12,345'));
    expect(requests).toEqual(['/api/analytics/cve-landscape?weeks=12']);
    expect(screen.getByTestId('total-published').textContent).toContain('9');
    expect(screen.getByTestId('total-kevAddedInPeriod').textContent).toContain('2');
    for (const name of [
      'New CVEs per week, by severity',
      'Additions to the CISA KEV catalogue per week',
      'EPSS distribution',
      'Top vendors by CVEs published in the period',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const user = userEvent.setup();
    const toggles = screen.getAllByRole('button', { name: 'Show the numbers as a table' });
    expect(toggles).toHaveLength(4);
    for (const toggle of toggles) await user.click(toggle);
    const weekly = screen.getByRole('table', { name: 'New CVEs per week, by severity' });
    expect(cells(weekly, 2)).toEqual(['Nov 16', '0', '0', '5', '0', '1']);
    const epss = screen.getByRole('table', { name: 'EPSS distribution' });
    expect(cells(epss, 1)).toEqual(['0% – 0.1%', '7,000']);
    const vendors = screen.getByRole('table', { name: 'Top vendors by CVEs published in the period' });
    expect(cells(vendors, 1)).toEqual(['apache', '4']);
    const sources = screen.getByRole('region', { name: 'Sources and freshness' });
    expect(sources.textContent).toContain('NVD: last synchronised on');
    expect(sources.textContent).toContain('CISA KEV: not synchronised automatically');
  });

  it('asks for the period chosen, and keeps it in the URL', async () => {
    const { requests, router } = render('/analytics?weeks=26');
    await waitFor(() => expect(requests).toEqual(['/api/analytics/cve-landscape?weeks=26']));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 52 weeks');
    await waitFor(() => expect(requests.at(-1)).toBe('/api/analytics/cve-landscape?weeks=52'));
    expect(router.state.location.search).toBe('?weeks=52');
  });

  it('falls back to 12 weeks for a period it does not offer', async () => {
    const { requests } = render('/analytics?weeks=1000');
    await waitFor(() => expect(requests).toEqual(['/api/analytics/cve-landscape?weeks=12']));
  });
});
