import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { createApiClient, type Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ImportProgress } from './import-progress';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

type Job = Schemas['ImportDetail']['data'];
const job = (over: Partial<Job>): Job => ({
  id: 7,
  kind: 'combolist',
  module: 'credentials',
  status: 'running',
  partial: false,
  file_name: 'combo.txt',
  file_size: 120,
  progress: 0,
  counts: { read: 0, added: 0, updated: 0, rejected: 0 },
  is_demo: false,
  created_at: '2026-11-21T10:00:00.000Z',
  rejects: [],
  log: [],
  ...over,
});

/** The job as the server would answer three polls in a row: queued, half-way, done. */
function serverFetch(requests: string[]): typeof fetch {
  const answers = [
    job({ status: 'queued' }),
    job({ progress: 0.5, counts: { read: 2, added: 1, updated: 0, rejected: 1 } }),
    job({
      status: 'succeeded',
      partial: true,
      progress: 1,
      counts: { read: 4, added: 2, updated: 1, rejected: 1 },
      rejects: [{ file: 'combo.txt', line: 3, reason: 'no e-mail of the company domains' }],
      log: [{ at: '2026-11-21T10:00:01.000Z', level: 'info', message: 'read 4 lines' }],
    }),
  ];
  return async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(url);
    const body = answers[Math.min(requests.length - 1, answers.length - 1)];
    return new Response(JSON.stringify({ data: body }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('ImportProgress', () => {
  it('polls the job until it is done, then shows counts, rejects and log, and reports once', async () => {
    const requests: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://vigil.test/api',
      fetch: serverFetch(requests),
      getCookies: () => '',
    });
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onFinished = vi.fn();
    renderWithProviders(
      <QueryClientProvider client={queries}>
        <ApiClientProvider client={client}>
          <ImportProgress jobId={7} interval={20} onFinished={onFinished} />
        </ApiClientProvider>
      </QueryClientProvider>,
      { i18n },
    );
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('Done, partial'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('import-partial').textContent).toBe(
      'Partial: 1 of 4 records were rejected (see below); the rest was imported.',
    );
    expect(requests.every((url) => url === 'http://vigil.test/api/imports/7')).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId('count-read').textContent).toBe('4');
    expect(screen.getByTestId('count-added').textContent).toBe('2');
    expect(screen.getByTestId('count-rejected').textContent).toBe('1');
    expect(screen.getByText('combo.txt, line 3: no e-mail of the company domains')).toBeTruthy();
    expect(screen.getByText(/read 4 lines/)).toBeTruthy();
    expect(onFinished).toHaveBeenCalledTimes(1);
    const polls = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.length).toBe(polls);
  });
});
