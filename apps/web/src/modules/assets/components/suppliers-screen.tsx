import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
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
import { RatingSummary } from '@/components/ui/grade-badge';
import { useFormat } from '@/lib/i18n/format';
import { type Supplier, type SupplierTier, TIERS, useSuppliers } from '../api/suppliers-api';
import { TierBadge } from './badges';
import { SupplierDetail } from './supplier-detail';
import { SupplierDialog } from './supplier-form';

const SORTS = sortValues.listSuppliers;
const isTier = (value: string): value is SupplierTier => (TIERS as string[]).includes(value);

/** The supplier portfolio (`/suppliers`): tier, rating and trend, open findings, assets, contact, contract, questionnaire. */
export function SuppliersScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canChange = slots.useCanChange();
  const isAdministrator = slots.useIsAdministrator();
  const filters: FilterDef[] = [
    {
      id: 'tier',
      kind: 'multi',
      label: t('assets.tier'),
      options: TIERS.map((tier) => ({ value: tier, label: t(`assets.tiers.${tier}`) })),
    },
  ];
  const state = useTableState(filters);
  const tier = (state.filters.tier ?? []).filter(isTier);
  const list = useSuppliers({
    ...(state.q ? { q: state.q } : {}),
    ...(tier.length ? { tier } : {}),
    ...pageQuery(state, SORTS),
  });
  const demo = Boolean(list.data?.data.some((row) => row.is_demo));

  const columns: ColumnDef<Supplier>[] = [
    { id: 'name', header: t('assets.supplierName'), primary: true, sortKey: 'name', cell: (r) => r.name },
    { id: 'tier', header: t('assets.tier'), sortKey: 'tier', cell: (r) => <TierBadge tier={r.tier} /> },
    {
      id: 'rating',
      header: t('assets.rating'),
      sortKey: 'score',
      cell: (r) =>
        r.rating ? (
          <RatingSummary grade={r.rating.grade} score={r.rating.score} change={r.rating.change_30d} />
        ) : (
          <Text as="span" color="fg.muted">
            {t('assets.notRated')}
          </Text>
        ),
    },
    {
      id: 'open_findings',
      header: t('assets.openFindings'),
      align: 'end',
      cell: (r) => format.number(r.open_findings),
    },
    {
      id: 'assets',
      header: t('assets.assetCount'),
      align: 'end',
      cell: (r) => (
        <Link asChild colorPalette="blue">
          <RouterLink
            to={`/supplierassets?supplier=${r.id}`}
            aria-label={t('assets.assetsOf', { count: r.asset_count, name: r.name })}
          >
            {format.number(r.asset_count)}
          </RouterLink>
        </Link>
      ),
    },
    {
      id: 'contact',
      header: t('assets.contact'),
      cell: (r) => (
        <Stack gap="0">
          <Text>{r.contact_name ?? '—'}</Text>
          {r.contact_email ? (
            <Text fontSize="xs" color="fg.muted">
              {r.contact_email}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'contract_end',
      header: t('assets.contractEnd'),
      sortKey: 'contract_end',
      cell: (r) => (r.contract_end ? format.date(r.contract_end, { dateStyle: 'medium', timeZone: 'UTC' }) : '—'),
    },
    {
      id: 'questionnaire',
      header: t('assets.questionnaire'),
      cell: (r) => (r.questionnaire_status ? t(`assets.questionnaireStatus.${r.questionnaire_status}`) : '—'),
    },
    { id: 'website', header: t('assets.website'), cell: (r) => r.website ?? '—', hiddenByDefault: true },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.suppliers.title')}
        trail={[t('nav.groups.attack-surface')]}
        description={t('assets.suppliersDescription')}
        status={demo ? <DemoBadge /> : null}
        actions={<HStack gap="2">{canChange ? <SupplierDialog supplier={null} /> : null}</HStack>}
      />
      <DataTable
        tableId="suppliers"
        caption={t('assets.suppliersCaption')}
        columns={columns}
        page={list}
        rowId={(r) => String(r.id)}
        state={state}
        filters={filters}
        searchLabel={t('assets.searchSuppliers')}
        empty={{ title: t('assets.noSuppliersTitle'), description: t('assets.noSuppliers') }}
        renderDetail={(id) => <SupplierDetail id={Number(id)} canChange={canChange} canDelete={isAdministrator} />}
        detailTitle={t('assets.supplierDetailTitle')}
      />
    </>
  );
}
