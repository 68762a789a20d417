import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable, type FilterDef, periodQuery, useTableState } from '@/components/data-table';
import { KevBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { type CatalogueCve, type CatalogueQuery, useCatalogue } from '../api/catalogue-api';
import { CatalogueDetail } from './catalogue-detail';
import { CatalogueSeverity } from './catalogue-severity';

const SORTS = sortValues.listCveCatalogue;
const MIN_EPSS = ['0.01', '0.1', '0.5'] as const;
const MIN_CVSS = ['4', '7', '9'] as const;
const NAME = /^[^:\s]{1,200}$/;
const CWE = /^(CWE-\d{1,6}|NVD-CWE-Other|NVD-CWE-noinfo)$/;

/** The request of the tab's URL state: only values the contract accepts are sent. */
export function catalogueQuery(state: ReturnType<typeof useTableState>): CatalogueQuery {
  const one = (id: string) => state.filters[id]?.[0]?.trim().toLowerCase();
  const vendor = one('vendor');
  const product = one('product');
  const cwe = state.filters.cwe?.[0]
    ?.trim()
    .toUpperCase()
    .replace(/^NVD-CWE-(OTHER|NOINFO)$/, (_, w: string) => `NVD-CWE-${w === 'OTHER' ? 'Other' : 'noinfo'}`);
  const kev = one('kev');
  const minEpss = MIN_EPSS.find((v) => v === one('min_epss'));
  const minCvss = MIN_CVSS.find((v) => v === one('min_cvss'));
  const period = periodQuery(state.filters);
  const sort = SORTS.find((s) => s === state.sort);
  return {
    page: state.page,
    page_size: state.pageSize,
    ...(state.q.trim() ? { q: state.q.trim().slice(0, 200) } : {}),
    ...(vendor && NAME.test(vendor) ? { vendor } : {}),
    ...(product && NAME.test(product) ? { product } : {}),
    ...(cwe && CWE.test(cwe) ? { cwe } : {}),
    ...(kev === 'true' || kev === 'false' ? { kev: kev === 'true' } : {}),
    ...(minEpss ? { min_epss: Number(minEpss) } : {}),
    ...(minCvss ? { min_cvss: Number(minCvss) } : {}),
    ...(period.from ? { published_from: period.from } : {}),
    ...(period.to ? { published_to: period.to } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** The whole CVE catalogue (NVD, KEV, EPSS), whatever the watch list; a row opens its detail. */
export function CatalogueTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const filters: FilterDef[] = [
    { id: 'vendor', kind: 'text', label: t('cves.catalogue.vendor') },
    { id: 'product', kind: 'text', label: t('cves.catalogue.product') },
    { id: 'cwe', kind: 'text', label: t('cves.catalogue.cwe') },
    {
      id: 'kev',
      kind: 'select',
      label: t('cves.kev'),
      options: [
        { value: 'true', label: t('cves.kevOnly') },
        { value: 'false', label: t('cves.kevNot') },
      ],
    },
    {
      id: 'min_epss',
      kind: 'select',
      label: t('cves.minEpss'),
      options: MIN_EPSS.map((value) => ({
        value,
        label: t('cves.epssAtLeast', { value: format.number(Number(value), { style: 'percent' }) }),
      })),
    },
    {
      id: 'min_cvss',
      kind: 'select',
      label: t('cves.catalogue.minCvss'),
      options: MIN_CVSS.map((value) => ({ value, label: t('cves.catalogue.cvssAtLeast', { value }) })),
    },
    { id: 'published', kind: 'date-range', label: t('cves.published') },
  ];
  const state = useTableState(filters, { openKey: 'cve' });
  const list = useCatalogue(catalogueQuery(state));
  const columns: ColumnDef<CatalogueCve>[] = [
    { id: 'cve', header: t('cves.cveId'), cell: (r) => r.cve_id, primary: true, sortKey: 'cve_id' },
    {
      id: 'cvss',
      header: t('cves.catalogue.severity'),
      sortKey: 'cvss',
      cell: (r) =>
        r.cvss_score === null ? (
          <Text fontSize="sm" color="fg.muted">
            {t('cves.catalogue.notScored')}
          </Text>
        ) : (
          <HStack gap="2">
            <CatalogueSeverity severity={r.severity} />
            <Text fontSize="sm">
              {t('cves.catalogue.cvssOf', { score: r.cvss_score.toFixed(1), version: r.cvss_version })}
            </Text>
          </HStack>
        ),
    },
    {
      id: 'epss',
      header: t('cves.epss'),
      sortKey: 'epss',
      cell: (r) => (r.epss === null ? '—' : format.number(r.epss, { style: 'percent', maximumFractionDigits: 2 })),
    },
    {
      id: 'kev',
      header: t('cves.kev'),
      cell: (r) => (r.kev ? <KevBadge dueDate={null} ransomware={null} /> : '—'),
    },
    {
      id: 'products',
      header: t('cves.products'),
      cell: (r) => (
        <HStack gap="1" flexWrap="wrap">
          {r.products.slice(0, 3).map((p) => (
            <Badge key={p} size="xs" variant="surface">
              {p}
            </Badge>
          ))}
        </HStack>
      ),
    },
    {
      id: 'watched',
      header: t('cves.catalogue.watched'),
      cell: (r) => (r.watched ? <Badge colorPalette="orange">{t('cves.catalogue.watchedYes')}</Badge> : '—'),
    },
    {
      id: 'published',
      header: t('cves.published'),
      sortKey: 'published_at',
      cell: (r) =>
        r.published_at === null ? (
          <Text fontSize="sm" color="fg.muted">
            {t('cves.catalogue.notPublished')}
          </Text>
        ) : (
          format.date(r.published_at)
        ),
    },
    {
      id: 'description',
      header: t('cves.description'),
      cell: (r) => r.description.slice(0, 120),
      hiddenByDefault: true,
    },
  ];
  return (
    <Stack gap="2">
      <DataTable
        tableId="cve-catalogue"
        caption={t('cves.catalogue.caption')}
        columns={columns}
        page={{ data: list.data, isFetching: list.isFetching, isError: list.isError }}
        rowId={(r) => r.cve_id}
        state={state}
        filters={filters}
        searchLabel={t('cves.catalogue.search')}
        empty={{ title: t('cves.catalogue.emptyTitle'), description: t('cves.catalogue.empty') }}
        renderDetail={(id) => <CatalogueDetail cveId={id} />}
        detailTitle={t('cves.detailTitle')}
      />
    </Stack>
  );
}
