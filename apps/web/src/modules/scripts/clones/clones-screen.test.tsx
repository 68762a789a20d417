import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import type { StoreClone, StoreCloneDetail } from './clones-api';
import { ClonesScreen } from './clones-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const capture = {
  id: 31,
  status: 'online' as const,
  http_status: 200,
  final_url: 'http://acme-retai1-store.test/',
  title: 'Acme Retail — running gear',
  content_sha256: 'ab'.repeat(32),
  similarity: 0.93,
  has_screenshot: true,
  error: null,
  captured_at: '2026-11-20T10:00:00Z',
};
const clone: StoreClone = {
  id: 7,
  domain: 'acme-retai1-store.test',
  url: 'http://acme-retai1-store.test/',
  sources: ['permutation', 'search'],
  permutation: 'homoglyph',
  matched_terms: ['acmeretail', 'vteximg'],
  fingerprints: ['vteximg', '/arquivos/'],
  resolves: true,
  address: '127.0.0.1',
  similarity: 0.93,
  content_sha256: 'ab'.repeat(32),
  store: { id: 1, name: 'Acme Retail online store' },
  last_capture: capture,
  finding: { id: 55, severity: 'high', status: 'new' },
  blacklist_entry_id: null,
  first_seen_at: '2026-11-20T10:00:00Z',
  last_seen_at: '2026-11-20T10:00:00Z',
  last_checked_at: '2026-11-20T10:00:00Z',
  is_demo: true,
};
const parked: StoreClone = {
  ...clone,
  id: 8,
  domain: 'acmeretail-store.test',
  sources: ['permutation'],
  permutation: 'omission',
  similarity: 0.08,
  fingerprints: [],
  finding: null,
};
const page = (data: StoreClone[]) => ({
  data,
  meta: { page: 1, page_size: 25, total: data.length, total_is_lower_bound: false, has_more: false },
});
const detail: StoreCloneDetail = { ...clone, captures: [capture], reference_url: 'http://www.acme-retail-store.test/' };

describe('the store dork search', { timeout: 15_000 }, () => {
  it('lists candidates with similarity, finding and sources; filters go to the API and the export', async () => {
    const { expectRequest } = renderWithListApi(<ClonesScreen slots={noSlots} />, {
      i18n,
      path: '/vtexdork?source=search&findings_only=true&q=acme',
      answers: { '/store-clones': page([clone, parked]) },
    });
    await expectRequest('/store-clones', { source: 'search', findings_only: 'true', q: 'acme' });
    const row = await screen.findByRole('row', { name: /acme-retai1-store\.test/ });
    expect(row.textContent).toContain('93%');
    expect(row.textContent).toContain('Domain permutation');
    expect(row.textContent).toContain('Web search');
    expect(row.textContent).toContain('vteximg, /arquivos/');
    const other = screen.getByRole('row', { name: /acmeretail-store\.test/ });
    expect(other.textContent).toContain('Not a finding');
    const exported = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '', 'http://x');
    expect(exported.pathname).toBe('/api/store-clones/export');
    expect(exported.searchParams.get('source')).toBe('search');
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search now' })).toBeTruthy();
    // The domain opens the drawer: by the finding's id, or `c<id>` for a candidate without one.
    expect(within(row).getByRole('link', { name: 'acme-retai1-store.test' }).getAttribute('href')).toContain('open=55');
    expect(within(other).getByRole('link', { name: 'acmeretail-store.test' }).getAttribute('href')).toContain(
      'open=c8',
    );
  });

  it('opens a finding from an alert link: screenshot, evidence, and the blacklist action', async () => {
    const { writes, expectRequest } = renderWithListApi(
      <ClonesScreen slots={{ ...noSlots, renderFinding: (id) => <p>triage of {id}</p> }} />,
      {
        i18n,
        path: '/vtexdork?open=55',
        answers: {
          '/store-clones': page([clone]),
          '/store-clones/7': { data: detail },
          'POST /store-clones/7/blacklist': { data: { entry_id: 3 } },
        },
      },
    );
    await expectRequest('/store-clones', { finding_id: '55' });
    const drawer = await screen.findByRole('dialog');
    const shot = await within(drawer).findByRole('img', { name: 'Screenshot of acme-retai1-store.test' });
    expect(shot.getAttribute('src')).toContain('/api/store-clones/7/captures/31/screenshot');
    expect(within(drawer).getByText('http://www.acme-retail-store.test/')).toBeTruthy();
    expect(within(drawer).getByText('Look-alike character')).toBeTruthy();
    expect(within(drawer).getByText('triage of 55')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add to store blacklist' }));
    await waitFor(() => expect(writes.map((w) => `${w.method} ${w.path}`)).toContain('POST /store-clones/7/blacklist'));
  });

  it('shows viewers no search button and the runs on their tab', async () => {
    const { expectRequest } = renderWithListApi(<ClonesScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/vtexdork?tab=runs',
    });
    await expectRequest('/provider-runs', { module: 'scripts' });
    expect(screen.queryByRole('button', { name: 'Search now' })).toBeNull();
  });
});
