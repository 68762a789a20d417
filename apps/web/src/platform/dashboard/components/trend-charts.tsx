import { Box, Heading, SimpleGrid } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, SEVERITY_COLORS } from '@/components/charts';
import { SEVERITIES } from '@/components/ui/finding-badges';
import type { DashboardData } from '../api/dashboard-api';

const CHART_HEIGHT = 260;

/**
 * New findings per day and module, and open findings by severity, through the one chart component.
 * While the data loads the panels stand at their final size (charts hold their height). Memoised:
 * the charts' options are rebuilt (and Highcharts updates its charts) only when the data or the
 * language change, not whenever the screen around them renders. Both are the dashboard's first view:
 * a first load draws them without Highcharts, which takes over on the first interaction (issue 35).
 */
export const TrendCharts = memo(function TrendCharts({
  data,
  days: period,
}: {
  data: DashboardData | undefined;
  days: number;
}) {
  const { t } = useTranslation();
  const days = data?.trend.days ?? [];
  const series = data?.trend.series ?? [];
  const trendTitle = t('dashboard.trendTitle', { count: data ? days.length : period });
  const severityTitle = t('dashboard.severityTitle');
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" mb="6">
      <Box gridColumn={{ lg: 'span 2' }} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
        <Heading as="h2" size="sm" mb="2">
          {trendTitle}
        </Heading>
        <Chart
          description={trendTitle}
          height={CHART_HEIGHT}
          firstFrame
          options={
            data && {
              chart: { type: 'column' },
              title: { text: undefined },
              xAxis: { categories: days },
              yAxis: { title: { text: t('dashboard.newFindings') }, allowDecimals: false },
              plotOptions: { column: { stacking: 'normal' } },
              series: series.map((s) => ({
                type: 'column',
                name: t(`${s.module}.moduleName`),
                data: s.counts,
              })),
            }
          }
          table={{
            columns: [
              { key: 'day', label: t('dashboard.day') },
              ...series.map((s) => ({ key: s.module, label: t(`${s.module}.moduleName`), numeric: true })),
            ],
            rows: days.map((day, i) => [day, ...series.map((s) => s.counts[i] ?? 0)]),
          }}
        />
      </Box>
      <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
        <Heading as="h2" size="sm" mb="2">
          {severityTitle}
        </Heading>
        <Chart
          description={severityTitle}
          height={CHART_HEIGHT}
          firstFrame
          options={
            data && {
              chart: { type: 'pie' },
              title: { text: undefined },
              series: [
                {
                  type: 'pie',
                  name: t('dashboard.kpi.open'),
                  innerSize: '55%',
                  data: SEVERITIES.map((s) => ({
                    name: t(`findings.severity.${s}`),
                    y: data.open_by_severity[s],
                    color: SEVERITY_COLORS[s],
                  })),
                },
              ],
            }
          }
          table={{
            columns: [
              { key: 'severity', label: t('findings.severityLabel') },
              { key: 'open', label: t('dashboard.kpi.open'), numeric: true },
            ],
            rows: data ? SEVERITIES.map((s) => [t(`findings.severity.${s}`), data.open_by_severity[s]]) : [],
          }}
        />
      </Box>
    </SimpleGrid>
  );
});
