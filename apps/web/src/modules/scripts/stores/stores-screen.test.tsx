import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { openDrawer } from '../shared/drawer.test-support';
import { checkoutPage, store, storesList } from './stores.test-data';
import { StoresScreen } from './stores-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const admin = { ...noSlots, useIsAdministrator: () => true };

describe('the online-store area', { timeout: 15_000 }, () => {
  it('lists each store with platform, account, domains, pages, last scan and both PCI DSS statuses', async () => {
    renderWithListApi(<StoresScreen slots={noSlots} />, { i18n, path: '/vtex', answers: { '/stores': storesList } });
    const row = await screen.findByRole('row', { name: /Acme Shop/ });
    expect(within(row).getByText('VTEX')).toBeTruthy();
    expect(row.textContent).toContain('acmeshop');
    expect(row.textContent).toContain('shop.acme.test');
    expect(row.textContent).toContain('Nov 20, 2026');
    expect(within(row).getByText('Not compliant')).toBeTruthy();
    expect(within(row).getByText('Compliant')).toBeTruthy();
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
    // Writes are the administrators': an analyst or viewer gets no "Add store".
    expect(screen.queryByRole('button', { name: 'Add store' })).toBeNull();
  });

  it('opens a store with its pages: schedule, last scan, the reasons a requirement fails, and the evidence links', async () => {
    renderWithListApi(<StoresScreen slots={noSlots} />, {
      i18n,
      path: '/vtex?store=2',
      answers: { '/stores': storesList, '/stores/2': { data: store } },
    });
    const detail = await openDrawer('store-detail');
    const page = within(detail).getByTestId('store-page');
    expect(within(page).getByRole('link', { name: 'https://shop.acme.test/checkout' })).toBeTruthy();
    expect(page.textContent).toContain('Checkout');
    expect(page.textContent).toContain('Every 24 hours');
    expect(page.textContent).toContain('2 steps');
    expect(page.textContent).toContain('7 scripts: 1 new, 0 changed, 0 removed; 1 new destinations');
    expect(within(page).getByTestId('pci-6-4-3').textContent).toContain('6.4.3: Not compliant');
    expect(within(page).getByTestId('pci-6-4-3').textContent).toContain('2 scripts await authorisation');
    expect(within(page).getByTestId('pci-11-6-1').textContent).toContain('11.6.1: Compliant');
    expect(within(page).getByRole('link', { name: 'See its 7 scripts' }).getAttribute('href')).toBe(
      '/scripts?page_id=11',
    );
    expect(
      within(page)
        .getByRole('link', { name: 'Evidence of https://shop.acme.test/checkout (PDF)' })
        .getAttribute('href'),
    ).toBe('/api/store-pages/11/evidence/pdf');
    expect(
      within(page)
        .getByRole('link', { name: /\(CSV\)$/ })
        .getAttribute('href'),
    ).toBe('/api/store-pages/11/evidence/csv');
    expect(within(detail).queryByRole('button', { name: 'Add page' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Edit store' })).toBeNull();
  });

  it('lets an administrator add a store: domains one per line, lower-cased, blanks null', async () => {
    const { writes } = renderWithListApi(<StoresScreen slots={admin} />, {
      i18n,
      path: '/vtex',
      answers: { '/stores': storesList, 'POST /stores': { data: { ...store, id: 3 } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add store' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: ' Outlet ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Platform' }), { target: { value: 'shopify' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Domains/ }), {
      target: { value: 'Outlet.Acme.test\n\nwww.outlet.acme.test, ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save store' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/stores',
      body: {
        name: 'Outlet',
        platform: 'shopify',
        account_name: null,
        domains: ['outlet.acme.test', 'www.outlet.acme.test'],
        checkout_url: null,
      },
    });
  });

  it("shows the server's refusal under the field it names and keeps the dialog open", async () => {
    renderWithListApi(<StoresScreen slots={admin} />, {
      i18n,
      path: '/vtex',
      answers: {
        '/stores': storesList,
        'POST /stores': refusal(422, {
          message: 'The given data was invalid.',
          errors: { name: ['The company already has a store of that name.'] },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add store' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Acme Shop' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Domains/ }), { target: { value: 'acme.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save store' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('The company already has a store of that name.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Closed before the next test: a dialog left open keeps its layer in the dismissal stack.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add store' })).toBeNull());
  });

  it('lets an administrator edit a page: type, interval, enabled and its steps to checkout', async () => {
    const { writes } = renderWithListApi(<StoresScreen slots={admin} />, {
      i18n,
      path: '/vtex?store=2',
      answers: {
        '/stores': storesList,
        '/stores/2': { data: store },
        'PUT /store-pages/11': { data: checkoutPage },
      },
    });
    const detail = await openDrawer('store-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit page https://shop.acme.test/checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Page type' }), { target: { value: 'payment' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Scan every/ }), { target: { value: '168' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Scan this page on its schedule' }));
    // The wait becomes a fill, and a third step goes to the payment page.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Step 2: Action' }), { target: { value: 'fill' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Step 2: CSS selector' }), {
      target: { value: '#email' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Step 2: Test value' }), {
      target: { value: 'test@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Step 3: Action' }), { target: { value: 'goto' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Step 3: URL' }), {
      target: { value: 'https://shop.acme.test/payment' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove step 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/store-pages/11',
      body: {
        url: 'https://shop.acme.test/checkout',
        page_type: 'payment',
        scan_interval_hours: 168,
        enabled: false,
        steps: [
          { action: 'fill', selector: '#email', value: 'test@example.com' },
          { action: 'goto', url: 'https://shop.acme.test/payment' },
        ],
      },
    });
  });

  it('lets an administrator remove a store after a warning; the drawer closes', async () => {
    const { router, writes } = renderWithListApi(<StoresScreen slots={admin} />, {
      i18n,
      path: '/vtex?store=2',
      answers: { '/stores': storesList, '/stores/2': { data: store }, 'DELETE /stores/2': { message: 'Removed.' } },
    });
    const detail = await openDrawer('store-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Remove store' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Acme Shop?' });
    expect(dialog.textContent).toContain('pages, their scans, script inventory and script findings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove store' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('store')).toBeNull());
    expect(writes).toEqual([expect.objectContaining({ method: 'DELETE', path: '/stores/2' })]);
  });
});
