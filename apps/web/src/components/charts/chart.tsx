import { Box } from '@chakra-ui/react';
import type { Options } from 'highcharts';
import { lazy, Suspense } from 'react';
import { ChartDataTable, type ChartTableColumn } from './chart-data-table';

// Highcharts (≈100 KiB gzip) loads with the first chart, never on the sign-in page.
const HighchartsChart = lazy(() => import('./highcharts-chart'));

/** Chart options, without importing Highcharts outside this folder. */
export type ChartOptions = Options;

export interface ChartProps {
  options: ChartOptions;
  /** What the chart shows, for screen readers and as the data table's caption. */
  description: string;
  /** The chart's numbers as a table, one click away (screens.md: every chart has its table). */
  table?: { columns: ChartTableColumn[]; rows: Array<Array<string | number>> };
  height?: string;
}

/** The app's chart: lazy Highcharts, theme and language following the interface, data table beside. */
export function Chart({ options, description, table, height = '320px' }: ChartProps) {
  return (
    <Box>
      <Suspense fallback={<Box height={height} borderRadius="l2" bg="bg.muted" aria-hidden="true" />}>
        <Box minH={height}>
          <HighchartsChart options={options} description={description} />
        </Box>
      </Suspense>
      {table ? <ChartDataTable caption={description} columns={table.columns} rows={table.rows} /> : null}
    </Box>
  );
}
