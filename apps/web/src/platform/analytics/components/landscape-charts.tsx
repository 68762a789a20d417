import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOptions, type ChartTableColumn, SEVERITY_COLORS } from '@/components/charts';
import { SEVERITIES } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import type { CveLandscape } from '../api/landscape-api';

const HEIGHT = 280;

interface PanelProps {
  id: string;
  title: string;
  options: ChartOptions | undefined;
  columns: ChartTableColumn[];
  rows: Array<Array<string | number>>;
  note?: ReactNode;
}

/**
 * One chart with its heading and, one click away, the table of its numbers. The columns and the
 * vendors' bars draw their first frame without Highcharts (static-chart.tsx), as the dashboard's
 * charts do: a first visit of this public page runs no chart code until someone interacts (issue 35).
 */
function ChartPanel({ id, title, options, columns, rows, note }: PanelProps) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" minW="0">
      <Heading as="h2" id={id} size="sm" mb="2">
        {title}
      </Heading>
      {note}
      <Chart description={title} height={HEIGHT} options={options} table={{ columns, rows }} firstFrame />
    </Box>
  );
}

/** New CVEs by severity and KEV additions per week, the EPSS distribution and the top vendors. */
export function LandscapeCharts({ data }: { data: CveLandscape | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const weeks = data?.weeks ?? [];
  const weekLabel = (week: string) => format.date(week, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const categories = weeks.map((w) => weekLabel(w.week));
  const severityName = (s: (typeof SEVERITIES)[number]) => t(`findings.severity.${s}`);
  const percent = (value: number) => format.number(value, { style: 'percent', maximumFractionDigits: 1 });
  const buckets = (data?.epss ?? []).map((b) => ({ label: `${percent(b.from)} – ${percent(b.to)}`, cves: b.cves }));
  const vendors = data?.top_vendors ?? [];
  const weekColumn = { key: 'week', label: t('analytics.week') };
  const cvesLabel = t('analytics.cveCount');
  const column = (type: 'column' | 'bar', name: string, values: number[]): ChartOptions['series'] => [
    { type, name, data: values },
  ];
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <ChartPanel
        id="landscape-new"
        title={t('analytics.newCves')}
        options={
          data && {
            chart: { type: 'column' },
            title: { text: undefined },
            xAxis: { categories },
            yAxis: { title: { text: cvesLabel }, allowDecimals: false },
            plotOptions: { column: { stacking: 'normal' } },
            series: SEVERITIES.map((s) => ({
              type: 'column',
              name: severityName(s),
              color: SEVERITY_COLORS[s],
              data: weeks.map((w) => w[s]),
            })),
          }
        }
        columns={[weekColumn, ...SEVERITIES.map((s) => ({ key: s, label: severityName(s), numeric: true }))]}
        rows={weeks.map((w) => [weekLabel(w.week), ...SEVERITIES.map((s) => w[s])])}
      />
      <ChartPanel
        id="landscape-kev"
        title={t('analytics.kevAdded')}
        options={
          data && {
            chart: { type: 'column' },
            title: { text: undefined },
            xAxis: { categories },
            yAxis: { title: { text: cvesLabel }, allowDecimals: false },
            legend: { enabled: false },
            series: column(
              'column',
              t('analytics.kevSeries'),
              weeks.map((w) => w.kev_added),
            ),
          }
        }
        columns={[weekColumn, { key: 'kev', label: t('analytics.kevSeries'), numeric: true }]}
        rows={weeks.map((w) => [weekLabel(w.week), w.kev_added])}
      />
      <ChartPanel
        id="landscape-epss"
        title={t('analytics.epss')}
        note={
          <Text textStyle="sm" color="fg.muted" mb="2">
            {t('analytics.epssNote')}
          </Text>
        }
        options={
          data && {
            chart: { type: 'column' },
            title: { text: undefined },
            xAxis: { categories: buckets.map((b) => b.label), title: { text: t('analytics.epssScore') } },
            yAxis: { title: { text: cvesLabel }, allowDecimals: false },
            legend: { enabled: false },
            series: column(
              'column',
              cvesLabel,
              buckets.map((b) => b.cves),
            ),
          }
        }
        columns={[
          { key: 'bucket', label: t('analytics.epssScore') },
          { key: 'count', label: cvesLabel, numeric: true },
        ]}
        rows={buckets.map((b) => [b.label, b.cves])}
      />
      <ChartPanel
        id="landscape-vendors"
        title={t('analytics.vendors')}
        note={
          data && vendors.length === 0 ? (
            <Text textStyle="sm" color="fg.muted" mb="2">
              {t('analytics.noVendors')}
            </Text>
          ) : null
        }
        options={
          data && {
            chart: { type: 'bar' },
            title: { text: undefined },
            xAxis: { categories: vendors.map((v) => v.vendor) },
            yAxis: { title: { text: cvesLabel }, allowDecimals: false },
            legend: { enabled: false },
            series: column(
              'bar',
              cvesLabel,
              vendors.map((v) => v.cves),
            ),
          }
        }
        columns={[
          { key: 'vendor', label: t('analytics.vendor') },
          { key: 'count', label: cvesLabel, numeric: true },
        ]}
        rows={vendors.map((v) => [v.vendor, v.cves])}
      />
    </SimpleGrid>
  );
}
