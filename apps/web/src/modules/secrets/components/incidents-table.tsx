import { Code, Stack, Text } from '@chakra-ui/react';
import { enumValues, sortValues } from '@vigil/api-client';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, type FindingSlots, FindingTable, textFilter, useFindingList } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { type SecretIncident, useSecretIncidents, useSecretRules } from '../api/secrets-api';
import { IncidentDetail } from './incident-detail';

const SORTS = sortValues.listSecretIncidents;
const VALIDITIES = enumValues.SecretValidity;

/** One row per secret found in public code: its rule, the redacted secret, where it was seen last. */
export function IncidentsTable({ slots, onDemo }: { slots: FindingSlots; onDemo: (demo: boolean) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rules = useSecretRules();
  const { filters, state, filterQuery, list, demo } = useFindingList(
    slots,
    {
      filters: [
        {
          id: 'rule_id',
          kind: 'select',
          label: t('secrets.rule'),
          options: (rules.data ?? []).map((r) => ({ value: r.id, label: r.description })),
        },
        { id: 'repository', kind: 'text', label: t('secrets.repository') },
        {
          id: 'validity',
          kind: 'select',
          label: t('secrets.validity'),
          options: VALIDITIES.map((v) => ({ value: v, label: t(`secrets.validities.${v}`) })),
        },
      ],
      sorts: SORTS,
      query: (state) => {
        const rule = state.filters.rule_id?.[0];
        const validity = VALIDITIES.find((v) => v === state.filters.validity?.[0]);
        const repository = textFilter(state, 'repository');
        return {
          ...(rule ? { rule_id: rule } : {}),
          ...(validity ? { validity } : {}),
          ...(repository ? { repository } : {}),
        };
      },
    },
    useSecretIncidents,
  );
  useEffect(() => onDemo(demo), [demo, onDemo]);

  const columns: ColumnDef<SecretIncident>[] = [
    {
      id: 'rule',
      header: t('secrets.rule'),
      cell: (r) => r.rule_description,
      sortKey: 'rule_id',
      primary: true,
    },
    { id: 'secret', header: t('secrets.secret'), cell: (r) => <Code>{r.redacted}</Code> },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      cell: (r) => <SeverityBadge severity={r.severity} />,
      sortKey: 'severity',
    },
    {
      id: 'latest',
      header: t('secrets.latest'),
      cell: (r) =>
        r.latest ? (
          <Stack gap="0">
            <Text>{r.latest.repository}</Text>
            <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
              {t('secrets.lineOf', { file: r.latest.file_path, line: r.latest.line })}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      id: 'occurrences',
      header: t('secrets.occurrences'),
      cell: (r) => r.occurrences,
      sortKey: 'occurrences',
      align: 'end',
    },
    {
      id: 'repositories',
      header: t('secrets.repositories'),
      cell: (r) => r.repositories,
      hiddenByDefault: true,
      align: 'end',
    },
    { id: 'status', header: t('findings.statusLabel'), cell: (r) => <StatusBadge status={r.status} /> },
    { id: 'assignee', header: t('findings.assignee'), cell: (r) => r.assignee?.name ?? '—', hiddenByDefault: true },
    {
      id: 'last_seen_at',
      header: t('findings.lastSeen'),
      cell: (r) => format.date(r.last_seen_at),
      sortKey: 'last_seen_at',
    },
  ];

  return (
    <FindingTable
      tableId="secrets"
      caption={t('secrets.caption')}
      columns={columns}
      page={list}
      state={state}
      filters={filters}
      searchLabel={t('secrets.search')}
      empty={{ title: t('secrets.emptyTitle'), description: t('secrets.emptyDescription') }}
      exportHref={apiUrl('/secrets/export', filterQuery)}
      slots={slots}
      renderDetail={(id, triage) => <IncidentDetail id={id} triage={triage} />}
      detailTitle={t('secrets.detailTitle')}
    />
  );
}
