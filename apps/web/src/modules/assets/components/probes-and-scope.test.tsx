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

const unchecked = { method: null, verified_at: null, checked_at: null, check_note: null };
const scopes = {
  data: [
    {
      id: 1,
      supplier_id: null,
      kind: 'domain',
      value: 'acme.test',
      created_at: '2026-11-01T00:00:00.000Z',
      status: 'unverified',
      ...unchecked,
      checked_at: '2026-11-02T00:00:00.000Z',
      check_note: 'No proof found for acme.test.',
    },
    {
      id: 2,
      supplier_id: null,
      kind: 'netblock',
      value: '203.0.113.0/24',
      created_at: '2026-11-01T00:00:00.000Z',
      status: 'verified',
      ...unchecked,
      method: 'operator',
    },
    {
      id: 3,
      supplier_id: null,
      kind: 'domain',
      value: 'acme-shop.test',
      created_at: '2026-11-01T00:00:00.000Z',
      status: 'lost',
      ...unchecked,
    },
  ],
  company_domains: ['acme.test', 'acme-shop.test'],
  verification: {
    txt_value: 'vigil-verification=tok123',
    txt_names: ['<domain>', '_vigil-challenge.<domain>'],
    file_path: '/.well-known/vigil-verification.txt',
    file_contents: 'vigil-verification=tok123',
  },
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
        answers: {
          '/asset-scopes': scopes,
          'POST /asset-scopes': { data: scopes.data[0] },
          'POST /asset-scopes/1/verify': {
            data: scopes.data[0],
            verified: false,
            message: 'acme.test is not verified: No proof found for acme.test.',
          },
        },
      },
    );
    const editor = await screen.findByTestId('scope-editor');
    await within(editor).findByRole('cell', { name: '203.0.113.0/24' });
    expect(within(editor).getByTestId('company-domains').textContent).toBe(
      "Your company's registered domains serve passive monitoring (certificates, archives, search): acme.test, acme-shop.test. Probes contact them only once they are verified below.",
    );
    // Each entry's state; how to prove the ones not verified, with the company's token.
    const row = (value: string) => within(editor).getByRole('cell', { name: value }).closest('tr') as HTMLElement;
    expect(within(row('acme.test')).getByText('Unverified')).toBeTruthy();
    expect(within(row('203.0.113.0/24')).getByText('Verified')).toBeTruthy();
    expect(within(row('203.0.113.0/24')).getByText('Approved by a platform operator')).toBeTruthy();
    expect(within(row('acme-shop.test')).getByText('Verification lost')).toBeTruthy();
    const proof = within(editor).getByTestId('scope-proof-1');
    expect(proof.textContent).toContain(
      'Publish a TXT record at acme.test or at _vigil-challenge.acme.test with the value',
    );
    expect(proof.textContent).toContain('vigil-verification=tok123');
    expect(proof.textContent).toContain('https://acme.test/.well-known/vigil-verification.txt');
    expect(proof.textContent).toContain('Last check: No proof found for acme.test.');
    expect(within(row('203.0.113.0/24')).queryByRole('button', { name: /^Verify/ })).toBeNull();
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Domain or netblock' }), {
      target: { value: ' shop.acme.test ' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', body: { kind: 'domain', value: 'shop.acme.test' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove 203.0.113.0/24 from the scope' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'DELETE', path: '/asset-scopes/2' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Verify acme.test' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]).toMatchObject({ method: 'POST', path: '/asset-scopes/1/verify' });
    expect((await within(editor).findByTestId('scope-verify-result')).textContent).toBe(
      'acme.test is not verified: No proof found for acme.test.',
    );
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
    expect(within(editor).queryByRole('button', { name: /^Verify/ })).toBeNull();
    expect(within(editor).getByText('Verification lost')).toBeTruthy();
  });
});
