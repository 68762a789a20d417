import { Alert, Box, chakra, HStack, Link, Skeleton, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AppIcon } from '@/components/ui/icons';
import { CheckboxPopover } from './checkbox-popover';
import { DetailDrawer } from './detail-drawer';
import { FilterBar } from './filter-bar';
import { Pagination } from './pagination';
import { TableEmptyState } from './table-empty-state';
import type { ColumnDef, FilterDef, PageMeta } from './types';
import { useColumnVisibility } from './use-column-visibility';
import { useFitColumns } from './use-fit-columns';
import type { TableActions, TableState } from './use-table-state';

export interface DataTableProps<Row> {
  /** Names the table in localStorage (column choice) and in tests. */
  tableId: string;
  caption: string;
  columns: ColumnDef<Row>[];
  /** The list query (TanStack Query's result fits): its page of rows, and whether it loads or failed. */
  page: ListPage<Row>;
  rowId: (row: Row) => string;
  state: TableState & TableActions;
  filters?: FilterDef[];
  searchLabel?: string;
  /** What will appear and how the data gets there (importer and format). */
  empty: { title: string; description: string };
  /** The API's streamed CSV export with the same filters (a plain download link). */
  exportHref?: string;
  /** The same filtered list as a STIX 2.1 bundle (a plain download link beside the CSV one). */
  stixHref?: string;
  renderBulkActions?: (ids: string[], clear: () => void) => ReactNode;
  renderDetail?: (id: string) => ReactNode;
  detailTitle?: string;
  /** Highlights a row (e.g. an overdue SLA). */
  rowTone?: (row: Row) => 'danger' | undefined;
  toolbar?: ReactNode;
}

export interface ListPage<Row> {
  data?: { data: Row[]; meta: PageMeta } | undefined;
  isFetching?: boolean;
  isError?: boolean;
}

/** The one table of every monitoring list: server pages, sort, filters, search, columns, selection, detail. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { tableId, caption, columns, page, rowId, state, renderBulkActions } = props;
  const rows = page.data?.data;
  const meta = page.data?.meta;
  const loading = page.isFetching ?? false;
  const error = page.isError ? t('dataTable.loadFailed') : null;
  const location = useLocation();
  const { hidden, toggle } = useColumnVisibility(
    tableId,
    columns.filter((c) => c.hiddenByDefault).map((c) => c.id),
  );
  const chosen = columns.filter((c) => !hidden.includes(c.id));
  const [selected, setSelected] = useState<string[]>([]);
  const pageIds = rows?.map(rowId) ?? [];
  // The one layout rule of every list: the least important columns make room, no sideways scroll.
  const box = useRef<HTMLDivElement>(null);
  const dropped = useFitColumns(box, chosen, rows === undefined ? 'loading' : pageIds.join(','));
  const visible = chosen.filter((c) => !dropped.includes(c.id));
  const pageKey = `${state.page}|${state.pageSize}|${state.sort}|${state.q}|${JSON.stringify(state.filters)}`;
  // A new page or filter clears the selection: bulk actions act on what the user sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageKey is the trigger
  useEffect(() => setSelected([]), [pageKey]);

  const selectable = Boolean(renderBulkActions);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const openHref = (id: string) => {
    const search = new URLSearchParams(location.search);
    search.set(state.openKey, id);
    return { pathname: location.pathname, search: `?${search.toString()}` };
  };

  const sortOf = (column: ColumnDef<Row>): 'ascending' | 'descending' | 'none' => {
    if (!column.sortKey) return 'none';
    if (state.sort === column.sortKey) return 'ascending';
    if (state.sort === `-${column.sortKey}`) return 'descending';
    return 'none';
  };
  const nextSort = (column: ColumnDef<Row>) =>
    sortOf(column) === 'descending' ? column.sortKey : `-${column.sortKey}`;

  const empty = !loading && !error && rows !== undefined && rows.length === 0;

  return (
    <Box data-testid={`table-${tableId}`}>
      <FilterBar
        filters={props.filters ?? []}
        state={state}
        {...(props.searchLabel ? { searchLabel: props.searchLabel } : {})}
      />
      <HStack gap="2" mb="3" flexWrap="wrap" justify="space-between">
        <HStack gap="2" flexWrap="wrap">
          {selectable && selected.length > 0 ? (
            <HStack gap="2" role="group" aria-label={t('dataTable.bulkActions')}>
              <Text fontSize="sm" fontWeight="medium">
                {t('dataTable.selected', { count: selected.length })}
              </Text>
              {renderBulkActions?.(selected, () => setSelected([]))}
            </HStack>
          ) : null}
          {props.toolbar}
        </HStack>
        <HStack gap="2">
          <CheckboxPopover
            label={t('dataTable.columns')}
            options={columns.map((c) => ({
              value: c.id,
              label: dropped.includes(c.id) ? `${c.header} (${t('dataTable.noRoom')})` : c.header,
            }))}
            checked={chosen.map((c) => c.id)}
            onChange={(id, on) => toggle(id, on)}
          />
          {props.exportHref ? (
            // A download is a link to a file: it looks like one (issue 33: a link styled as a button).
            <Link href={props.exportHref} download fontSize="sm" colorPalette="brand" gap="1" whiteSpace="nowrap">
              <AppIcon name="download" boxSize="4" />
              {t('dataTable.exportCsv')}
            </Link>
          ) : null}
          {props.stixHref ? (
            <Link href={props.stixHref} download fontSize="sm" colorPalette="brand" gap="1" whiteSpace="nowrap">
              <AppIcon name="download" boxSize="4" />
              {t('dataTable.exportStix')}
            </Link>
          ) : null}
        </HStack>
      </HStack>
      {error ? (
        <Alert.Root status="error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {empty ? (
        <TableEmptyState {...props.empty} filtered={state.hasFilters} onClearFilters={state.clearFilters} />
      ) : (
        <Table.ScrollArea ref={box} borderWidth="1px" borderRadius="l2" bg="bg.panel">
          <Table.Root size="sm" interactive aria-busy={loading ? true : undefined}>
            <chakra.caption srOnly>{caption}</chakra.caption>
            <Table.Header>
              <Table.Row>
                {selectable ? (
                  <Table.ColumnHeader width="10">
                    <chakra.input
                      type="checkbox"
                      aria-label={t('dataTable.selectPage')}
                      checked={allSelected}
                      onChange={(event) => setSelected(event.currentTarget.checked ? pageIds : [])}
                    />
                  </Table.ColumnHeader>
                ) : null}
                {visible.map((column) => (
                  <Table.ColumnHeader
                    key={column.id}
                    data-column={column.id}
                    scope="col"
                    {...(column.primary ? { minW: '40' } : {})}
                    textAlign={column.align === 'end' ? 'end' : 'start'}
                    {...(column.sortKey ? { 'aria-sort': sortOf(column) } : {})}
                  >
                    {column.sortKey ? (
                      <chakra.button
                        type="button"
                        fontWeight="inherit"
                        display="inline-flex"
                        gap="1"
                        cursor="pointer"
                        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                        onClick={() => state.setSort(nextSort(column))}
                      >
                        {column.header}
                        <span aria-hidden="true">
                          {sortOf(column) === 'ascending' ? '▲' : sortOf(column) === 'descending' ? '▼' : '↕'}
                        </span>
                      </chakra.button>
                    ) : (
                      column.header
                    )}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows === undefined
                ? Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Row key={i}>
                      {selectable ? <Table.Cell /> : null}
                      {visible.map((column) => (
                        <Table.Cell key={column.id}>
                          <Skeleton height="4" />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))
                : rows.map((row) => {
                    const id = rowId(row);
                    const tone = props.rowTone?.(row);
                    return (
                      <Table.Row
                        key={id}
                        data-selected={selected.includes(id) ? '' : undefined}
                        bg={tone === 'danger' ? 'red.subtle' : undefined}
                      >
                        {selectable ? (
                          <Table.Cell>
                            <chakra.input
                              type="checkbox"
                              aria-label={t('dataTable.selectRow', { id })}
                              checked={selected.includes(id)}
                              onChange={(event) => {
                                const on = event.currentTarget.checked;
                                setSelected((current) => (on ? [...current, id] : current.filter((v) => v !== id)));
                              }}
                            />
                          </Table.Cell>
                        ) : null}
                        {visible.map((column) => (
                          <Table.Cell
                            key={column.id}
                            textAlign={column.align === 'end' ? 'end' : 'start'}
                            // The primary column wraps a long name rather than being cut.
                            {...(column.primary ? { overflowWrap: 'anywhere' } : {})}
                          >
                            {column.primary && props.renderDetail ? (
                              <Link asChild colorPalette="blue" fontWeight="medium">
                                <RouterLink to={openHref(id)}>{column.cell(row)}</RouterLink>
                              </Link>
                            ) : (
                              column.cell(row)
                            )}
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    );
                  })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {meta && !empty ? <Pagination meta={meta} onPage={state.setPage} onPageSize={state.setPageSize} /> : null}
      {props.renderDetail ? (
        <DetailDrawer
          open={Boolean(state.open)}
          title={props.detailTitle ?? caption}
          onClose={() => state.setOpen(undefined)}
        >
          {state.open ? props.renderDetail(state.open) : null}
        </DetailDrawer>
      ) : null}
    </Box>
  );
}
