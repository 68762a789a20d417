import { Box, Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts';
import { useFormat } from '@/lib/i18n/format';
import type { Insights } from '../api/insights-api';

/** New and resolved findings in the eight windows of the period's length ending now. */
export function InsightsTrend({ trend, period }: { trend: Insights['trend'] | undefined; period: 'week' | 'month' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const title = t(`insights.trendTitle.${period}`);
  const labels = (trend ?? []).map((b) => format.date(b.from, { day: 'numeric', month: 'short' }));
  return (
    <Box as="section" aria-labelledby="insights-trend" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <Heading as="h2" size="md" mb="2" id="insights-trend">
        {title}
      </Heading>
      <Chart
        description={title}
        height={260}
        options={
          trend && {
            chart: { type: 'column' },
            title: { text: undefined },
            xAxis: { categories: labels },
            yAxis: { title: { text: t('insights.findings') }, allowDecimals: false, min: 0 },
            series: [
              { type: 'column', name: t('insights.measures.new'), data: trend.map((b) => b.new) },
              { type: 'column', name: t('insights.measures.resolved'), data: trend.map((b) => b.resolved) },
            ],
          }
        }
        table={{
          columns: [
            { key: 'from', label: t('insights.windowStart') },
            { key: 'new', label: t('insights.measures.new'), numeric: true },
            { key: 'resolved', label: t('insights.measures.resolved'), numeric: true },
          ],
          rows: (trend ?? []).map((b, i) => [labels[i] ?? '', b.new, b.resolved]),
        }}
      />
    </Box>
  );
}
