import type { ReactNode } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter a screen declares; its value lives in the URL under `id` (a date range under from/to). */
export type FilterDef =
  | {
      id: string;
      kind: 'select';
      label: string;
      options: FilterOption[];
      /** The first option's text, which sets no filter ("<label>: any" without it). */
      anyLabel?: string;
    }
  | { id: string; kind: 'multi'; label: string; options: FilterOption[] }
  | { id: string; kind: 'text'; label: string }
  | { id: string; kind: 'date-range'; label: string };

export interface ColumnDef<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The API's sort key (`-key` sorts descending); without it the column does not sort. */
  sortKey?: string;
  /** Hidden until the user shows it in the column chooser. */
  hiddenByDefault?: boolean;
  /** The cell that opens the row's detail (a link, so it works by keyboard and can be shared). */
  primary?: boolean;
  /**
   * How much the column matters when the table has no room (the primary column always stays): 1 goes
   * last (severity, status), 2 by default, 3 goes first (details the drawer also shows).
   */
  priority?: 1 | 2 | 3;
  align?: 'start' | 'end';
}

export interface PageMeta {
  page: number;
  page_size: number;
  total: number;
  total_is_lower_bound: boolean;
  has_more: boolean;
}

/** Slots a monitoring screen receives from `src/app/` (modules and features never import each other). */
export interface FindingSlots {
  /** Status, assignee, comments and history of one finding (the findings feature). */
  renderFinding: (findingId: number) => ReactNode;
  /** Bulk status change of the selected findings; `onDone` clears the selection. */
  renderBulkActions: (ids: number[], onDone: () => void) => ReactNode;
  /**
   * The import button and dialog of a module's screen (the imports feature), offering the kinds the
   * server registered for `module`; with `suppliers`, the dialog asks whose inventory the file goes to.
   */
  renderImport: (module: string, suppliers?: ImportSupplier[]) => ReactNode;
  /** A hook: the members a finding can be assigned to and the signed-in user (the assignee filter). */
  useAssignees: () => AssigneeChoices;
  /** A hook: whether the user's role in the current company may change things (viewers may not). */
  useCanChange: () => boolean;
  /** A hook: whether the user administers the current company (scope and other settings). */
  useIsAdministrator: () => boolean;
}

/** A supplier the import dialog offers as the owner of the imported assets. */
export interface ImportSupplier {
  id: number;
  name: string;
}

/** Who the assignee filter offers: "assigned to me" needs the signed-in user's id. */
export interface AssigneeChoices {
  /** The signed-in user; null while unknown (the "assigned to me" option is left out). */
  currentUserId: number | null;
  members: { id: number; name: string }[];
}
