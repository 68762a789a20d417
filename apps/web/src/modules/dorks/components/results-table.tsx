import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type FindingSlots, FindingTable, textFilter, useFindingList } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { DORK_CATEGORIES, type DorkResult, useDorkResults, useDorks } from '../api/dorks-api';
import { ResultDetail } from './result-detail';

const SORTS = sortValues.listDorkResults;

/** The pages the company's dorks found: one row per normalised URL, each a finding in the shared workflow. */
export function ResultsTable({ slots, onDemo }: { slots: FindingSlots; onDemo: (demo: boolean) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The dork filter offers the dorks that found something (most results first).
  const found = useDorks({ page_size: 100, sort: '-results' });
  const dorkOptions = (found.data?.data ?? [])
    .filter((d) => d.results > 0)
    .map((d) => ({ value: String(d.id), label: d.title }));
  const { filters, state, filterQuery, list, demo } = useFindingList(
    slots,
    {
      filters: [
        {
          id: 'category',
          kind: 'select',
          label: t('dorks.category'),
          options: DORK_CATEGORIES.map((c) => ({ value: c, label: t(`dorks.categories.${c}`) })),
        },
        { id: 'dork_id', kind: 'select', label: t('dorks.dork'), options: dorkOptions },
        { id: 'host', kind: 'text', label: t('dorks.host') },
      ],
      sorts: SORTS,
      query: (state) => {
        const category = DORK_CATEGORIES.find((c) => c === state.filters.category?.[0]);
        const dorkId = Number(state.filters.dork_id?.[0]);
        const host = textFilter(state, 'host');
        return {
          ...(category ? { category } : {}),
          ...(Number.isInteger(dorkId) && dorkId > 0 ? { dork_id: dorkId } : {}),
          ...(host ? { host } : {}),
        };
      },
    },
    useDorkResults,
  );
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<DorkResult>[] = [
    {
      id: 'url',
      header: t('dorks.page'),
      primary: true,
      cell: (r) => (
        <Stack gap="0">
          <Text>{r.page_title || r.url}</Text>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono" overflowWrap="anywhere">
            {r.url}
          </Text>
        </Stack>
      ),
    },
    { id: 'host', header: t('dorks.host'), sortKey: 'host', cell: (r) => r.host, hiddenByDefault: true },
    {
      id: 'category',
      header: t('dorks.category'),
      cell: (r) => (
        <Badge size="sm" variant="surface">
          {t(`dorks.categories.${r.category}`)}
        </Badge>
      ),
    },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      sortKey: 'severity',
      cell: (r) => <SeverityBadge severity={r.severity} />,
    },
    {
      id: 'dorks',
      header: t('dorks.foundBy'),
      cell: (r) => (
        <HStack gap="1" flexWrap="wrap">
          {r.dorks.slice(0, 2).map((d) => (
            <Badge key={d.id} size="xs" variant="outline">
              {d.title}
            </Badge>
          ))}
          {r.dorks.length > 2 ? <Text fontSize="xs">{`+${r.dorks.length - 2}`}</Text> : null}
        </HStack>
      ),
    },
    { id: 'status', header: t('findings.statusLabel'), cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'assignee', header: t('findings.assignee'), cell: (r) => r.assignee?.name ?? '—', hiddenByDefault: true },
    {
      id: 'last_seen_at',
      header: t('findings.lastSeen'),
      sortKey: 'last_seen_at',
      cell: (r) => format.date(r.last_seen_at),
    },
    {
      id: 'first_seen_at',
      header: t('findings.firstSeen'),
      sortKey: 'first_seen_at',
      cell: (r) => format.date(r.first_seen_at),
      hiddenByDefault: true,
    },
  ];

  return (
    <FindingTable
      tableId="dork-results"
      caption={t('dorks.caption')}
      columns={columns}
      page={list}
      state={state}
      filters={filters}
      searchLabel={t('dorks.search')}
      empty={{ title: t('dorks.emptyTitle'), description: t('dorks.empty') }}
      exportHref={apiUrl('/dork-results/export', filterQuery)}
      slots={slots}
      renderDetail={(id, triage) => <ResultDetail id={id} triage={triage} />}
      detailTitle={t('dorks.detailTitle')}
    />
  );
}
