import { Badge, Box, chakra, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FilterBar, type FilterDef, Pagination, periodQuery, useTableState } from '@/components/data-table';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import { protectedScreens } from '@/config/paths';
import { useFormat } from '@/lib/i18n/format';
import { useModules, type WebModule } from '@/lib/modules';
import { type EventQuery, type TimelineEvent, useEvents } from '../api/dashboard-api';
import { changeLine, isSummaryEvent, summaryLine } from './timeline-summary';

/** The route of a module's screen. */
function screenPath(modules: readonly WebModule[], module: string): string | undefined {
  const screen = modules.find((m) => m.id === module)?.screen;
  return protectedScreens.find((s) => s.id === screen)?.path;
}

/** Where a module's finding opens: its screen's route, whose drawer reads `open`. */
export function findingHref(
  modules: readonly WebModule[],
  event: Pick<TimelineEvent, 'module' | 'finding_id'>,
): string | null {
  const path = screenPath(modules, event.module);
  return event.finding_id && path ? `${path}?open=${event.finding_id}` : null;
}

/** Where an event leads: its finding, or for an import's (or the watch's) summary the module's list. */
function eventHref(modules: readonly WebModule[], event: TimelineEvent): string | null {
  return findingHref(modules, event) ?? (isSummaryEvent(event) ? (screenPath(modules, event.module) ?? null) : null);
}

/** The event stream: new findings, status and score changes, imports; filtered by module, severity and period. */
export function Timeline() {
  const { t } = useTranslation();
  const format = useFormat();
  const modules = useModules();
  const filters: FilterDef[] = [
    {
      id: 'module',
      kind: 'select',
      label: t('dashboard.module'),
      options: modules.map((m) => ({ value: m.id, label: t(`${m.id}.moduleName`) })),
    },
    {
      id: 'severity',
      kind: 'multi',
      label: t('findings.severityLabel'),
      options: SEVERITIES.map((s) => ({ value: s, label: t(`findings.severity.${s}`) })),
    },
    {
      id: 'kind',
      kind: 'select',
      label: t('dashboard.timeline.kind'),
      options: KINDS.map((k) => ({ value: k, label: t(`dashboard.timeline.kinds.${kindKey(k)}`) })),
    },
    { id: 'period', kind: 'date-range', label: t('dataTable.period') },
  ];
  const state = useTableState(filters, { pageSize: 10 });
  const module = modules.find((m) => m.id === state.filters.module?.[0])?.id;
  const kind = KINDS.find((k) => k === state.filters.kind?.[0]);
  const severity = SEVERITIES.filter((s) => state.filters.severity?.includes(s));
  const query: EventQuery = {
    page: state.page,
    page_size: state.pageSize,
    ...(module ? { module } : {}),
    ...(severity.length ? { severity } : {}),
    ...(kind ? { kind } : {}),
    ...periodQuery(state.filters),
  };
  const events = useEvents(query);
  return (
    <Box as="section" aria-labelledby="timeline-heading" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <Heading as="h2" size="md" id="timeline-heading" mb="3">
        {t('dashboard.timeline.title')}
      </Heading>
      <FilterBar filters={filters} state={state} />
      {events.data === undefined ? (
        <Skeleton height="40" />
      ) : events.data.data.length === 0 ? (
        <Text color="fg.muted" data-testid="timeline-empty">
          {state.hasFilters ? t('dataTable.noMatch') : t('dashboard.timeline.empty')}
        </Text>
      ) : (
        <Stack as="ol" gap="0" listStyleType="none" m="0" p="0" data-testid="timeline">
          {events.data.data.map((event) => {
            const href = eventHref(modules, event);
            const title = summaryLine(event, t, format.number) ?? changeLine(event, t) ?? event.title;
            return (
              <chakra.li
                key={event.id}
                borderStartWidth="2px"
                borderColor="border.emphasized"
                ps="4"
                py="2"
                position="relative"
              >
                <HStack gap="2" flexWrap="wrap" fontSize="xs" color="fg.muted">
                  <time dateTime={event.at}>{format.date(event.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                  <Badge size="xs" variant="surface">
                    {t(`${event.module}.moduleName`)}
                  </Badge>
                  <Badge size="xs" variant="outline">
                    {t(`dashboard.timeline.kinds.${kindKey(event.kind)}`)}
                  </Badge>
                  {event.severity ? <SeverityBadge severity={event.severity} /> : null}
                  {event.actor ? <Text as="span">{event.actor.name}</Text> : null}
                </HStack>
                {href ? (
                  <Link asChild colorPalette="blue" fontWeight="medium">
                    <RouterLink to={href}>{title}</RouterLink>
                  </Link>
                ) : (
                  <Text fontWeight="medium">{title}</Text>
                )}
              </chakra.li>
            );
          })}
        </Stack>
      )}
      {events.data && events.data.data.length > 0 ? (
        <Pagination meta={events.data.meta} onPage={state.setPage} onPageSize={state.setPageSize} />
      ) : null}
    </Box>
  );
}

const KINDS = [
  'finding.created',
  'findings.created',
  'finding.status_changed',
  'finding.reopened',
  'finding.updated',
  'score.changed',
  'import.succeeded',
  'import.failed',
  'import.cancelled',
  'probes.finished',
  'scripts.scanned',
  'store_blacklist.changed',
];
function kindKey(kind: string): string {
  return KINDS.includes(kind) ? kind.replace('.', '_') : 'other';
}
