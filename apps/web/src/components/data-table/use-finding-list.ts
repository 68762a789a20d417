import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { findingFilterQuery, findingFilters, pageQuery } from './finding-filters';
import type { FilterDef, FindingSlots } from './types';
import { type TableState, useTableState } from './use-table-state';

/** What a module's findings list is made of besides its columns. */
export interface FindingListDefinition<Sort extends string, Extra extends object> {
  /** The module's own filters, shown before the ones every findings list has. */
  filters: FilterDef[];
  /** Their query parameters, read from the URL state. */
  query: (state: TableState) => Extra;
  /** The sorts its API takes (others are left out, so the API's default applies). */
  sorts: readonly Sort[];
}

export type FindingListQuery<Sort extends string, Extra extends object> = ReturnType<typeof findingFilterQuery> &
  Extra &
  ReturnType<typeof pageQuery<Sort>>;

/**
 * One findings list's state: its filters (the module's, then status, severity, assignee, period and
 * origin), the URL state, the filter query (also the CSV export's), the page, and whether it shows
 * demo data. Every module's table is this plus its columns.
 */
export function useFindingList<
  Sort extends string,
  Extra extends object,
  Page extends { data: { is_demo: boolean }[] },
>(
  slots: FindingSlots,
  definition: FindingListDefinition<Sort, Extra>,
  useList: (query: FindingListQuery<Sort, Extra>) => UseQueryResult<Page>,
) {
  const { t } = useTranslation();
  const assignees = slots.useAssignees();
  const filters = [...definition.filters, ...findingFilters(t, assignees)];
  const state = useTableState(filters);
  // The filters every findings list shares (what the platform's exports take), then the module's own.
  const coreQuery = findingFilterQuery(state, assignees);
  const filterQuery = { ...coreQuery, ...definition.query(state) };
  const list = useList({ ...filterQuery, ...pageQuery(state, definition.sorts) });
  const demo = Boolean(list.data?.data.some((row) => row.is_demo));
  return { filters, state, filterQuery, coreQuery, list, demo };
}
