import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import type { FindingSlots } from './types';

export interface FindingTableProps<Row extends { id: number }>
  extends Omit<DataTableProps<Row>, 'rowId' | 'renderBulkActions' | 'renderDetail'> {
  slots: FindingSlots;
  /** The drawer's content around the finding's triage panel; the panel alone without it. */
  renderDetail?: (findingId: number, triage: ReactNode) => ReactNode;
}

/**
 * A DataTable whose rows are findings: keyed by finding id, with the app's bulk status and triage slots.
 * Rows are selectable only for a role that may change them (a viewer's checkboxes led to no action).
 */
export function FindingTable<Row extends { id: number }>({ slots, renderDetail, ...table }: FindingTableProps<Row>) {
  const canChange = slots.useCanChange();
  return (
    <DataTable
      {...table}
      rowId={(row) => String(row.id)}
      {...(canChange
        ? { renderBulkActions: (ids: string[], done: () => void) => slots.renderBulkActions(ids.map(Number), done) }
        : {})}
      renderDetail={(id) => {
        const triage = slots.renderFinding(Number(id));
        return renderDetail ? renderDetail(Number(id), triage) : triage;
      }}
    />
  );
}
