import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import type { ProviderRun } from '@/lib/providers-api';
import { createTestI18n } from '@/testing/i18n';
import type { Dork, DorkResult } from '../api/dorks-api';
import { DorksScreen } from './dorks-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const meta = { page: 1, page_size: 25, total: 1, total_is_lower_bound: false, has_more: false };
const result: DorkResult = {
  id: 41,
  module: 'dorks',
  title: 'Indexed by a search engine on www.acme.example: Index of /backup',
  severity: 'medium',
  status: 'new',
  first_seen_at: '2026-11-01T10:00:00Z',
  last_seen_at: '2026-11-20T10:00:00Z',
  is_demo: true,
  result_id: 3,
  url: 'https://www.acme.example/backup/',
  host: 'www.acme.example',
  page_title: 'Index of /backup',
  snippet: 'Parent Directory',
  category: 'sensitive_directories',
  dorks: [
    { id: 1, title: 'Directory listings', source: 'vigil' },
    { id: 2, title: 'Listed backup folders', source: 'vigil' },
  ],
  provider: 'web-search',
  seen_count: 2,
};
const ghdbDork: Dork = {
  id: 7,
  source: 'ghdb',
  category: 'files_containing_passwords',
  title: 'Exposed WordPress configuration backups',
  query: 'inurl:wp-config.php.bak',
  ghdb_id: 4601,
  key: null,
  author: 'someone',
  published_on: '2019-03-14',
  enabled: false,
  editable: false,
  results: 0,
};
const ownDork: Dork = {
  ...ghdbDork,
  id: 9,
  source: 'company',
  ghdb_id: null,
  title: 'Staging',
  query: 'inurl:staging',
  enabled: true,
  editable: true,
  results: 3,
};
const running: ProviderRun = {
  id: 5,
  module: 'dorks',
  provider: 'web-search',
  job_id: 12,
  status: 'running',
  queries_total: 22,
  queries_done: 7,
  requests: 9,
  results: 4,
  new_results: 1,
  retry_at: null,
  error: null,
  is_demo: false,
  created_at: '2026-11-20T10:00:00Z',
  started_at: '2026-11-20T10:00:01Z',
  finished_at: null,
};

describe('the dorks screen', { timeout: 15_000 }, () => {
  it('lists results with their page, category, severity and dorks; filters go to the API and the export', async () => {
    const imports: string[] = [];
    const { expectRequest } = renderWithListApi(
      <DorksScreen
        slots={{
          ...noSlots,
          renderImport: (kinds) => {
            imports.push(kinds);
            return null;
          },
        }}
      />,
      {
        i18n,
        path: '/googledork?category=sensitive_directories&host=www.acme.example&q=backup',
        answers: { '/dork-results': { data: [result], meta } },
      },
    );
    await expectRequest('/dork-results', { category: 'sensitive_directories', host: 'www.acme.example', q: 'backup' });
    const row = await screen.findByRole('row', { name: /Index of \/backup/ });
    expect(row.textContent).toContain('https://www.acme.example/backup/');
    expect(within(row).getByText('Sensitive directories')).toBeTruthy();
    expect(within(row).getByText('Directory listings')).toBeTruthy();
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://vigil.test',
    );
    expect(exported.pathname).toBe('/api/dork-results/export');
    expect(exported.searchParams.get('category')).toBe('sensitive_directories');
    expect(imports.at(-1)).toBe('dorks');
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it('runs the searches now and says what the run is doing; a refusal shows the server’s reason', async () => {
    const { writes } = renderWithListApi(<DorksScreen slots={noSlots} />, {
      i18n,
      path: '/googledork',
      answers: {
        '/providers': {
          data: [
            {
              id: 'web-search',
              configured: false,
              settings: ['SEARCH_API_URL', 'SEARCH_API_KEY', 'SEARCH_ENGINE_ID'],
              demo: false,
              usage: { requests: 0, results: 0, throttled: 0, failures: 0 },
              limit: { max: 100, window_seconds: 86400 },
              blocked_until: null,
            },
          ],
        },
        'POST /dork-runs': refusal(409, { message: 'The web search provider is not configured: set SEARCH_API_URL.' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Search now' }));
    await waitFor(() => expect(writes.map((w) => w.path)).toEqual(['/dork-runs']));
    expect(await screen.findByText('The web search provider is not configured: set SEARCH_API_URL.')).toBeTruthy();
    // The provider notice says what to configure.
    expect((await screen.findByTestId('provider-notice')).textContent).toContain('SEARCH_API_KEY');
  });

  it('shows a run on its way instead of the button', async () => {
    renderWithListApi(<DorksScreen slots={noSlots} />, {
      i18n,
      path: '/googledork',
      answers: { '/provider-runs': { data: [running], meta } },
    });
    expect((await screen.findByTestId('dork-run-status')).textContent).toBe('Searching: 7 of 22 queries');
    expect((screen.getByRole('button', { name: 'Search now' }) as HTMLButtonElement).disabled).toBe(true);
    // The runs tab lists the module's runs (the shared list).
    fireEvent.click(screen.getByRole('tab', { name: 'Runs' }));
    expect(await screen.findByRole('cell', { name: '7 / 22' })).toBeTruthy();
  });

  it('switches a GHDB dork on, and adds a dork of the company’s own', async () => {
    const { writes, expectRequest } = renderWithListApi(<DorksScreen slots={noSlots} />, {
      i18n,
      path: '/googledork?tab=catalogue&source=ghdb',
      answers: {
        '/dorks': { data: [ghdbDork, ownDork], meta: { ...meta, total: 2 } },
        'PUT /dorks/7/enabled': { data: { ...ghdbDork, enabled: true } },
        'POST /dorks': { data: ownDork },
      },
    });
    await expectRequest('/dorks', { source: 'ghdb' });
    const row = await screen.findByRole('row', { name: /wp-config/ });
    expect(within(row).getByText('GHDB 4601')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Run “Exposed WordPress configuration backups”' }));
    await waitFor(() =>
      expect(writes[0]).toMatchObject({ method: 'PUT', path: '/dorks/7/enabled', body: { enabled: true } }),
    );
    const own = screen.getByRole('row', { name: /inurl:staging/ });
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add dork' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add dork' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: ' Staging ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Category' }), { target: { value: 'footholds' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Query/ }), { target: { value: 'inurl:staging' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({
      method: 'POST',
      path: '/dorks',
      body: { title: 'Staging', category: 'footholds', query: 'inurl:staging' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add dork' })).toBeNull());
  });

  it('opens a result in the drawer: the page, what the engine said, the dorks that found it, then the triage', async () => {
    renderWithListApi(<DorksScreen slots={{ ...noSlots, renderFinding: (id) => <p>Triage of {id}</p> }} />, {
      i18n,
      path: '/googledork?open=41',
      answers: { '/dork-results/41': { data: { ...result, provider: 'import' } } },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    const evidence = await within(drawer).findByTestId('evidence');
    const value = (label: string) =>
      within(evidence).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(within(evidence).getByRole('link', { name: 'https://www.acme.example/backup/' })).toBeTruthy();
    expect(value('Snippet')).toBe('Parent Directory');
    expect(value('Category')).toBe('Sensitive directories');
    expect(value('Found by')).toBe('Directory listings · VigilListed backup folders · Vigil');
    expect(value('Found through')).toBe('Imported results page');
    expect(value('Times found')).toBe('2');
    expect(within(drawer).getByText('Triage of 41')).toBeTruthy();
  });
});
