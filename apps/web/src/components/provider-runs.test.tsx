import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import type { ProviderRun, ProviderState } from '@/lib/providers-api';
import { createTestI18n } from '@/testing/i18n';
import { ProviderNotice } from './provider-notice';
import { ProviderRuns } from './provider-runs';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const run = (id: number, changes: Partial<ProviderRun>): ProviderRun => ({
  id,
  module: 'dorks',
  provider: 'web-search',
  job_id: id + 100,
  status: 'done',
  queries_total: 20,
  queries_done: 20,
  requests: 31,
  results: 57,
  new_results: 9,
  retry_at: null,
  error: null,
  is_demo: false,
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: '2026-11-20T10:00:01.000Z',
  finished_at: '2026-11-20T10:02:00.000Z',
  ...changes,
});
const page = (rows: ProviderRun[]) => ({
  data: rows,
  meta: { page: 1, page_size: 10, total: rows.length, total_is_lower_bound: false, has_more: false },
});
const state = (id: ProviderState['id'], changes: Partial<ProviderState>): ProviderState => ({
  id,
  configured: true,
  settings: [],
  demo: false,
  usage: { requests: 0, results: 0, throttled: 0, failures: 0 },
  limit: { max: 100, window_seconds: 86_400 },
  blocked_until: null,
  ...changes,
});

describe('the runs of a module', { timeout: 15_000 }, () => {
  it('lists them with status, progress and error; a waiting run says until when and can be cancelled', async () => {
    const { writes, requests } = renderWithListApi(<ProviderRuns module="dorks" canCancel />, {
      i18n,
      path: '/googledork?tab=runs',
      answers: {
        '/provider-runs': page([
          run(3, { status: 'waiting', queries_done: 4, retry_at: '2026-11-20T11:00:00.000Z', finished_at: null }),
          run(2, { status: 'failed', error: 'web-search: answered a malformed page (not JSON).' }),
          run(1, {}),
        ]),
        'POST /provider-runs/3/cancel': { data: run(3, { status: 'cancelled' }) },
      },
    });
    const waiting = await screen.findByRole('row', { name: /Waiting \(rate-limited\)/ });
    expect(waiting.textContent).toContain('4 / 20');
    expect(waiting.textContent).toContain('until');
    const failed = screen.getByRole('row', { name: /Failed/ });
    expect(failed.textContent).toContain('answered a malformed page');
    expect(within(screen.getByRole('row', { name: /Done/ })).queryByRole('button')).toBeNull();
    expect(requests.some((u) => u.pathname === '/api/provider-runs' && u.searchParams.get('module') === 'dorks')).toBe(
      true,
    );
    fireEvent.click(within(waiting).getByRole('button', { name: /Cancel the run/ }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/provider-runs/3/cancel' });
  });

  it('offers no cancel to a viewer', async () => {
    renderWithListApi(<ProviderRuns module="dorks" canCancel={false} />, {
      i18n,
      answers: { '/provider-runs': page([run(3, { status: 'running', finished_at: null })]) },
    });
    const row = await screen.findByRole('row', { name: /Running/ });
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('the provider notice', () => {
  it("names the settings of a provider not configured, labels a demo one, and counts today's usage of the configured ones", async () => {
    renderWithListApi(<ProviderNotice providers={['web-search', 'github', 'wayback']} />, {
      i18n,
      answers: {
        '/providers': {
          data: [
            state('web-search', {
              configured: false,
              settings: ['SEARCH_API_URL', 'SEARCH_API_KEY', 'SEARCH_ENGINE_ID'],
            }),
            state('github', { demo: true }),
            state('wayback', { usage: { requests: 12, results: 40, throttled: 1, failures: 0 } }),
            state('otx', { configured: false, settings: ['OTX_URL', 'OTX_API_KEY'] }),
          ],
        },
      },
    });
    const notice = await screen.findByTestId('provider-notice');
    expect(notice.textContent).toContain('Web search is not configured');
    expect(notice.textContent).toContain(
      'Set SEARCH_API_URL, SEARCH_API_KEY, SEARCH_ENGINE_ID in the server configuration.',
    );
    expect(notice.textContent).toContain('GitHub code search answers from the local demo provider');
    expect(notice.textContent).not.toContain('Wayback Machine answers');
    expect(notice.textContent).toContain('Wayback Machine today: 12 requests, 40 results, 1 rate-limited, 0 failed.');
    expect(notice.textContent).not.toContain('OTX');
  });
});
