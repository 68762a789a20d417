import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, type FindingSlots, useTableState } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { ComplianceBadge } from './compliance-badge';
import { StoreDetail } from './store-detail';
import { StoreDialog } from './store-dialog';
import { type Store, useStores } from './stores-api';

/** The latest scan of any of the store's pages, or null before the first. */
function lastScanned(store: Store): string | null {
  return store.pages.reduce<string | null>(
    (latest, page) =>
      page.last_scanned_at && (!latest || page.last_scanned_at > latest) ? page.last_scanned_at : latest,
    null,
  );
}

/**
 * The online-store area (`/vtex`): the company's stores with their platform, account, domains,
 * monitored pages, latest scan and PCI DSS status; a store opens in `?store=` with its pages.
 * Administrators add, edit and remove stores and pages; the others read them.
 */
export function StoresScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canEdit = slots.useIsAdministrator();
  const state = useTableState([], { openKey: 'store' });
  const stores = useStores();
  const rows = stores.data ?? [];
  // The list is whole (at most 100 stores): one page.
  const page = {
    ...(stores.data
      ? {
          data: {
            data: rows,
            meta: { page: 1, page_size: rows.length, total: rows.length, total_is_lower_bound: false, has_more: false },
          },
        }
      : {}),
    isFetching: stores.isFetching,
    isError: stores.isError,
  };
  const demo = rows.some((store) => store.is_demo);

  const columns: ColumnDef<Store>[] = [
    { id: 'name', header: t('scripts.stores.name'), primary: true, cell: (r) => r.name },
    {
      id: 'platform',
      header: t('scripts.stores.platform'),
      cell: (r) => (
        <Badge variant="surface" size="sm">
          {t(`scripts.stores.platforms.${r.platform}`)}
        </Badge>
      ),
    },
    { id: 'account', header: t('scripts.stores.accountName'), cell: (r) => r.account_name ?? '—' },
    {
      id: 'domains',
      header: t('scripts.stores.domains'),
      cell: (r) => (
        <Stack gap="0">
          {r.domains.map((domain) => (
            <Text key={domain} as="span" overflowWrap="anywhere">
              {domain}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      id: 'pages',
      header: t('scripts.stores.pageCount'),
      align: 'end',
      cell: (r) => format.number(r.pages.length),
    },
    {
      id: 'last_scan',
      header: t('scripts.stores.pages.lastScan'),
      cell: (r) => {
        const at = lastScanned(r);
        return at
          ? format.date(at, { dateStyle: 'medium', timeStyle: 'short' })
          : t('scripts.stores.pages.neverScanned');
      },
    },
    {
      id: 'pci_6_4_3',
      header: t('scripts.compliance.pci643'),
      cell: (r) => <ComplianceBadge status={r.pci_6_4_3} />,
    },
    {
      id: 'pci_11_6_1',
      header: t('scripts.compliance.pci1161'),
      cell: (r) => <ComplianceBadge status={r.pci_11_6_1} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.vtex.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.stores.description')}
        status={demo ? <DemoBadge /> : null}
        actions={<HStack gap="2">{canEdit ? <StoreDialog store={null} /> : null}</HStack>}
      />
      <DataTable
        tableId="stores"
        caption={t('scripts.stores.caption')}
        columns={columns}
        page={page}
        rowId={(r) => String(r.id)}
        state={state}
        empty={{
          title: t('scripts.stores.emptyTitle'),
          description: t(canEdit ? 'scripts.stores.emptyAdmin' : 'scripts.stores.empty'),
        }}
        renderDetail={(id) => <StoreDetail id={Number(id)} canEdit={canEdit} />}
        detailTitle={t('scripts.stores.detailTitle')}
      />
    </>
  );
}
