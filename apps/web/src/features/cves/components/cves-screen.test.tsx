import { fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { CvesScreen } from './cves-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const watched = (id: number, vendor: string, product: string | null) => ({
  id,
  vendor,
  product,
  match_count: 1,
  created_at: '2026-11-01T00:00:00.000Z',
});

// A whole screen's first render takes seconds on a busy machine (vitest's default is 5 s).
describe('CvesScreen filters', { timeout: 15_000 }, () => {
  it('sends a vendor of the watch list and a minimum EPSS, and keeps them in the URL', async () => {
    const { router, expectRequest } = renderWithListApi(<CvesScreen slots={noSlots} />, {
      i18n,
      path: '/cvemonitor',
      answers: {
        '/cves/watch-list': {
          data: [watched(1, 'apache', 'http_server'), watched(2, 'apache', 'tomcat'), watched(3, 'fortinet', null)],
        },
      },
    });
    const vendor = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Vendor' });
    await screen.findByRole('option', { name: 'fortinet' });
    // One option per watched vendor, however many of its products are watched.
    expect(Array.from(vendor.options, (o) => o.value)).toEqual(['', 'apache', 'fortinet']);

    fireEvent.change(vendor, { target: { value: 'apache' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'EPSS' }), { target: { value: '0.1' } });
    await expectRequest('/cves', { vendor: 'apache', min_epss: '0.1' });
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('vendor'), params.get('min_epss')]).toEqual(['apache', '0.1']);
  });

  it('reads the demo filter from the URL into the request', async () => {
    const { expectRequest } = renderWithListApi(<CvesScreen slots={noSlots} />, {
      i18n,
      path: '/cvemonitor?is_demo=false',
    });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Data' }).value).toBe('false');
    await expectRequest('/cves', { is_demo: 'false' });
  });
});
