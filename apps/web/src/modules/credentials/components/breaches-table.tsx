import { Badge, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type FindingSlots, FindingTable, textFilter, useFindingList } from '@/components/data-table';
import { StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { type Credential, useCredentials } from '../api/credentials-api';
import { CredentialDetail } from './credential-detail';
import { dataClassLabel } from './data-class-label';

const SORTS = sortValues.listCredentials;
const SOURCES = ['breach', 'combolist', 'infostealer'] as const;
const PASSWORD_TYPES = ['plaintext', 'none'] as const;

/** Breaches and combolists: one row per leaked account of the company's domains. */
export function BreachesTable({ slots, onDemo }: { slots: FindingSlots; onDemo: (demo: boolean) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { filters, state, filterQuery, coreQuery, list, demo } = useFindingList(
    slots,
    {
      filters: [
        {
          id: 'source_kind',
          kind: 'select',
          label: t('credentials.source'),
          options: SOURCES.map((s) => ({ value: s, label: t(`credentials.sourceKinds.${s}`) })),
        },
        { id: 'domain', kind: 'text', label: t('credentials.domain') },
        {
          id: 'password_type',
          kind: 'select',
          label: t('credentials.passwordType'),
          options: PASSWORD_TYPES.map((p) => ({ value: p, label: t(`credentials.passwordTypes.${p}`) })),
        },
      ],
      sorts: SORTS,
      query: (state) => {
        const source = SOURCES.find((s) => s === state.filters.source_kind?.[0]);
        const domain = textFilter(state, 'domain');
        const password = PASSWORD_TYPES.find((p) => p === state.filters.password_type?.[0]);
        return {
          ...(source ? { source_kind: source } : {}),
          ...(domain ? { domain } : {}),
          ...(password ? { password_type: password } : {}),
        };
      },
    },
    useCredentials,
  );
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<Credential>[] = [
    { id: 'email', header: t('credentials.email'), cell: (r) => r.email, sortKey: 'email', primary: true },
    {
      id: 'source',
      header: t('credentials.source'),
      cell: (r) => (
        <Stack gap="0">
          <Text>{r.source_name}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t(`credentials.sourceKinds.${r.source_kind}`)}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'breach_date',
      header: t('credentials.breachDate'),
      priority: 3,
      cell: (r) => (r.breach_date ? format.date(r.breach_date) : '—'),
    },
    {
      id: 'data_classes',
      header: t('credentials.dataClasses'),
      priority: 3,
      cell: (r) => (
        <HStack gap="1" flexWrap="wrap">
          {r.data_classes.slice(0, 4).map((c) => (
            <Badge key={c} size="xs" variant="surface">
              {dataClassLabel(t, c)}
            </Badge>
          ))}
        </HStack>
      ),
    },
    {
      id: 'password_type',
      header: t('credentials.passwordType'),
      priority: 3,
      cell: (r) => (r.password_type ? t(`credentials.passwordTypes.${r.password_type}`) : '—'),
    },
    {
      id: 'password',
      header: t('credentials.password'),
      cell: (r) => (r.password_masked ? <Code>{r.password_masked}</Code> : '—'),
    },
    { id: 'status', header: t('findings.statusLabel'), priority: 1, cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'assignee', header: t('findings.assignee'), cell: (r) => r.assignee?.name ?? '—', hiddenByDefault: true },
    { id: 'domain', header: t('credentials.domain'), cell: (r) => r.domain, hiddenByDefault: true },
    {
      id: 'last_seen_at',
      header: t('findings.lastSeen'),
      cell: (r) => format.date(r.last_seen_at),
      sortKey: 'last_seen_at',
    },
  ];

  return (
    <FindingTable
      tableId="credentials"
      caption={t('credentials.breachesCaption')}
      columns={columns}
      page={list}
      state={state}
      filters={filters}
      searchLabel={t('credentials.search')}
      empty={{ title: t('credentials.emptyTitle'), description: t('credentials.emptyBreaches') }}
      exportHref={apiUrl('/credentials/export', filterQuery)}
      stixHref={apiUrl('/findings/export.stix', { ...coreQuery, module: 'credentials' })}
      slots={slots}
      renderDetail={(id, triage) => <CredentialDetail id={id} triage={triage} />}
      detailTitle={t('credentials.detailTitle')}
    />
  );
}
