import { Badge, HStack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ColumnDef,
  DataTable,
  type FilterDef,
  type FindingSlots,
  originFilter,
  originQuery,
  pageQuery,
  useTableState,
} from '@/components/data-table';
import { SEVERITIES, SeverityBadge, STATUSES, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { CAPTURE_STATUSES, CLONE_SOURCES, type StoreClone, type StoreCloneQuery, useStoreClones } from './clones-api';
import { CloneDetail, SimilarityBadge } from './clones-detail';

const SORTS = sortValues.listStoreClones;

/** A row opens by its finding's id (an alert's `?open=`), a candidate without one by `c<id>`. */
export const cloneRowId = (row: StoreClone) => (row.finding ? String(row.finding.id) : `c${row.id}`);

/** The store dork search's candidates: similarity, finding, sources, last capture; the drawer shows the evidence. */
export function ClonesTable({ slots, onDemo }: { slots: FindingSlots; onDemo: (demo: boolean) => void }) {
  const { t } = useTranslation();
  const canChange = slots.useCanChange();
  const format = useFormat();
  const filters: FilterDef[] = [
    {
      id: 'source',
      kind: 'multi',
      label: t('scripts.clones.source'),
      options: CLONE_SOURCES.map((s) => ({ value: s, label: t(`scripts.clones.sources.${s}`) })),
    },
    {
      id: 'capture',
      kind: 'select',
      label: t('scripts.clones.capture'),
      options: CAPTURE_STATUSES.map((s) => ({ value: s, label: t(`scripts.clones.captures.${s}`) })),
    },
    {
      id: 'findings_only',
      kind: 'select',
      label: t('scripts.clones.findingsOnly'),
      options: [{ value: 'true', label: t('scripts.clones.onlyFindings') }],
    },
    {
      id: 'status',
      kind: 'multi',
      label: t('findings.statusLabel'),
      options: STATUSES.map((s) => ({ value: s, label: t(`findings.status.${s}`) })),
    },
    {
      id: 'severity',
      kind: 'multi',
      label: t('findings.severityLabel'),
      options: SEVERITIES.map((s) => ({ value: s, label: t(`findings.severity.${s}`) })),
    },
    originFilter(t),
  ];
  const state = useTableState(filters);
  const source = CLONE_SOURCES.filter((s) => state.filters.source?.includes(s));
  const capture = CAPTURE_STATUSES.find((s) => s === state.filters.capture?.[0]);
  const status = STATUSES.filter((s) => state.filters.status?.includes(s));
  const severity = SEVERITIES.filter((s) => state.filters.severity?.includes(s));
  const filterQuery: Omit<StoreCloneQuery, 'page' | 'page_size' | 'sort'> = {
    ...(state.q ? { q: state.q } : {}),
    ...(source.length ? { source } : {}),
    ...(capture ? { capture } : {}),
    ...(state.filters.findings_only?.[0] === 'true' ? { findings_only: true } : {}),
    ...(status.length ? { status } : {}),
    ...(severity.length ? { severity } : {}),
    ...originQuery(state),
  };
  const list = useStoreClones({ ...filterQuery, ...pageQuery(state, SORTS) });
  const demo = Boolean(list.data?.data.some((row) => row.is_demo));
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<StoreClone>[] = [
    {
      id: 'domain',
      header: t('scripts.clones.domain'),
      sortKey: 'domain',
      primary: true,
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
          {r.domain}
        </Text>
      ),
    },
    {
      id: 'similarity',
      header: t('scripts.clones.similarity'),
      sortKey: 'similarity',
      align: 'end',
      cell: (r) => <SimilarityBadge value={r.similarity} />,
    },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      cell: (r) => (r.finding ? <SeverityBadge severity={r.finding.severity} /> : '—'),
    },
    {
      id: 'status',
      header: t('findings.statusLabel'),
      cell: (r) => (r.finding ? <StatusBadge status={r.finding.status} /> : t('scripts.clones.notAFinding')),
    },
    {
      id: 'sources',
      header: t('scripts.clones.source'),
      cell: (r) => (
        <HStack gap="1" flexWrap="wrap">
          {r.sources.map((s) => (
            <Badge key={s} variant="surface" size="sm">
              {t(`scripts.clones.sources.${s}`)}
            </Badge>
          ))}
        </HStack>
      ),
    },
    {
      id: 'capture',
      header: t('scripts.clones.capture'),
      cell: (r) => (r.last_capture ? t(`scripts.clones.captures.${r.last_capture.status}`) : '—'),
    },
    { id: 'fingerprints', header: t('scripts.clones.fingerprints'), cell: (r) => r.fingerprints.join(', ') || '—' },
    {
      id: 'permutation',
      header: t('scripts.clones.permutation'),
      cell: (r) => (r.permutation ? t(`scripts.clones.permutations.${r.permutation}`, r.permutation) : '—'),
      hiddenByDefault: true,
    },
    { id: 'store', header: t('scripts.clones.store'), cell: (r) => r.store?.name ?? '—', hiddenByDefault: true },
    {
      id: 'first_seen_at',
      header: t('scripts.clones.firstSeen'),
      sortKey: 'first_seen_at',
      cell: (r) => format.date(r.first_seen_at),
      hiddenByDefault: true,
    },
    {
      id: 'last_seen_at',
      header: t('scripts.clones.lastSeen'),
      sortKey: 'last_seen_at',
      cell: (r) => format.date(r.last_seen_at),
    },
  ];

  return (
    <DataTable
      tableId="store-clones"
      caption={t('scripts.clones.caption')}
      columns={columns}
      page={list}
      rowId={cloneRowId}
      state={state}
      filters={filters}
      searchLabel={t('scripts.clones.search')}
      empty={{ title: t('scripts.clones.emptyTitle'), description: t('scripts.clones.empty') }}
      exportHref={apiUrl('/store-clones/export', filterQuery)}
      {...(canChange
        ? {
            renderBulkActions: (ids: string[], clear: () => void) =>
              slots.renderBulkActions(ids.filter((id) => !id.startsWith('c')).map(Number), clear),
          }
        : {})}
      renderDetail={(id) => <CloneDetail openId={id} slots={slots} />}
      detailTitle={t('scripts.clones.detailTitle')}
    />
  );
}
