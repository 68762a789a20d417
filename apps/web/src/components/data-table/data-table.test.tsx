import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { DataTable } from './data-table';
import type { ColumnDef, FilterDef, PageMeta } from './types';
import { useTableState } from './use-table-state';

interface Row {
  id: number;
  email: string;
  source: string;
}

const rows: Row[] = [
  { id: 1, email: 'ana@acme.test', source: 'Adobe' },
  { id: 2, email: 'bob@acme.test', source: 'Combolist 7' },
];
const meta = (over: Partial<PageMeta> = {}): PageMeta => ({
  page: 1,
  page_size: 25,
  total: 60,
  total_is_lower_bound: false,
  has_more: true,
  ...over,
});

const filters: FilterDef[] = [
  {
    id: 'status',
    kind: 'multi',
    label: 'Status',
    options: [
      { value: 'new', label: 'New' },
      { value: 'resolved', label: 'Resolved' },
    ],
  },
  { id: 'source_kind', kind: 'select', label: 'Source kind', options: [{ value: 'breach', label: 'Breach' }] },
];
const columns: ColumnDef<Row>[] = [
  { id: 'email', header: 'Email', cell: (r) => r.email, sortKey: 'email', primary: true },
  { id: 'source', header: 'Source', cell: (r) => r.source },
  { id: 'domain', header: 'Domain', cell: () => 'acme.test', hiddenByDefault: true },
];

function Harness({ data = rows, pageMeta = meta(), openKey }: { data?: Row[]; pageMeta?: PageMeta; openKey?: string }) {
  const state = useTableState(filters, openKey ? { openKey } : {});
  return (
    <DataTable
      tableId="test"
      caption="Leaked accounts"
      columns={columns}
      page={{ data: { data, meta: pageMeta } }}
      rowId={(r) => String(r.id)}
      state={state}
      filters={filters}
      searchLabel="Search e-mail"
      empty={{ title: 'No leaked credentials yet', description: 'Import a combolist (email:password lines).' }}
      exportHref={`/api/credentials/export?q=${state.q}`}
      stixHref={`/api/findings/export.stix?q=${state.q}`}
      renderBulkActions={(ids) => <span data-testid="bulk">{ids.join(',')}</span>}
      renderDetail={(id) => <p>Detail of {id}</p>}
    />
  );
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('DataTable', () => {
  it('shows the range of a server page and moves pages through the URL', async () => {
    const { router } = renderWithProviders(<Harness />, { i18n });
    expect(screen.getByTestId('table-range').textContent).toBe('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('says "N+" when the total is a lower bound', () => {
    renderWithProviders(<Harness pageMeta={meta({ total: 10000, total_is_lower_bound: true })} />, { i18n });
    expect(screen.getByTestId('table-range').textContent).toBe('1–25 of 10,000+');
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('sorts by a column header, with aria-sort, descending first', async () => {
    const { router } = renderWithProviders(<Harness />, { i18n });
    const header = screen.getByRole('columnheader', { name: /Email/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Source' }).hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(search(router).get('sort')).toBe('-email'));
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button'));
    await waitFor(() => expect(search(router).get('sort')).toBe('email'));
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('reads filters from the URL and writes changes back (page reset), search debounced', async () => {
    const { router } = renderWithProviders(<Harness />, { i18n, path: '/credentials?status=new&page=3' });
    fireEvent.click(screen.getByRole('button', { name: /Status/ }));
    const checkbox = await screen.findByLabelText<HTMLInputElement>('Resolved');
    expect(screen.getByLabelText<HTMLInputElement>('New').checked).toBe(true);
    fireEvent.click(checkbox);
    await waitFor(() => expect(search(router).getAll('status')).toEqual(['new', 'resolved']));
    expect(search(router).get('page')).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Source kind' }), { target: { value: 'breach' } });
    await waitFor(() => expect(search(router).get('source_kind')).toBe('breach'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search e-mail' }), { target: { value: 'ana' } });
    expect(search(router).get('q')).toBeNull();
    await waitFor(() => expect(search(router).get('q')).toBe('ana'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
        '/api/credentials/export?q=ana',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export STIX' }).getAttribute('href')).toBe(
      '/api/findings/export.stix?q=ana',
    );
    // A download link looks like a link, not like a button (issue 33).
    expect(screen.getByRole('link', { name: 'Export CSV' }).className).not.toContain('chakra-button');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('builds each URL change on the last one asked for, not on the URL the router has not shown yet', async () => {
    // The router applies a URL change in a transition; a second change before it lands (a search
    // box's debounced commit just after a filter was picked) must keep the first.
    function TwoChanges() {
      const state = useTableState(filters);
      return (
        <button
          type="button"
          onClick={() => {
            state.setFilter('source_kind', ['breach']);
            state.setSearch('ana');
          }}
        >
          Both
        </button>
      );
    }
    const { router } = renderWithProviders(<TwoChanges />, { i18n, path: '/credentials?status=new' });
    fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    await waitFor(() => expect(search(router).get('q')).toBe('ana'));
    expect(search(router).get('source_kind')).toBe('breach');
    expect(search(router).get('status')).toBe('new');
  });

  it('hides and shows columns, remembered per table in localStorage', async () => {
    const view = renderWithProviders(<Harness />, { i18n });
    expect(screen.queryByRole('columnheader', { name: 'Domain' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByLabelText('Source'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Source' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('vigil.table.test.hidden') ?? '[]')).toEqual(['domain', 'source']);
    view.unmount();
    renderWithProviders(<Harness />, { i18n });
    expect(screen.queryByRole('columnheader', { name: 'Source' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Email/ })).toBeTruthy();
  });

  it('selects rows for bulk actions and clears the selection on another page', async () => {
    const { router } = renderWithProviders(<Harness />, { i18n });
    expect(screen.queryByTestId('bulk')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByTestId('bulk').textContent).toBe('2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('bulk').textContent).toBe('1,2');
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await act(() => router.navigate('/?page=2'));
    await waitFor(() => expect(screen.queryByTestId('bulk')).toBeNull());
  });

  it('opens a row detail from its link (deep-linkable ?open=)', async () => {
    const { router } = renderWithProviders(<Harness />, { i18n });
    fireEvent.click(screen.getByRole('link', { name: 'bob@acme.test' }));
    await waitFor(() => expect(search(router).get('open')).toBe('2'));
    expect(await screen.findByText('Detail of 2')).toBeTruthy();
  });

  it('keeps the detail open when the page moves the focus outside it; Escape still closes it', async () => {
    const { router } = renderWithProviders(<Harness />, { i18n, path: '/?open=2' });
    const drawer = await screen.findByTestId('detail-drawer');
    await waitFor(() => expect(drawer.dataset.state).toBe('open'));
    // A late focus return (a dialog that closed, a button that vanished) lands outside the drawer.
    act(() => screen.getByRole('link', { name: 'ana@acme.test', hidden: true }).focus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drawer.dataset.state).toBe('open');
    expect(search(router).get('open')).toBe('2');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(search(router).get('open')).toBeNull());
  });

  it('keeps the open row under another parameter when `open` names something else on the screen', async () => {
    const { router } = renderWithProviders(<Harness openKey="asset" />, { i18n, path: '/?open=9' });
    expect(screen.queryByText('Detail of 9')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'bob@acme.test' }));
    await waitFor(() => expect(search(router).get('asset')).toBe('2'));
    expect(search(router).get('open')).toBe('9');
    expect(await screen.findByText('Detail of 2')).toBeTruthy();
  });

  it('explains where the data comes from when empty, and offers to clear filters when filtered', async () => {
    const first = renderWithProviders(<Harness data={[]} pageMeta={meta({ total: 0, has_more: false })} />, { i18n });
    expect(screen.getByRole('heading', { name: 'No leaked credentials yet' })).toBeTruthy();
    expect(screen.getByText('Import a combolist (email:password lines).')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    first.unmount();
    renderWithProviders(<Harness data={[]} pageMeta={meta({ total: 0, has_more: false })} />, {
      i18n,
      path: '/?q=zzz',
    });
    expect(screen.getByRole('heading', { name: 'Nothing matches' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });
});
