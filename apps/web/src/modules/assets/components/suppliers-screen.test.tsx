import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { supplier, suppliersPage } from './fixtures.test-data';
import { SuppliersScreen } from './suppliers-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('the supplier portfolio', { timeout: 15_000 }, () => {
  it('shows tier, grade, score and trend, open findings, a link to its assets, contact, contract and questionnaire', async () => {
    const { expectRequest } = renderWithListApi(<SuppliersScreen slots={noSlots} />, {
      i18n,
      path: '/suppliers?tier=critical&sort=-score',
      answers: { '/suppliers': suppliersPage },
    });
    await expectRequest('/suppliers', { tier: 'critical', sort: '-score' });
    const row = await screen.findByRole('row', { name: /Parcel Express/ });
    expect(within(row).getByText('Critical')).toBeTruthy();
    expect(within(row).getByLabelText('Grade C').textContent).toBe('C');
    expect(within(row).getByLabelText('down 4.5 points in 30 days')).toBeTruthy();
    expect(row.textContent).toContain('72.5');
    expect(within(row).getByRole('link', { name: '14 assets of Parcel Express' }).getAttribute('href')).toBe(
      '/supplierassets?supplier=3',
    );
    expect(row.textContent).toContain('paula@parcel.test');
    expect(row.textContent).toContain('Jun 30, 2027');
    expect(row.textContent).toContain('Sent');
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it('adds a supplier: blanks are sent as null', async () => {
    const { writes } = renderWithListApi(<SuppliersScreen slots={noSlots} />, {
      i18n,
      path: '/suppliers',
      answers: { '/suppliers': suppliersPage, 'POST /suppliers': { data: { ...supplier, id: 4, name: 'Cloud Mail' } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: ' Cloud Mail ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Tier' }), { target: { value: 'high' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Contact e-mail' }), {
      target: { value: 'ops@cloudmail.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/suppliers',
      body: {
        name: 'Cloud Mail',
        tier: 'high',
        website: null,
        contact_name: null,
        contact_email: 'ops@cloudmail.test',
        contract_start: null,
        contract_end: null,
        notes: null,
        questionnaire_status: null,
      },
    });
  });

  it('opens a supplier and edits it with every field replaced', async () => {
    const { writes } = renderWithListApi(<SuppliersScreen slots={noSlots} />, {
      i18n,
      path: '/suppliers?open=3',
      answers: { '/suppliers': suppliersPage, '/suppliers/3': { data: supplier } },
    });
    const detail = await screen.findByTestId('supplier-detail');
    expect(within(detail).getByRole('link', { name: 'View its 14 assets' }).getAttribute('href')).toBe(
      '/supplierassets?supplier=3',
    );
    expect(detail.textContent).toContain('Ships every order.');
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Questionnaire' }), {
      target: { value: 'completed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save supplier' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/suppliers/3',
      body: { name: 'Parcel Express', tier: 'critical', contract_end: '2027-06-30', questionnaire_status: 'completed' },
    });
  });

  it('offers no create or edit to a viewer', async () => {
    renderWithListApi(<SuppliersScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/suppliers?open=3',
      answers: { '/suppliers': suppliersPage, '/suppliers/3': { data: supplier } },
    });
    await screen.findByTestId('supplier-detail');
    expect(screen.queryByRole('button', { name: 'Add supplier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit supplier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete supplier' })).toBeNull();
  });

  it('lets an administrator delete a supplier after a warning that its assets, scope and findings go too', async () => {
    const { router, requests, writes } = renderWithListApi(
      <SuppliersScreen slots={{ ...noSlots, useIsAdministrator: () => true }} />,
      {
        i18n,
        path: '/suppliers?open=3',
        answers: {
          '/suppliers': suppliersPage,
          '/suppliers/3': { data: supplier },
          'DELETE /suppliers/3': { message: 'Deleted.' },
        },
      },
    );
    const detail = await screen.findByTestId('supplier-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Delete supplier' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Parcel Express?' });
    expect(dialog.textContent).toContain(
      'Parcel Express is deleted with its assets, scope and findings. This cannot be undone.',
    );
    const listed = requests.filter((url) => url.pathname === '/api/suppliers').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete supplier' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('open')).toBeNull());
    expect(writes).toEqual([expect.objectContaining({ method: 'DELETE', path: '/suppliers/3' })]);
    await waitFor(() =>
      expect(requests.filter((url) => url.pathname === '/api/suppliers').length).toBeGreaterThan(listed),
    );
    // Read once, deleted once: the deleted supplier is not read again.
    expect(requests.filter((url) => url.pathname === '/api/suppliers/3')).toHaveLength(2);
  });

  it('offers an analyst edit but not delete', async () => {
    renderWithListApi(<SuppliersScreen slots={noSlots} />, {
      i18n,
      path: '/suppliers?open=3',
      answers: { '/suppliers': suppliersPage, '/suppliers/3': { data: supplier } },
    });
    const detail = await screen.findByTestId('supplier-detail');
    expect(within(detail).getByRole('button', { name: 'Edit supplier' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Delete supplier' })).toBeNull();
  });
});
