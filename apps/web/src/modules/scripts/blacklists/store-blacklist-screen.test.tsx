import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { storeDetail, storeEntry, storePage } from './store-blacklist.test-data';
import { StoreBlacklistScreen } from './store-blacklist-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('the online-store blacklist', { timeout: 15_000 }, () => {
  it('lists domains with status, registrar and host; filters and search go to the API and the export; RDAP to configure', async () => {
    const { expectRequest } = renderWithListApi(<StoreBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/vtexblacklist?status=confirmed&status=offline&registrar=Quickname&q=acme',
      answers: {
        '/store-blacklist': storePage,
        '/providers': {
          data: [
            {
              id: 'rdap',
              configured: false,
              settings: ['RDAP_URL'],
              demo: false,
              usage: { requests: 0, results: 0, throttled: 0, failures: 0 },
            },
          ],
        },
      },
    });
    await expectRequest('/store-blacklist', { status: 'confirmed', registrar: 'Quickname', q: 'acme' });
    // Registrar and host come from RDAP: the screen says what to configure.
    expect(await screen.findByText('Set RDAP_URL in the server configuration.')).toBeTruthy();
    const row = await screen.findByRole('row', { name: /acme-retai1-store\.test/ });
    expect(within(row).getByText('Confirmed')).toBeTruthy();
    expect(row.textContent).toContain('Quickname Registrar, Inc.');
    expect(row.textContent).toContain('BULLETPROOF-HOSTING-DEMO');
    expect(within(await screen.findByRole('row', { name: /acme-retail-outlet/ })).getByText('Offline')).toBeTruthy();
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://vigil.test',
    );
    expect(exported.pathname).toBe('/api/store-blacklist/export');
    expect(exported.searchParams.getAll('status')).toEqual(['confirmed', 'offline']);
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it('opens an entry with its evidence and history, and moves it along the workflow', async () => {
    const { writes } = renderWithListApi(<StoreBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/vtexblacklist?open=7',
      answers: {
        '/store-blacklist': storePage,
        'GET /store-blacklist/7': storeDetail,
        'PATCH /store-blacklist/7': { data: { ...storeEntry, status: 'takedown_requested' } },
        'POST /store-blacklist/7/check': { message: 'The check is queued.' },
      },
    });
    const detail = await screen.findByTestId('store-blacklist-detail');
    expect(within(detail).getByText('similarity')).toBeTruthy();
    expect(within(detail).getByText('vteximg, /arquivos/')).toBeTruthy();
    const history = within(detail).getByTestId('store-blacklist-history');
    expect(history.textContent).toContain('Status: Suspected → Confirmed');
    expect(history.textContent).toContain('Automatic check');
    // The URL of a fraudulent store is text, never a link.
    expect(within(detail).queryByRole('link')).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Move to Takedown requested' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PATCH',
      path: '/store-blacklist/7',
      body: { status: 'takedown_requested' },
    });
    fireEvent.click(within(detail).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'POST', path: '/store-blacklist/7/check' });
    expect(await within(detail).findByText('The check is queued.')).toBeTruthy();
  });

  it("adds a domain and shows the server's reason under the field", async () => {
    const { writes } = renderWithListApi(<StoreBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/vtexblacklist',
      answers: {
        '/store-blacklist': storePage,
        'POST /store-blacklist': refusal(422, {
          message: 'The given data was invalid.',
          errors: { url: ['The URL must be on the blacklisted domain.'] },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add domain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add domain' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Domain/ }), { target: { value: ' clone.test ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://other.test/' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'confirmed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      domain: 'clone.test',
      url: 'https://other.test/',
      status: 'confirmed',
      notes: '',
    });
    expect(await within(dialog).findByText('The URL must be on the blacklisted domain.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add domain' })).toBeNull());
  });

  it('offers a viewer no add, move or check', async () => {
    renderWithListApi(<StoreBlacklistScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/vtexblacklist?open=7',
      answers: { '/store-blacklist': storePage, 'GET /store-blacklist/7': storeDetail },
    });
    const detail = await screen.findByTestId('store-blacklist-detail');
    expect(within(detail).queryByRole('button', { name: /Move to|Check now|Edit notes/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add domain' })).toBeNull();
  });
});
