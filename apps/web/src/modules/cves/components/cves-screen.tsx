import { Badge, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  type ColumnDef,
  type FilterDef,
  type FindingSlots,
  FindingTable,
  useFindingList,
} from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge, KevBadge, SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { type CveRow, useCves, useWatchList } from '../api/cves-api';
import { CatalogueTab } from './catalogue-tab';
import { CveDetail } from './cve-detail';
import { WatchList } from './watch-list';

const SORTS = sortValues.listCves;
/** EPSS thresholds offered by the filter (probability of exploitation in the next 30 days). */
const MIN_EPSS = ['0.01', '0.1', '0.5'] as const;

/** The CVE feed filtered by the company's watch list, with scores, KEV and triage (OpenCVE-like). */
export function CvesScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const watchList = useWatchList();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'catalogue' ? 'catalogue' : 'watched';
  const canChange = slots.useCanChange();
  const vendors = [...new Set((watchList.data ?? []).map((item) => item.vendor))].sort();
  const moduleFilters: FilterDef[] = [
    {
      id: 'vendor',
      kind: 'select',
      label: t('cves.vendor'),
      options: vendors.map((vendor) => ({ value: vendor, label: vendor })),
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
      id: 'kev',
      kind: 'select',
      label: t('cves.kev'),
      options: [
        { value: 'true', label: t('cves.kevOnly') },
        { value: 'false', label: t('cves.kevNot') },
      ],
    },
  ];
  const { filters, state, filterQuery, coreQuery, list, demo } = useFindingList(
    slots,
    {
      filters: moduleFilters,
      sorts: SORTS,
      query: (state) => {
        const kev = state.filters.kev?.[0];
        const vendor = state.filters.vendor?.[0];
        const minEpss = MIN_EPSS.find((value) => value === state.filters.min_epss?.[0]);
        return {
          ...(kev === 'true' || kev === 'false' ? { kev: kev === 'true' } : {}),
          ...(vendor ? { vendor } : {}),
          ...(minEpss ? { min_epss: Number(minEpss) } : {}),
        };
      },
    },
    useCves,
  );
  const score = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(1));

  const columns: ColumnDef<CveRow>[] = [
    { id: 'cve', header: t('cves.cveId'), cell: (r) => r.cve_id, primary: true },
    {
      id: 'cvss',
      header: t('cves.cvss'),
      priority: 1,
      sortKey: 'cvss',
      cell: (r) => (
        <HStack gap="2">
          <SeverityBadge severity={r.severity} />
          <Text fontSize="sm">{`${score(r.cvss31_score)} / ${score(r.cvss40_score)}`}</Text>
        </HStack>
      ),
    },
    {
      id: 'epss',
      header: t('cves.epss'),
      priority: 3,
      sortKey: 'epss',
      cell: (r) =>
        r.epss === null || r.epss === undefined ? (
          '—'
        ) : (
          <Stack gap="0">
            <Text>{format.number(r.epss, { style: 'percent', maximumFractionDigits: 2 })}</Text>
            <Text fontSize="xs" color="fg.muted">
              {t('cves.percentile', {
                value: format.number(r.epss_percentile ?? 0, { style: 'percent', maximumFractionDigits: 0 }),
              })}
            </Text>
          </Stack>
        ),
    },
    {
      id: 'kev',
      header: t('cves.kev'),
      cell: (r) => (r.kev ? <KevBadge dueDate={r.kev_due_date ?? null} ransomware={r.kev_ransomware ?? null} /> : '—'),
    },
    {
      id: 'products',
      header: t('cves.products'),
      // What ties the CVE to the watch list: kept before EPSS and the assignee when room runs out.
      priority: 2,
      cell: (r) => (
        <HStack gap="1" flexWrap="wrap">
          {(r.products ?? []).slice(0, 3).map((p) => (
            <Badge key={p} size="xs" variant="surface">
              {p}
            </Badge>
          ))}
        </HStack>
      ),
    },
    { id: 'status', header: t('findings.statusLabel'), priority: 1, cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'assignee', header: t('findings.assignee'), priority: 3, cell: (r) => r.assignee?.name ?? '—' },
    {
      id: 'published',
      header: t('cves.published'),
      // A CVE known from KEV only has no NVD publication yet: said, never replaced by another date.
      cell: (r) => (r.published_at ? format.date(r.published_at) : t('cves.catalogue.notPublished')),
      sortKey: 'published_at',
    },
    { id: 'title', header: t('cves.description'), cell: (r) => r.description.slice(0, 120), hiddenByDefault: true },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.cve-monitor.title')}
        trail={[t('nav.groups.intelligence')]}
        description={t('cves.descriptionText')}
        status={demo ? <DemoBadge /> : null}
        actions={<HStack gap="2">{slots.renderImport('cves')}</HStack>}
      />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'catalogue' ? { tab: 'catalogue' } : {})}
        variant="line"
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="watched">{t('cves.catalogue.tabWatched')}</Tabs.Trigger>
          <Tabs.Trigger value="catalogue">{t('cves.catalogue.tab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="watched">
          <WatchList readOnly={!canChange} />
          <FindingTable
            tableId="cves"
            caption={t('cves.caption')}
            columns={columns}
            page={list}
            state={state}
            filters={filters}
            searchLabel={t('cves.search')}
            empty={{ title: t('cves.emptyTitle'), description: t('cves.empty') }}
            exportHref={apiUrl('/cves/export', filterQuery)}
            stixHref={apiUrl('/findings/export.stix', { ...coreQuery, module: 'cves' })}
            slots={slots}
            renderDetail={(id, triage) => <CveDetail findingId={id} triage={triage} />}
            detailTitle={t('cves.detailTitle')}
          />
        </Tabs.Content>
        <Tabs.Content value="catalogue">{tab === 'catalogue' ? <CatalogueTab /> : null}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}
