import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi, slotsWithAssignees } from '@/components/data-table/testing/list-api';
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

  it('filters by assignee: unassigned as 0, a member by id, the signed-in user as "me" in the URL', async () => {
    const slots = slotsWithAssignees({
      currentUserId: 3,
      members: [
        { id: 3, name: 'Ana' },
        { id: 7, name: 'Bruno' },
      ],
    });
    const { router, expectRequest } = renderWithListApi(<CvesScreen slots={slots} />, { i18n, path: '/cvemonitor' });
    const assignee = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Assignee' });
    expect(Array.from(assignee.options, (o) => [o.value, o.text])).toEqual([
      ['', 'Anyone'],
      ['me', 'Assigned to me'],
      ['0', 'Unassigned'],
      ['3', 'Ana'],
      ['7', 'Bruno'],
    ]);
    const search = () => new URLSearchParams(router.state.location.search);
    const exportLink = () =>
      new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '', 'http://x');

    fireEvent.change(assignee, { target: { value: '0' } });
    await expectRequest('/cves', { assignee_id: '0' });
    expect(search().get('assignee_id')).toBe('0');
    expect(exportLink().searchParams.get('assignee_id')).toBe('0');
    // The STIX export takes the findings list's filters, narrowed to this module.
    const stix = new URL(screen.getByRole('link', { name: 'Export STIX' }).getAttribute('href') ?? '', 'http://x');
    expect(stix.pathname).toBe('/api/findings/export.stix');
    expect(Object.fromEntries(stix.searchParams)).toEqual({ assignee_id: '0', module: 'cves' });

    fireEvent.change(assignee, { target: { value: '7' } });
    await expectRequest('/cves', { assignee_id: '7' });
    expect(search().get('assignee_id')).toBe('7');
    expect(exportLink().searchParams.get('assignee_id')).toBe('7');

    fireEvent.change(assignee, { target: { value: 'me' } });
    await expectRequest('/cves', { assignee_id: '3' });
    expect(search().get('assignee_id')).toBe('me');

    fireEvent.change(assignee, { target: { value: '' } });
    await waitFor(() => expect(search().has('assignee_id')).toBe(false));
    expect(exportLink().searchParams.has('assignee_id')).toBe(false);
  });
});
