// The one data table of every monitoring list, and the URL state it is bound to.
export { DataTable, type DataTableProps, type ListPage } from './data-table';
export { DetailDrawer } from './detail-drawer';
export { type Evidence, EvidenceList, EvidenceText } from './evidence-list';
export { FilterBar } from './filter-bar';
export { FindingDrawer } from './finding-drawer';
export {
  filteredListHref,
  findingFilterQuery,
  findingFilters,
  OPEN_STATUSES,
  originFilter,
  originQuery,
  pageQuery,
  textFilter,
} from './finding-filters';
export { FindingTable, type FindingTableProps } from './finding-table';
export { ListSection } from './list-section';
export { Pagination } from './pagination';
export { Truncated } from './truncated';
export type {
  AssigneeChoices,
  ColumnDef,
  FilterDef,
  FilterOption,
  FindingSlots,
  ImportSupplier,
  PageMeta,
} from './types';
export { type FindingListDefinition, type FindingListQuery, useFindingList } from './use-finding-list';
export { PAGE_SIZES, periodQuery, type TableActions, type TableState, useTableState } from './use-table-state';
