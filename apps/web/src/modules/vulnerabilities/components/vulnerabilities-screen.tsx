import { HStack, Stack, Text } from '@chakra-ui/react';
import { sortValues } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import {
  type ColumnDef,
  type FilterDef,
  type FindingSlots,
  FindingTable,
  Truncated,
  textFilter,
  useFindingList,
} from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge, KevBadge, SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { useVulnerabilities, type Vulnerability } from '../api/vulnerabilities-api';
import { SlaPolicyEditor } from './sla-policy-editor';
import { VulnerabilityDetail } from './vulnerability-detail';

const SORTS = sortValues.listVulnerabilities;

/** Scanner findings on the company's assets, with SLA due dates and EPSS/KEV enrichment (DefectDojo-like). */
export function VulnerabilitiesScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const moduleFilters: FilterDef[] = [
    {
      id: 'overdue',
      kind: 'select',
      label: t('vulnerabilities.sla.label'),
      options: [{ value: 'true', label: t('vulnerabilities.overdueOnly') }],
    },
    { id: 'host', kind: 'text', label: t('vulnerabilities.hostFilter') },
  ];
  const canChange = slots.useCanChange();
  const { filters, state, filterQuery, coreQuery, list, demo } = useFindingList(
    slots,
    {
      filters: moduleFilters,
      sorts: SORTS,
      query: (state) => {
        const host = textFilter(state, 'host');
        return { ...(state.filters.overdue?.[0] === 'true' ? { overdue: true } : {}), ...(host ? { host } : {}) };
      },
    },
    useVulnerabilities,
  );

  const columns: ColumnDef<Vulnerability>[] = [
    {
      id: 'name',
      header: t('vulnerabilities.name'),
      primary: true,
      cell: (r) => r.name,
    },
    {
      id: 'host',
      header: t('vulnerabilities.host'),
      cell: (r) => (
        <Stack gap="0">
          <Text>{r.host}</Text>
          <Text as="span" fontSize="xs" color="fg.muted">
            <Truncated value={r.matched_at} />
          </Text>
        </Stack>
      ),
    },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      sortKey: 'severity',
      priority: 1,
      cell: (r) => <SeverityBadge severity={r.severity} />,
    },
    { id: 'status', header: t('findings.statusLabel'), priority: 1, cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'due',
      header: t('vulnerabilities.due'),
      sortKey: 'due_at',
      cell: (r) =>
        r.due_at ? (
          // red.fg, not fg.error: the overdue row's red.subtle background needs the darker red (WCAG AA).
          <Text color={r.overdue ? 'red.fg' : undefined} fontWeight={r.overdue ? 'semibold' : undefined}>
            {format.date(r.due_at)}
            {r.overdue ? ` · ${t('vulnerabilities.overdue')}` : ''}
          </Text>
        ) : (
          '—'
        ),
    },
    { id: 'cve', header: t('vulnerabilities.cve'), cell: (r) => r.cve_id ?? '—' },
    {
      id: 'cvss',
      header: t('vulnerabilities.cvss'),
      priority: 3,
      cell: (r) => ((r.cvss_score ?? null) === null ? '—' : String(r.cvss_score)),
      align: 'end',
    },
    {
      id: 'epss',
      header: t('vulnerabilities.epss'),
      priority: 3,
      cell: (r) =>
        r.epss === null || r.epss === undefined
          ? '—'
          : format.number(r.epss, { style: 'percent', maximumFractionDigits: 2 }),
      align: 'end',
    },
    {
      id: 'kev',
      header: t('vulnerabilities.kev'),
      cell: (r) => (r.kev ? <KevBadge dueDate={r.kev_due_date ?? null} /> : '—'),
    },
    { id: 'template', header: t('vulnerabilities.template'), cell: (r) => r.template_id, hiddenByDefault: true },
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
    <>
      <PageHeader
        title={t('screens.vulnerabilities.title')}
        trail={[t('nav.groups.attack-surface')]}
        description={t('vulnerabilities.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2">
            {canChange ? <SlaPolicyEditor /> : null}
            {slots.renderImport('vulnerabilities')}
          </HStack>
        }
      />
      <FindingTable
        tableId="vulnerabilities"
        caption={t('vulnerabilities.caption')}
        columns={columns}
        page={list}
        state={state}
        filters={filters}
        searchLabel={t('vulnerabilities.search')}
        empty={{ title: t('vulnerabilities.emptyTitle'), description: t('vulnerabilities.empty') }}
        exportHref={apiUrl('/vulnerabilities/export', filterQuery)}
        stixHref={apiUrl('/findings/export.stix', { ...coreQuery, module: 'vulnerabilities' })}
        rowTone={(r) => (r.overdue ? 'danger' : undefined)}
        slots={slots}
        renderDetail={(id, triage) => <VulnerabilityDetail id={id} triage={triage} />}
        detailTitle={t('vulnerabilities.detailTitle')}
      />
    </>
  );
}
