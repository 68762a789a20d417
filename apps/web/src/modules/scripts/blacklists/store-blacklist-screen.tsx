import { HStack, Text } from '@chakra-ui/react';
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
import { ProviderNotice } from '@/components/provider-notice';
import { DemoBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import {
  STORE_BLACKLIST_STATUSES,
  type StoreBlacklistEntry,
  type StoreBlacklistQuery,
  useStoreBlacklist,
} from './store-blacklist-api';
import { StoreStatusBadge } from './store-blacklist-badges';
import { StoreBlacklistDetail } from './store-blacklist-detail';
import { AddStoreDialog } from './store-blacklist-dialogs';

const SORTS = sortValues.listStoreBlacklist;

/**
 * The online-store blacklist (`/vtexblacklist`): fraudulent or cloned store domains with their
 * status in the takedown workflow, registrar and host (RDAP) and the last check; filtered, searched,
 * sorted and exported; an entry opens in a drawer (`?open=`) with its moves, evidence and history.
 */
export function StoreBlacklistScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canChange = slots.useCanChange();
  // The registrar filter offers the registrars of the company's entries, which come with the list.
  const filtersOf = (registrars: string[]): FilterDef[] => [
    {
      id: 'status',
      kind: 'multi',
      label: t('scripts.storeBlacklist.status'),
      options: STORE_BLACKLIST_STATUSES.map((s) => ({ value: s, label: t(`scripts.storeBlacklist.statuses.${s}`) })),
    },
    {
      id: 'registrar',
      kind: 'select',
      label: t('scripts.storeBlacklist.registrar'),
      options: registrars.map((registrar) => ({ value: registrar, label: registrar })),
    },
  ];
  const state = useTableState(filtersOf([]));
  const status = STORE_BLACKLIST_STATUSES.filter((s) => state.filters.status?.includes(s));
  const registrar = state.filters.registrar?.[0];
  const filterQuery: Omit<StoreBlacklistQuery, 'page' | 'page_size' | 'sort'> = {
    ...(state.q ? { q: state.q } : {}),
    ...(status.length ? { status } : {}),
    ...(registrar ? { registrar } : {}),
  };
  const list = useStoreBlacklist({ ...filterQuery, ...pageQuery(state, SORTS) });
  const filters = filtersOf(list.data?.registrars ?? []);
  const demo = Boolean(list.data?.data.some((row) => row.is_demo));
  const date = (value: string | null) => (value ? format.date(value) : '—');

  const columns: ColumnDef<StoreBlacklistEntry>[] = [
    {
      id: 'domain',
      header: t('scripts.storeBlacklist.domain'),
      primary: true,
      sortKey: 'domain',
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
          {r.domain}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('scripts.storeBlacklist.status'),
      sortKey: 'status',
      cell: (r) => <StoreStatusBadge status={r.status} />,
    },
    {
      id: 'registrar',
      header: t('scripts.storeBlacklist.registrar'),
      sortKey: 'registrar',
      cell: (r) => r.registrar ?? '—',
    },
    { id: 'host', header: t('scripts.storeBlacklist.host'), cell: (r) => r.host ?? '—' },
    {
      id: 'takedown_reference',
      header: t('scripts.storeBlacklist.takedownReference'),
      cell: (r) => r.takedown_reference ?? '—',
      hiddenByDefault: true,
    },
    {
      id: 'last_checked_at',
      header: t('scripts.storeBlacklist.lastChecked'),
      sortKey: 'last_checked_at',
      cell: (r) => date(r.last_checked_at),
    },
    {
      id: 'created_at',
      header: t('scripts.storeBlacklist.added'),
      sortKey: 'created_at',
      cell: (r) => date(r.created_at),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.vtex-blacklist.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.storeBlacklist.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {canChange ? <AddStoreDialog /> : null}
          </HStack>
        }
      />
      {/* The registrar and host come from RDAP: without it the checks still say whether a store answers. */}
      <ProviderNotice providers={['rdap']} />
      <DataTable
        tableId="store-blacklist"
        caption={t('scripts.storeBlacklist.caption')}
        columns={columns}
        page={list}
        rowId={(r) => String(r.id)}
        state={state}
        filters={filters}
        searchLabel={t('scripts.storeBlacklist.search')}
        empty={{ title: t('scripts.storeBlacklist.emptyTitle'), description: t('scripts.storeBlacklist.empty') }}
        exportHref={apiUrl('/store-blacklist/export', filterQuery)}
        renderDetail={(id) => <StoreBlacklistDetail id={Number(id)} canChange={canChange} />}
        detailTitle={t('scripts.storeBlacklist.detailTitle')}
      />
    </>
  );
}
