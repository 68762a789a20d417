import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { CompanyAssetsScreen, SupplierAssetsScreen } from './assets-screen';
import { asset, assetDetail, assetsPage, suppliersPage } from './fixtures.test-data';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('the company assets screen', { timeout: 15_000 }, () => {
  it('lists the company’s own assets and sends the type, presence and "new since last scan" filters', async () => {
    const { expectRequest, requests } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets?status=gone&new=true',
      answers: { '/assets': assetsPage },
    });
    expect(await screen.findByRole('link', { name: 'shop.acme.test' })).toBeTruthy();
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
    await expectRequest('/assets', { status: 'gone', new_since_last_scan: 'true', owner: null, supplier_id: null });
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: /^Type/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Certificate' }));
    await waitFor(() =>
      expect(
        requests.some(
          (url) => url.pathname === '/api/assets' && url.searchParams.getAll('type').includes('certificate'),
        ),
      ).toBe(true),
    );
  });

  it('opens an asset in ?asset= with its relations (each opens) and findings (each opens in ?open=)', async () => {
    const { router } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets?asset=5',
      answers: {
        '/assets': assetsPage,
        '/assets/5': { data: assetDetail },
        '/assets/7': { data: { ...assetDetail, id: 7, type: 'ip', value: '203.0.113.7' } },
      },
    });
    const drawer = await screen.findByTestId('asset-detail');
    expect(within(drawer).getByRole('heading', { name: 'shop.acme.test' })).toBeTruthy();
    expect(within(drawer).getByTestId('asset-relations').textContent).toContain('Resolves to');
    expect(within(drawer).getByTestId('probe-results').textContent).toContain('"hsts": false');
    expect(within(drawer).getByTestId('asset-history').textContent).toContain('Discovered');
    fireEvent.click(within(drawer).getByRole('link', { name: '203.0.113.7' }));
    await waitFor(() => expect(search(router).get('asset')).toBe('7'));
    const related = await screen.findByTestId('asset-detail');
    expect(within(related).getByRole('heading', { name: '203.0.113.7' })).toBeTruthy();
    fireEvent.click(within(related).getByRole('link', { name: 'Login page without HSTS on shop.acme.test' }));
    await waitFor(() => expect(search(router).get('open')).toBe('41'));
    expect(search(router).get('asset')).toBeNull();
  });

  it('saves tags and owner of an asset', async () => {
    const { writes } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets?asset=5',
      answers: { '/assets': assetsPage, '/assets/5': { data: assetDetail } },
    });
    const tags = await screen.findByRole('textbox', { name: 'Tags (separated by commas)' });
    fireEvent.change(tags, { target: { value: 'pci, shop , pci,' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Owner' }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toContainEqual(expect.objectContaining({ method: 'PATCH', path: '/assets/5' })));
    expect(writes[0]?.body).toEqual({ tags: ['pci', 'shop'], owner: null });
  });

  it('shows no tags and owner form to a viewer', async () => {
    renderWithListApi(<CompanyAssetsScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/companyassets?asset=5',
      answers: { '/assets': assetsPage, '/assets/5': { data: assetDetail } },
    });
    await screen.findByTestId('asset-detail');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run probes now' })).toBeNull();
  });
  it('gives the known type-specific facts translated labels, and an unknown one its raw key', async () => {
    renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets?asset=5',
      answers: {
        '/assets': assetsPage,
        '/assets/5': { data: { ...assetDetail, details: { asn: 64500, tech: ['nginx', 'PHP'], x_custom: 'kept' } } },
      },
    });
    const facts = (await screen.findByTestId('asset-detail')).textContent ?? '';
    expect(facts).toContain('AS number64500');
    expect(facts).toContain('Technologiesnginx, PHP');
    expect(facts).toContain('x_customkept');
    expect(facts).not.toContain('asn');
  });

  it('adds an asset by hand: the company’s own, tags parsed, blank owner as null; then the asset opens', async () => {
    const { router, writes } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets',
      answers: {
        '/assets': assetsPage,
        'POST /assets': { data: { ...asset, id: 9, type: 'ip', value: '198.51.100.4' } },
        '/assets/9': { data: { ...assetDetail, id: 9, type: 'ip', value: '198.51.100.4' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an asset' });
    expect(within(dialog).queryByRole('combobox', { name: 'Supplier' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Type' }), { target: { value: 'ip' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Asset/ }), { target: { value: ' 198.51.100.4 ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tags (separated by commas)' }), {
      target: { value: 'dmz, dmz' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    await waitFor(() => expect(search(router).get('asset')).toBe('9'));
    expect(writes).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/assets',
        body: { type: 'ip', value: '198.51.100.4', tags: ['dmz'], owner: null },
      }),
    ]);
    expect(
      within(await screen.findByTestId('asset-detail')).getByRole('heading', { name: '198.51.100.4' }),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add an asset' })).toBeNull();
  });

  it('shows the server’s refusal of a value in the dialog, which stays open', async () => {
    const { router } = renderWithListApi(<CompanyAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/companyassets',
      answers: {
        '/assets': assetsPage,
        'POST /assets': refusal(422, {
          message: 'The given data was invalid.',
          errors: { value: ['not-a-host!: not a host name.'] },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an asset' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Asset/ }), { target: { value: 'not-a-host!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    expect(await within(dialog).findByText('not-a-host!: not a host name.')).toBeTruthy();
    expect(search(router).get('asset')).toBeNull();
  });

  it('opens a finding from ?open= (timeline and alert links) with its triage', async () => {
    renderWithListApi(<CompanyAssetsScreen slots={{ ...noSlots, renderFinding: (id) => <p>Triage of {id}</p> }} />, {
      i18n,
      path: '/companyassets?open=41',
      answers: { '/assets': assetsPage, '/findings/41': { data: { id: 41, title: 'Login page without HSTS' } } },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    expect(await within(drawer).findByRole('heading', { name: 'Login page without HSTS' })).toBeTruthy();
    expect(within(drawer).getByText('Triage of 41')).toBeTruthy();
  });
});

describe('the supplier assets screen', { timeout: 15_000 }, () => {
  it('lists every supplier’s assets, then one supplier’s once picked, and offers the suppliers to the import', async () => {
    let offered: unknown;
    const slots = {
      ...noSlots,
      renderImport: (_module: string, suppliers?: unknown) => {
        offered = suppliers;
        return null;
      },
    };
    const { expectRequest, router } = renderWithListApi(<SupplierAssetsScreen slots={slots} />, {
      i18n,
      path: '/supplierassets',
      answers: { '/assets': assetsPage, '/suppliers': suppliersPage },
    });
    await expectRequest('/assets', { owner: 'suppliers', supplier_id: null });
    const picker = await screen.findByRole('combobox', { name: 'Supplier' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Parcel Express' })).toBeTruthy());
    expect(offered).toEqual([{ id: 3, name: 'Parcel Express' }]);
    fireEvent.change(picker, { target: { value: '3' } });
    await waitFor(() => expect(search(router).get('supplier')).toBe('3'));
    await expectRequest('/assets', { supplier_id: '3', owner: null });
  });

  it('adds an asset to the picked supplier’s inventory', async () => {
    const { writes } = renderWithListApi(<SupplierAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/supplierassets?supplier=3',
      answers: { '/assets': assetsPage, '/suppliers': suppliersPage, 'POST /assets': { data: { ...asset, id: 9 } } },
    });
    await screen.findByRole('option', { name: 'Parcel Express' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an asset' });
    expect((within(dialog).getByRole('combobox', { name: 'Supplier' }) as HTMLSelectElement).value).toBe('3');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Asset/ }), { target: { value: 'parcel.test' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Owner' }), { target: { value: ' Logistics ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      type: 'domain',
      value: 'parcel.test',
      supplier_id: 3,
      tags: [],
      owner: 'Logistics',
    });
  });

  it('asks for a supplier before showing probe runs or scope', async () => {
    renderWithListApi(<SupplierAssetsScreen slots={noSlots} />, {
      i18n,
      path: '/supplierassets?tab=scope',
      answers: { '/suppliers': suppliersPage },
    });
    expect(await screen.findByText('Pick a supplier above to see its probe runs and scope.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run probes now' })).toBeNull();
  });
});
