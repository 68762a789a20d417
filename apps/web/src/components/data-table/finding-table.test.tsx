import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { FindingTable } from './finding-table';
import { noSlots } from './testing/list-api';
import type { ColumnDef, FindingSlots } from './types';
import { useTableState } from './use-table-state';

interface Row {
  id: number;
  email: string;
}
const columns: ColumnDef<Row>[] = [{ id: 'email', header: 'Email', cell: (r) => r.email, primary: true }];
const meta = { page: 1, page_size: 25, total: 1, total_is_lower_bound: false, has_more: false };

function Harness({ slots }: { slots: FindingSlots }) {
  const state = useTableState([]);
  return (
    <FindingTable
      tableId="findings"
      caption="Leaked accounts"
      columns={columns}
      page={{ data: { data: [{ id: 7, email: 'ana@acme.test' }], meta } }}
      state={state}
      filters={[]}
      searchLabel="Search"
      empty={{ title: 'None', description: 'None yet.' }}
      slots={slots}
    />
  );
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

// Issue 33: a viewer saw row checkboxes that led to no action.
describe('FindingTable', () => {
  it('offers row selection to a role that may change findings', async () => {
    renderWithProviders(<Harness slots={noSlots} />, { i18n });
    expect(await screen.findByRole('checkbox', { name: 'Select row 7' })).toBeTruthy();
  });

  it('offers none to a viewer', async () => {
    renderWithProviders(<Harness slots={{ ...noSlots, useCanChange: () => false }} />, { i18n });
    expect(await screen.findByText('ana@acme.test')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
