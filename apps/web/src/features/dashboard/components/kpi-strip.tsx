import { Box, HStack, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { type DashboardData, kpiValue } from '../api/dashboard-api';

/**
 * Open findings by severity, leaked credentials (30 days), watched CVEs, overdue SLAs. While the
 * data loads the cards stand with their labels and a placeholder of each value's size.
 */
export function KpiStrip({ data }: { data: DashboardData | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const open = data ? SEVERITIES.reduce((sum, s) => sum + data.open_by_severity[s], 0) : null;
  const kpis: Array<[string, string, number | null]> = [
    ['open', t('dashboard.kpi.open'), open],
    ['credentials', t('dashboard.kpi.credentials30d'), kpiValue(data, 'credentials', 'leaked_30d')],
    ['cves', t('dashboard.kpi.watchedCves'), kpiValue(data, 'cves', 'watched')],
    ['overdue', t('dashboard.kpi.overdue'), kpiValue(data, 'vulnerabilities', 'overdue_sla')],
  ];
  return (
    <Box mb="5">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="kpi-strip">
        {kpis.map(([key, label, value]) => (
          <Stat.Root key={key} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
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
              <HStack as="dd" gap="1" flexWrap="wrap" mt="1" minH="11" aria-label={t('dashboard.kpi.bySeverity')}>
                {SEVERITIES.filter((s) => (data?.open_by_severity[s] ?? 0) > 0).map((s) => (
                  <HStack key={s} gap="1" fontSize="xs">
                    <SeverityBadge severity={s} />
                    {format.number(data?.open_by_severity[s] ?? 0)}
                  </HStack>
                ))}
              </HStack>
            ) : null}
          </Stat.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}
