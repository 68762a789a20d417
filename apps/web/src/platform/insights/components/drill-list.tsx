import { Box, Button, Heading, HStack } from '@chakra-ui/react';
import type { Schemas } from '@vigil/api-client';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { type ColumnDef, type FindingSlots, FindingTable, pageQuery, useTableState } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { apiUrl } from '@/lib/api-url';
import { useFormat } from '@/lib/i18n/format';
import { type Drill, drillQuery, withoutDrill } from '../api/drill';
import { DRILL_SORTS, useDrillList } from '../api/insights-api';

type Finding = Schemas['FindingCore'];

/**
 * The findings behind one number: the platform list with the number's own filter (module, measure,
 * window), on the shared finding table, whose drawer triages each one where it stands.
 */
export function DrillList({ drill, slots }: { drill: Drill; slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const state = useTableState();
  const list = useDrillList(drill, pageQuery(state, DRILL_SORTS));
  const heading = useRef<HTMLHeadingElement>(null);
  const where = drill.module ? t(`${drill.module}.moduleName`) : t('insights.allModules');
  const title = t('insights.listTitle', {
    what: t(`insights.measures.${drill.measure}`),
    where,
    from: format.date(drill.from, { dateStyle: 'medium', timeStyle: 'short' }),
    to: format.date(drill.to, { dateStyle: 'medium', timeStyle: 'short' }),
  });
  // A number was followed: the list it opened takes the focus (and the view).
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const columns: ColumnDef<Finding>[] = [
    { id: 'title', header: t('insights.finding'), primary: true, cell: (r) => r.title },
    { id: 'module', header: t('insights.module'), cell: (r) => t(`${r.module}.moduleName`) },
    {
      id: 'severity',
      header: t('findings.severityLabel'),
      sortKey: 'severity',
      cell: (r) => <SeverityBadge severity={r.severity} />,
    },
    { id: 'status', header: t('findings.statusLabel'), cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'first_seen_at',
      header: t('insights.firstSeen'),
      sortKey: 'first_seen_at',
      cell: (r) => format.date(r.first_seen_at),
    },
    {
      id: 'resolved_at',
      header: t('insights.resolvedAt'),
      cell: (r) => (r.resolved_at ? format.date(r.resolved_at) : '—'),
    },
    { id: 'due_at', header: t('insights.due'), cell: (r) => (r.due_at ? format.date(r.due_at) : '—') },
  ];
  return (
    <Box as="section" aria-labelledby="insights-list" mb="6" data-testid="drill-list">
      <HStack justify="space-between" mb="2" gap="3" flexWrap="wrap">
        <Heading as="h2" size="md" id="insights-list" ref={heading} tabIndex={-1} scrollMarginTop="20">
          {title}
        </Heading>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`?${withoutDrill(params).toString()}`}>{t('insights.closeList')}</RouterLink>
        </Button>
      </HStack>
      <FindingTable
        tableId="insights-findings"
        caption={title}
        columns={columns}
        page={list}
        state={state}
        empty={{ title: t('insights.emptyListTitle'), description: t('insights.emptyList') }}
        stixHref={apiUrl('/findings/export.stix', drillQuery(drill))}
        slots={slots}
      />
    </Box>
  );
}
