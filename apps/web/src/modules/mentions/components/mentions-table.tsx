import { Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type FindingSlots, FindingTable, textFilter, useFindingList } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { KEYWORD_CLASSES, type Mention, SOURCE_TYPES, useMentionKeywords, useMentions } from '../api/mentions-api';
import { KeywordBadges } from './keyword-badges';
import { MentionDetail } from './mention-detail';

const SORTS = sortValues.listMentions;

/** One row per mention that matches the company's keywords: where, who, when, what it names, how severe. */
export function MentionsTable({ slots, onDemo }: { slots: FindingSlots; onDemo: (demo: boolean) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const keywords = useMentionKeywords();
  const { filters, state, filterQuery, list, demo } = useFindingList(
    slots,
    {
      filters: [
        {
          id: 'source_type',
          kind: 'multi',
          label: t('mentions.sourceType'),
          options: SOURCE_TYPES.map((s) => ({ value: s, label: t(`mentions.sourceTypes.${s}`) })),
        },
        {
          id: 'keyword_class',
          kind: 'select',
          label: t('mentions.keywordClass'),
          options: KEYWORD_CLASSES.map((c) => ({ value: c, label: t(`mentions.classes.${c}`) })),
        },
        {
          id: 'keyword_id',
          kind: 'select',
          label: t('mentions.keyword'),
          options: (keywords.data?.data ?? []).map((k) => ({ value: String(k.id), label: k.term })),
        },
        { id: 'actor', kind: 'text', label: t('mentions.actor') },
      ],
      sorts: SORTS,
      query: (state) => {
        const sourceTypes = SOURCE_TYPES.filter((s) => state.filters.source_type?.includes(s));
        const keywordClass = KEYWORD_CLASSES.find((c) => c === state.filters.keyword_class?.[0]);
        const keywordId = Number(state.filters.keyword_id?.[0]);
        const actor = textFilter(state, 'actor');
        return {
          ...(sourceTypes.length > 0 ? { source_type: sourceTypes } : {}),
          ...(keywordClass ? { keyword_class: keywordClass } : {}),
          ...(Number.isInteger(keywordId) && keywordId > 0 ? { keyword_id: keywordId } : {}),
          ...(actor ? { actor } : {}),
        };
      },
    },
    useMentions,
  );
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<Mention>[] = [
    {
      id: 'mention',
      header: t('mentions.mention'),
      cell: (r) => (
        <Text as="span" lineClamp={2}>
          {r.mention_title ?? r.snippet}
        </Text>
      ),
      primary: true,
    },
    { id: 'source_type', header: t('mentions.sourceType'), cell: (r) => t(`mentions.sourceTypes.${r.source_type}`) },
    { id: 'source', header: t('mentions.source'), cell: (r) => r.source_name, sortKey: 'source_name' },
    { id: 'actor', header: t('mentions.actor'), cell: (r) => r.actor ?? '—' },
    { id: 'posted_at', header: t('mentions.postedAt'), cell: (r) => format.date(r.posted_at), sortKey: 'posted_at' },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      cell: (r) => <SeverityBadge severity={r.severity} />,
      sortKey: 'severity',
    },
    { id: 'status', header: t('findings.statusLabel'), cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'keywords', header: t('mentions.keywords'), cell: (r) => <KeywordBadges keywords={r.keywords} /> },
    { id: 'assignee', header: t('findings.assignee'), cell: (r) => r.assignee?.name ?? '—', hiddenByDefault: true },
    {
      id: 'last_seen_at',
      header: t('findings.lastSeen'),
      cell: (r) => format.date(r.last_seen_at),
      sortKey: 'last_seen_at',
      hiddenByDefault: true,
    },
  ];

  return (
    <FindingTable
      tableId="mentions"
      caption={t('mentions.caption')}
      columns={columns}
      page={list}
      state={state}
      filters={filters}
      searchLabel={t('mentions.search')}
      empty={{ title: t('mentions.emptyTitle'), description: t('mentions.emptyDescription') }}
      exportHref={apiUrl('/mentions/export', filterQuery)}
      slots={slots}
      renderDetail={(id, triage) => <MentionDetail id={id} triage={triage} />}
      detailTitle={t('mentions.detailTitle')}
    />
  );
}
