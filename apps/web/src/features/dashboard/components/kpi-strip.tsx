import { Box, chakra, HStack, Link, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { filteredListHref, OPEN_STATUSES } from '@/components/data-table';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import { type ProtectedScreenId, protectedScreens } from '@/config/paths';
import { useFormat } from '@/lib/i18n/format';
import { type DashboardData, kpiValue } from '../api/dashboard-api';

const DAY = 86_400_000;

interface Kpi {
  key: 'open' | 'credentials' | 'cves' | 'overdue';
  label: string;
  value: number | null;
  /** The screen of the list that shows what the card counts (`screens.<id>.title` names it)… */
  screen: ProtectedScreenId;
  /** …filtered in the URL parameters its table reads. */
  filters: Record<string, string | readonly string[]>;
}

const pathOf = (screen: ProtectedScreenId) => protectedScreens.find((s) => s.id === screen)?.path ?? '/';

/** The first day (UTC, YYYY-MM-DD) of the dashboard's "last 30 days": today and the 29 before. */
export function last30DaysFrom(now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - 29 * DAY).toISOString().slice(0, 10);
}

/**
 * Open findings by severity, leaked credentials (30 days), watched CVEs, overdue SLAs; each card is
 * one link to the list it counts. While the data loads the cards stand with their labels and a
 * placeholder of each value's size.
 */
export function KpiStrip({ data }: { data: DashboardData | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const open = data ? SEVERITIES.reduce((sum, s) => sum + data.open_by_severity[s], 0) : null;
  const kpis: Kpi[] = [
    {
      key: 'open',
      label: t('dashboard.kpi.open'),
      value: open,
      // No list spans every module: the open findings' list is the vulnerabilities one.
      screen: 'vulnerabilities',
      filters: { status: OPEN_STATUSES },
    },
    {
      key: 'credentials',
      label: t('dashboard.kpi.credentials30d'),
      value: kpiValue(data, 'credentials', 'leaked_30d'),
      screen: 'credentials',
      filters: { from: last30DaysFrom(new Date()) },
    },
    {
      key: 'cves',
      label: t('dashboard.kpi.watchedCves'),
      value: kpiValue(data, 'cves', 'watched'),
      screen: 'cve-monitor',
      filters: { status: OPEN_STATUSES },
    },
    {
      key: 'overdue',
      label: t('dashboard.kpi.overdue'),
      value: kpiValue(data, 'vulnerabilities', 'overdue_sla'),
      screen: 'vulnerabilities',
      filters: { overdue: 'true' },
    },
  ];
  return (
    <Box mb="5">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="kpi-strip">
        {kpis.map(({ key, label, value, screen, filters }) => (
          <Link
            key={key}
            asChild
            display="block"
            color="inherit"
            textDecoration="none"
            borderWidth="1px"
            borderRadius="l3"
            p="4"
            bg="bg.panel"
            _hover={{ borderColor: 'border.emphasized', bg: 'bg.muted', textDecoration: 'none' }}
          >
            <RouterLink to={filteredListHref(pathOf(screen), filters)}>
              <Stat.Root>
                <Stat.Label>{label}</Stat.Label>
                {value === null ? (
                  <Skeleton as="dd" height="9" width="16" />
                ) : (
                  <Stat.ValueText fontSize="2xl" color={key === 'overdue' && value > 0 ? 'fg.error' : undefined}>
                    {format.number(value)}
                  </Stat.ValueText>
                )}
                {key === 'open' ? (
                  // A <dd> like the value: a <dl> may only hold dt/dd groups. Two rows of badges are held.
                  <HStack as="dd" gap="1" flexWrap="wrap" mt="1" minH="11">
                    {SEVERITIES.filter((s) => (data?.open_by_severity[s] ?? 0) > 0).map((s) => (
                      <HStack key={s} gap="1" fontSize="xs">
                        <SeverityBadge severity={s} />
                        {format.number(data?.open_by_severity[s] ?? 0)}
                      </HStack>
                    ))}
                  </HStack>
                ) : null}
              </Stat.Root>
              {/* The link's name is what it shows, and where it goes. */}
              <chakra.span srOnly>{t('dashboard.kpi.showIn', { screen: t(`screens.${screen}.title`) })}</chakra.span>
            </RouterLink>
          </Link>
        ))}
      </SimpleGrid>
    </Box>
  );
}
