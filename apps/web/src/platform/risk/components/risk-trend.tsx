import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts';
import type { RiskTrendPoint } from '../api/risk-api';

/** The daily snapshots' scores through the one chart component (a point a day once snapshots exist). */
export function RiskTrend({ points, days }: { points: RiskTrendPoint[] | undefined; days: number }) {
  const { t } = useTranslation();
  const title = t('risk.trendTitle', { count: days });
  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      {points && points.length === 0 ? (
        <Text color="fg.muted" mb="2">
          {t('risk.noTrend')}
        </Text>
      ) : null}
      <Chart
        description={title}
        height={240}
        options={
          points && {
            chart: { type: 'line' },
            title: { text: undefined },
            xAxis: { categories: points.map((p) => p.day) },
            yAxis: { title: { text: t('risk.score') }, min: 0, max: 100 },
            legend: { enabled: false },
            series: [{ type: 'line', name: t('risk.score'), data: points.map((p) => p.score) }],
          }
        }
        table={{
          columns: [
            { key: 'day', label: t('risk.day') },
            { key: 'score', label: t('risk.score'), numeric: true },
            { key: 'grade', label: t('risk.grade') },
          ],
          rows: (points ?? []).map((p) => [p.day, p.score, p.grade]),
        }}
      />
    </Box>
  );
}
