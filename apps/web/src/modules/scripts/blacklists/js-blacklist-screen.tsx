import { Badge, HStack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import {
  type ColumnDef,
  DataTable,
  type FilterDef,
  type FindingSlots,
  pageQuery,
  useTableState,
} from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import {
  BLACKLIST_KINDS,
  BLACKLIST_STATUSES,
  type BlacklistEntry,
  type BlacklistQuery,
  useBlacklist,
} from './js-blacklist-api';
import { AddEntryDialog, DeleteEntry, EditEntryDialog } from './js-blacklist-dialogs';

const SORTS = sortValues.listJsBlacklist;

/**
 * The JS blacklist (`/jsblacklist`): known-bad script hosts, URLs and hashes with source, family,
 * first seen, status and hits; filtered, exported as CSV, imported (CSV or a plain list), added
 * and edited by analysts and administrators. An active entry flags matching scripts in scans.
 */
export function JsBlacklistScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canChange = slots.useCanChange();
  // The family filter offers the families of the company's entries, which come with the list.
  const filtersOf = (families: string[]): FilterDef[] => [
    {
      id: 'kind',
      kind: 'multi',
      label: t('scripts.blacklist.kind'),
      options: BLACKLIST_KINDS.map((k) => ({ value: k, label: t(`scripts.blacklist.kinds.${k}`) })),
    },
    {
      id: 'status',
      kind: 'select',
      label: t('scripts.blacklist.status'),
      options: BLACKLIST_STATUSES.map((s) => ({ value: s, label: t(`scripts.blacklist.statuses.${s}`) })),
    },
    {
      id: 'family',
      kind: 'select',
      label: t('scripts.blacklist.family'),
      options: families.map((family) => ({ value: family, label: family })),
    },
  ];
  const state = useTableState(filtersOf([]));
  const kind = BLACKLIST_KINDS.filter((k) => state.filters.kind?.includes(k));
  const status = BLACKLIST_STATUSES.find((s) => s === state.filters.status?.[0]);
  const family = state.filters.family?.[0];
  const filterQuery: Omit<BlacklistQuery, 'page' | 'page_size' | 'sort'> = {
    ...(state.q ? { q: state.q } : {}),
    ...(kind.length ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(family ? { family } : {}),
  };
  const list = useBlacklist({ ...filterQuery, ...pageQuery(state, SORTS) });
  const filters = filtersOf(list.data?.families ?? []);
  const demo = Boolean(list.data?.data.some((row) => row.is_demo));

  const columns: ColumnDef<BlacklistEntry>[] = [
    {
      id: 'value',
      header: t('scripts.blacklist.value'),
      sortKey: 'value',
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
          {r.value}
        </Text>
      ),
    },
    {
      id: 'kind',
      header: t('scripts.blacklist.kind'),
      cell: (r) => (
        <Badge variant="surface" size="sm">
          {t(`scripts.blacklist.kinds.${r.kind}`)}
        </Badge>
      ),
    },
    { id: 'family', header: t('scripts.blacklist.family'), cell: (r) => r.family ?? '—' },
    {
      id: 'source',
      header: t('scripts.blacklist.source'),
      // An entry added by hand without a source is stored as 'manual' (the server's word): say it in words.
      cell: (r) => (r.source === 'manual' ? t('scripts.blacklist.sourceManual') : r.source),
    },
    {
      id: 'first_seen_at',
      header: t('scripts.blacklist.firstSeen'),
      sortKey: 'first_seen_at',
      cell: (r) => format.date(r.first_seen_at),
    },
    {
      id: 'last_seen_at',
      header: t('scripts.blacklist.lastSeen'),
      sortKey: 'last_seen_at',
      cell: (r) => format.date(r.last_seen_at),
      hiddenByDefault: true,
    },
    {
      id: 'status',
      header: t('scripts.blacklist.status'),
      cell: (r) => (
        <Badge colorPalette={r.status === 'active' ? 'red' : 'gray'} variant="subtle" size="sm">
          {t(`scripts.blacklist.statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      id: 'hits',
      header: t('scripts.blacklist.hits'),
      sortKey: 'hits',
      align: 'end',
      cell: (r) => format.number(r.hits),
    },
    { id: 'notes', header: t('scripts.blacklist.notes'), cell: (r) => r.notes ?? '—', hiddenByDefault: true },
    ...(canChange
      ? [
          {
            id: 'actions',
            header: t('scripts.blacklist.actions'),
            cell: (r: BlacklistEntry) => (
              <HStack gap="2">
                <EditEntryDialog entry={r} />
                <DeleteEntry entry={r} />
              </HStack>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('screens.js-blacklist.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.blacklist.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {slots.renderImport('scripts')}
            {canChange ? <AddEntryDialog /> : null}
          </HStack>
        }
      />
      <DataTable
        tableId="js-blacklist"
        caption={t('scripts.blacklist.caption')}
        columns={columns}
        page={list}
        rowId={(r) => String(r.id)}
        state={state}
        filters={filters}
        searchLabel={t('scripts.blacklist.search')}
        empty={{ title: t('scripts.blacklist.emptyTitle'), description: t('scripts.blacklist.empty') }}
        exportHref={apiUrl('/js-blacklist/export', filterQuery)}
      />
    </>
  );
}
