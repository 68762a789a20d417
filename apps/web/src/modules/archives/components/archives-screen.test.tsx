import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import type { ArchivedUrl } from '../api/archives-api';
import { ArchivesScreen } from './archives-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const url = (id: number, over: Partial<ArchivedUrl>): ArchivedUrl => ({
  id,
  url_key: `shop.acme.example/${id}`,
  host: 'shop.acme.example',
  path: `/${id}`,
  query_keys: [],
  extension: null,
  sample_url: `https://shop.acme.example/${id}`,
  providers: ['wayback'],
  tags: [],
  interesting: false,
  status_codes: [200],
  captures: 1,
  first_captured_at: '2021-01-05T00:00:00.000Z',
  last_captured_at: '2023-03-07T00:00:00.000Z',
  first_seen_at: '2026-11-01T00:00:00.000Z',
  last_seen_at: '2026-11-01T00:00:00.000Z',
  is_demo: true,
  finding: null,
  ...over,
});
const env = url(1, {
  url_key: 'shop.acme.example/.env',
  sample_url: 'https://shop.acme.example/.env',
  tags: ['env'],
  interesting: true,
  providers: ['commoncrawl', 'wayback'],
  captures: 3,
  finding: { id: 41, title: 'Archived URL (env): shop.acme.example/.env', severity: 'high', status: 'new' },
});
const reset = url(2, {
  url_key: 'shop.acme.example/reset?token&user',
  sample_url: 'https://shop.acme.example/reset?token=[redacted]&user=7',
  query_keys: ['token', 'user'],
  tags: ['secret_in_query'],
  interesting: true,
  finding: { id: 42, title: 'Archived URL (secret_in_query)', severity: 'high', status: 'in_review' },
});
const page = {
  data: [env, reset],
  meta: { page: 1, page_size: 25, total: 2, total_is_lower_bound: false, has_more: false },
  tag_counts: [
    { tag: 'env', count: 1 },
    { tag: 'secret_in_query', count: 1 },
    { tag: 'document', count: 4 },
  ],
};

describe('the archived URLs screen', { timeout: 15_000 }, () => {
  it('lists URLs with tags, finding, sources and captures; chips and filters go to the API and the export', async () => {
    const imports: string[] = [];
    const { expectRequest } = renderWithListApi(
      <ArchivesScreen
        slots={{
          ...noSlots,
          renderImport: (kinds) => {
            imports.push(kinds);
            return null;
          },
        }}
      />,
      { i18n, path: '/gaudork?tag=env&interesting=true&provider=wayback&q=shop', answers: { '/archived-urls': page } },
    );
    await expectRequest('/archived-urls', { tag: 'env', interesting: 'true', provider: 'wayback', q: 'shop' });
    const row = await screen.findByRole('row', { name: /shop\.acme\.example\/\.env/ });
    expect(within(row).getByText('.env')).toBeTruthy();
    expect(within(row).getByText('High')).toBeTruthy();
    expect(within(row).getByText('New')).toBeTruthy();
    expect(row.textContent).toContain('Common Crawl, Wayback Machine');
    expect(row.textContent).toContain('Mar 7, 2023');
    const chip = screen.getByRole('button', { name: 'Document · 4' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '.env · 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip);
    await expectRequest('/archived-urls', { tag: 'env', interesting: 'true' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Document · 4' }).getAttribute('aria-pressed')).toBe('true'),
    );
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://vigil.test',
    );
    expect(exported.pathname).toBe('/api/archived-urls/export');
    expect(exported.searchParams.getAll('tag')).toEqual(['env', 'document']);
    expect(imports.at(-1)).toBe('archives');
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it('opens a URL: the redacted sample, its sources and its finding', async () => {
    renderWithListApi(<ArchivesScreen slots={{ ...noSlots, renderFinding: (id) => <p>finding {id}</p> }} />, {
      i18n,
      path: '/gaudork?url=2',
      answers: { '/archived-urls': page, '/archived-urls/2': { data: reset } },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    expect(await within(drawer).findByText('https://shop.acme.example/reset?token=[redacted]&user=7')).toBeTruthy();
    expect(within(drawer).getByText('token, user')).toBeTruthy();
    expect(within(drawer).getByText('finding 42')).toBeTruthy();
  });

  it('sweeps the archives now, and shows why not when none is configured', async () => {
    const { writes } = renderWithListApi(<ArchivesScreen slots={{ ...noSlots, useCanChange: () => true }} />, {
      i18n,
      path: '/gaudork',
      answers: {
        '/archived-urls': page,
        'POST /archived-urls/runs': refusal(409, { message: 'No web archive is configured: set WAYBACK_URL.' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sweep the archives now' }));
    await waitFor(() => expect(writes.map((w) => w.path)).toEqual(['/archived-urls/runs']));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No web archive is configured: set WAYBACK_URL.',
    );
  });

  it('lets a viewer not sweep', async () => {
    const viewer = { ...noSlots, useCanChange: () => false };
    renderWithListApi(<ArchivesScreen slots={viewer} />, {
      i18n,
      path: '/gaudork',
      answers: { '/archived-urls': page },
    });
    await screen.findByRole('row', { name: /\.env/ });
    expect(screen.queryByRole('button', { name: 'Sweep the archives now' })).toBeNull();
  });

  it('shows the archive runs in their tab', async () => {
    const { expectRequest } = renderWithListApi(<ArchivesScreen slots={noSlots} />, {
      i18n,
      path: '/gaudork?tab=runs',
      answers: { '/archived-urls': page },
    });
    await expectRequest('/provider-runs', { module: 'archives' });
    expect(screen.getByRole('tab', { name: 'Runs', selected: true })).toBeTruthy();
  });
});
