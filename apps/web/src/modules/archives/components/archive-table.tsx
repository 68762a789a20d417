import { Button, Text, Wrap } from '@chakra-ui/react';
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
import { DemoBadge, SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import {
  ARCHIVE_SOURCES,
  ARCHIVE_TAGS,
  type ArchivedUrl,
  type ArchivedUrlQuery,
  type ArchiveTag,
  useArchivedUrls,
} from '../api/archives-api';
import { ArchiveDetail } from './archive-detail';
import { TagBadges } from './archive-tags';

const SORTS = sortValues.listArchivedUrls;

type Filters = Omit<ArchivedUrlQuery, 'page' | 'page_size' | 'sort'>;

/** The archived URLs with their tag chips (each with its count over the other filters), filters and drawer. */
export function ArchiveTable({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const canChange = slots.useCanChange();
  const format = useFormat();
  const filters: FilterDef[] = [
    {
      id: 'interesting',
      kind: 'select',
      label: t('archives.interesting'),
      options: ['true', 'false'].map((value) => ({ value, label: t(`archives.interestingValues.${value}`) })),
    },
    {
      id: 'provider',
      kind: 'select',
      label: t('archives.sources.title'),
      options: ARCHIVE_SOURCES.map((value) => ({ value, label: t(`archives.sources.${value}`) })),
    },
    { id: 'host', kind: 'text', label: t('archives.host') },
    { id: 'extension', kind: 'text', label: t('archives.extension') },
  ];
  // The tag filter is the chips above the table, not a menu of the filter bar.
  const tagFilter: FilterDef = { id: 'tag', kind: 'multi', label: t('archives.tags'), options: [] };
  const state = useTableState([tagFilter, ...filters], { openKey: 'url' });
  const tags = ARCHIVE_TAGS.filter((tag) => state.filters.tag?.includes(tag));
  const interesting = state.filters.interesting?.[0];
  const provider = ARCHIVE_SOURCES.find((s) => s === state.filters.provider?.[0]);
  const host = state.filters.host?.[0];
  const extension = state.filters.extension?.[0]?.replace(/^\./, '');
  const filterQuery: Filters = {
    ...(state.q ? { q: state.q } : {}),
    ...(tags.length ? { tag: tags } : {}),
    ...(interesting ? { interesting: interesting === 'true' } : {}),
    ...(provider ? { provider } : {}),
    ...(host ? { host } : {}),
    ...(extension ? { extension } : {}),
  };
  const list = useArchivedUrls({ ...filterQuery, ...pageQuery(state, SORTS) });
  const counts = new Map(list.data?.tag_counts.map((c) => [c.tag, c.count]));
  const toggle = (tag: ArchiveTag) =>
    state.setFilter('tag', tags.includes(tag) ? tags.filter((x) => x !== tag) : [...tags, tag]);

  const columns: ColumnDef<ArchivedUrl>[] = [
    {
      id: 'url_key',
      header: t('archives.url'),
      sortKey: 'url_key',
      primary: true,
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
          {r.url_key}
        </Text>
      ),
    },
    { id: 'tags', header: t('archives.tags'), cell: (r) => <TagBadges tags={r.tags} /> },
    {
      id: 'severity',
      header: t('archives.severity'),
      cell: (r) => (r.finding ? <SeverityBadge severity={r.finding.severity} /> : '—'),
    },
    {
      id: 'status',
      header: t('archives.status'),
      cell: (r) => (r.finding ? <StatusBadge status={r.finding.status} /> : '—'),
    },
    {
      id: 'providers',
      header: t('archives.sources.title'),
      cell: (r) => r.providers.map((p) => t(`archives.sources.${p}`)).join(', '),
    },
    {
      id: 'captures',
      header: t('archives.captures'),
      sortKey: 'captures',
      align: 'end',
      cell: (r) => format.number(r.captures),
    },
    {
      id: 'last_captured_at',
      header: t('archives.lastCapture'),
      sortKey: 'last_captured_at',
      cell: (r) => (r.last_captured_at ? format.date(r.last_captured_at) : '—'),
    },
    {
      id: 'first_captured_at',
      header: t('archives.firstCapture'),
      sortKey: 'first_captured_at',
      hiddenByDefault: true,
      cell: (r) => (r.first_captured_at ? format.date(r.first_captured_at) : '—'),
    },
    {
      id: 'status_codes',
      header: t('archives.statusCodes'),
      hiddenByDefault: true,
      cell: (r) => r.status_codes.join(', ') || '—',
    },
  ];

  return (
    <>
      <Wrap gap="2" mb="3" role="group" aria-label={t('archives.tagChips')}>
        {ARCHIVE_TAGS.map((tag) => (
          <Button
            key={tag}
            size="xs"
            variant={tags.includes(tag) ? 'solid' : 'outline'}
            aria-pressed={tags.includes(tag)}
            onClick={() => toggle(tag)}
          >
            {t(`archives.tagNames.${tag}`)} · {format.number(counts.get(tag) ?? 0)}
          </Button>
        ))}
        {list.data?.data.some((r) => r.is_demo) ? <DemoBadge /> : null}
      </Wrap>
      <DataTable
        tableId="archived-urls"
        caption={t('archives.caption')}
        columns={columns}
        page={list}
        rowId={(r) => String(r.id)}
        state={state}
        filters={filters}
        searchLabel={t('archives.search')}
        empty={{ title: t('archives.emptyTitle'), description: t('archives.empty') }}
        exportHref={apiUrl('/archived-urls/export', filterQuery)}
        {...(canChange
          ? {
              renderBulkActions: (ids: string[], clear: () => void) => {
                const findings = (list.data?.data ?? []).filter((r) => ids.includes(String(r.id)) && r.finding);
                return slots.renderBulkActions(
                  findings.map((r) => r.finding?.id ?? 0),
                  clear,
                );
              },
            }
          : {})}
        detailTitle={t('archives.detailTitle')}
        renderDetail={(id) => <ArchiveDetail id={Number(id)} renderFinding={slots.renderFinding} />}
      />
    </>
  );
}
