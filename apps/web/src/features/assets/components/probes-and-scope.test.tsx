import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { CompanyAssetsScreen, SupplierAssetsScreen } from './assets-screen';
import { runDetail, runsPage, suppliersPage } from './fixtures.test-data';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

const scopes = {
  data: [
    { id: 1, supplier_id: null, kind: 'domain', value: 'acme.test', created_at: '2026-11-01T00:00:00.000Z' },
    { id: 2, supplier_id: null, kind: 'netblock', value: '203.0.113.0/24', created_at: '2026-11-01T00:00:00.000Z' },
  ],
  company_domains: ['acme.test', 'acme-shop.test'],
};

describe('probe runs', { timeout: 15_000 }, () => {
  it('lists the runs and opens one with its diff; an asset of the diff opens on the inventory', async () => {
    const { router } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets?tab=runs',
      answers: { '/probe-runs': runsPage, '/probe-runs/3': runDetail },
    });
    const row = await screen.findByRole('row', { name: /Done/ });
    expect(row.textContent).toContain('12');
    fireEvent.click(within(row).getByRole('link'));
    await waitFor(() => expect(search(router).get('run')).toBe('3'));
    const diff = await screen.findByTestId('run-diff');
    expect(diff.textContent).toContain('expires 2026-12-01 → expires 2027-03-01');
    expect(within(diff).getByTestId('run-findings').textContent).toContain('Opened');
    fireEvent.click(within(diff).getByRole('link', { name: 'shop.acme.test' }));
    await waitFor(() => expect(search(router).get('asset')).toBe('5'));
    expect(search(router).get('tab')).toBeNull();
    expect(search(router).get('run')).toBeNull();
  });

  it('"Run probes now" queues a run of the company’s own inventory', async () => {
    const { writes } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets',
      answers: { '/probe-runs': runsPage, 'POST /probe-runs': { data: { job_id: 91, supplier_id: null } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run probes now' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/probe-runs', body: { supplier_id: null } });
  });

  it('says a run is on its way and offers no second one meanwhile', async () => {
    renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets',
      answers: { '/probe-runs': { ...runsPage, pending: { job_id: 92, status: 'running' } } },
    });
    expect(await screen.findByTestId('probe-pending')).toBeTruthy();
    expect(screen.getByTestId('probe-pending').textContent).toBe('A probe run is running…');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Run probes now' }).disabled).toBe(true);
  });

  it('runs the probes of the supplier picked on the supplier assets screen', async () => {
    const { writes, expectRequest } = renderWithListApi(<SupplierAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/supplierassets?supplier=3&tab=runs',
      answers: { '/probe-runs': runsPage, '/suppliers': suppliersPage },
    });
    await expectRequest('/probe-runs', { supplier_id: '3' });
    fireEvent.click(await screen.findByRole('button', { name: 'Run probes now' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({ supplier_id: 3 });
  });
});

describe('the scope', { timeout: 15_000 }, () => {
  it('lets an administrator add a domain and remove an entry', async () => {
    const { writes } = renderWithListApi(
      <CompanyAssetsScreen slots={{ ...noSlots, useIsAdministrator: () => true }} />,
      {
        i18n,
        path: '/companyassets?tab=scope',
        answers: { '/asset-scopes': scopes, 'POST /asset-scopes': { data: scopes.data[0] } },
      },
    );
    const editor = await screen.findByTestId('scope-editor');
    await within(editor).findByRole('cell', { name: '203.0.113.0/24' });
    expect(within(editor).getByTestId('company-domains').textContent).toBe(
      "Your company's registered domains are always in scope, with their subdomains: acme.test, acme-shop.test.",
    );
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Domain or netblock' }), {
      target: { value: ' shop.acme.test ' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', body: { kind: 'domain', value: 'shop.acme.test' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove 203.0.113.0/24 from the scope' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'DELETE', path: '/asset-scopes/2' });
  });

  it('shows the scope read-only to an analyst, and a supplier’s scope with its id', async () => {
    const { expectRequest } = renderWithListApi(<SupplierAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/supplierassets?supplier=3&tab=scope',
      answers: { '/asset-scopes': { ...scopes, company_domains: [] }, '/suppliers': suppliersPage },
    });
    await expectRequest('/asset-scopes', { supplier_id: '3' });
    const editor = await screen.findByTestId('scope-editor');
    await within(editor).findByRole('cell', { name: 'acme.test' });
    expect(within(editor).getByText('Only an administrator of the company changes the scope.')).toBeTruthy();
    expect(within(editor).queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(editor).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
