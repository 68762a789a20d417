import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { compliance, detections } from '../shared/fixtures.test-data';
import { EcommerceScreen } from './ecommerce-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const answers = { '/ecommerce/compliance': compliance, '/ecommerce/detections': detections };

describe('the E-commerce screen', { timeout: 20_000 }, () => {
  it('shows each page’s 6.4.3 and 11.6.1 status with the checks it fails, and links the page to its scripts', async () => {
    renderWithListApi(<EcommerceScreen />, { i18n, path: '/Ecommerce', answers });
    const checkout = await screen.findByTestId('page-3');
    const statuses = [...checkout.querySelectorAll('[data-status]')].map((badge) => badge.getAttribute('data-status'));
    expect(statuses).toEqual(['fail', 'fail']);
    const text = checkout.textContent ?? '';
    expect(text).toContain('✓ Inventory complete');
    expect(text).toContain('✗ All scripts authorised (not met)');
    expect(text).toContain('✗ Integrity assured (not met)');
    expect(text).toContain('✓ Scans on schedule');
    expect(text).toContain('✗ No unhandled alerts (not met)');
    expect(within(screen.getByTestId('page-4')).queryByText(/not met/)).toBeNull();
    const link = within(checkout).getByRole('link', { name: 'https://shop.acme.test/checkout' });
    expect(link.getAttribute('href')).toBe('/scripts?page_id=3');
    expect(within(checkout).getByRole('link', { name: 'PDF' }).getAttribute('href')).toContain(
      '/store-pages/3/evidence/pdf',
    );
    expect(screen.getByTestId('totals-643').textContent).toMatch(/1.*1.*0/);
  });

  it('asks for one store and 90 days of detections when picked', async () => {
    const { expectRequest } = renderWithListApi(<EcommerceScreen />, { i18n, path: '/Ecommerce', answers });
    await expectRequest('/ecommerce/detections', { days: '30', store_id: null });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Period' }), { target: { value: '90' } });
    await expectRequest('/ecommerce/detections', { days: '90', store_id: null });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Acme shop' })).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Store' }), { target: { value: '1' } });
    await expectRequest('/ecommerce/compliance', { store_id: '1' });
    await expectRequest('/ecommerce/detections', { days: '90', store_id: '1' });
    expect(screen.getByRole('heading', { name: 'Script detections, last 90 days' })).toBeTruthy();
  });

  it('says when there is no store yet', async () => {
    const none = { data: { ...compliance.data, stores: [], pci_6_4_3: { pass: 0, fail: 0, unknown: 0 } } };
    renderWithListApi(<EcommerceScreen />, {
      i18n,
      path: '/Ecommerce',
      answers: { ...answers, '/ecommerce/compliance': none },
    });
    expect(await screen.findByRole('heading', { name: 'No stores yet' })).toBeTruthy();
  });
});
