import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOptions } from '@/components/charts';
import type { ReportData } from '../api/reports-api';

/** Printed charts do not animate: the PDF is taken once they are drawn. */
const still: ChartOptions['plotOptions'] = { series: { animation: false } };
const severities = ['critical', 'high', 'medium', 'low', 'info'] as const;
const severityColours = { critical: '#9b1c1c', high: '#d9480f', medium: '#e8a100', low: '#2b6cb0', info: '#718096' };

/** How many charts the print view draws for this data (the renderer waits for each). */
export function chartCount(data: ReportData): number {
  return (data.trend.length > 0 ? 1 : 0) + 2;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" mb="6" css={{ breakInside: 'avoid' }}>
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export function TrendChart({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  const title = t('reports.print.trendTitle');
  return (
    <Section title={title}>
      {data.trend.length === 0 ? (
        <Text color="fg.muted">{t('reports.print.noTrend')}</Text>
      ) : (
        <Chart
          description={title}
          height={220}
          options={{
            chart: { type: 'line' },
            title: { text: undefined },
            plotOptions: still,
            xAxis: { categories: data.trend.map((p) => p.day) },
            yAxis: { title: { text: t('risk.score') }, min: 0, max: 100 },
            legend: { enabled: false },
            series: [{ type: 'line', name: t('risk.score'), data: data.trend.map((p) => p.score) }],
          }}
        />
      )}
    </Section>
  );
}

/** Open findings per module, stacked by severity; and new against resolved per module. */
export function ModuleCharts({ data, names }: { data: ReportData; names: (module: string) => string }) {
  const { t } = useTranslation();
  const categories = data.modules.map((m) => names(m.module));
  const openTitle = t('reports.print.openBySeverityTitle');
  const changesTitle = t('reports.print.changesTitle');
  return (
    <>
      <Section title={openTitle}>
        <Chart
          description={openTitle}
          height={260}
          options={{
            chart: { type: 'bar' },
            title: { text: undefined },
            plotOptions: { ...still, bar: { stacking: 'normal' } },
            xAxis: { categories },
            yAxis: { title: { text: t('reports.print.open') }, allowDecimals: false },
            series: severities.map((severity) => ({
              type: 'bar' as const,
              name: t(`findings.severity.${severity}`),
              color: severityColours[severity],
              data: data.modules.map((m) => m.open_by_severity[severity]),
            })),
          }}
        />
      </Section>
      <Section title={changesTitle}>
        <Chart
          description={changesTitle}
          height={260}
          options={{
            chart: { type: 'bar' },
            title: { text: undefined },
            plotOptions: still,
            xAxis: { categories },
            yAxis: { title: { text: undefined }, allowDecimals: false },
            series: [
              { type: 'bar', name: t('reports.print.new'), data: data.modules.map((m) => m.new) },
              { type: 'bar', name: t('reports.print.resolved'), data: data.modules.map((m) => m.resolved) },
            ],
          }}
        />
      </Section>
    </>
  );
}

export { Section };
