import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts';
import type { Portfolio } from '../api/portfolio-api';

/** Each company's daily rating snapshots of the period as one line. */
export function CompanyTrends({ data, days }: { data: Portfolio | undefined; days: number }) {
  const { t } = useTranslation();
  const title = t('portfolio.trendTitle', { count: data?.days ?? days });
  const companies = data?.companies ?? [];
  const dayList = [...new Set(companies.flatMap((c) => c.trend.map((p) => p.day)))].sort();
  const scoreOn = (company: (typeof companies)[number], day: string) =>
    company.trend.find((p) => p.day === day)?.score ?? null;
  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" data-testid="company-trends">
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      {data && dayList.length === 0 ? (
        <Text color="fg.muted" mb="2">
          {t('portfolio.noTrend')}
        </Text>
      ) : null}
      <Chart
        description={title}
        height={280}
        options={
          data && {
            chart: { type: 'line' },
            title: { text: undefined },
            xAxis: { categories: dayList },
            yAxis: { title: { text: t('portfolio.score') }, min: 0, max: 100 },
            plotOptions: { series: { connectNulls: true, marker: { enabled: dayList.length < 3 } } },
            series: companies.map((c) => ({
              type: 'line',
              name: c.name,
              data: dayList.map((day) => scoreOn(c, day)),
            })),
          }
        }
        table={{
          columns: [
            { key: 'day', label: t('portfolio.day') },
            ...companies.map((c) => ({ key: String(c.id), label: c.name, numeric: true })),
          ],
          rows: dayList.map((day) => [day, ...companies.map((c) => scoreOn(c, day) ?? '—')]),
        }}
      />
    </Box>
  );
}
