import { Box } from '@chakra-ui/react';
import type { Options } from 'highcharts';
import { lazy, Suspense } from 'react';
import { WhenVisible } from '@/components/layout/when-visible';
import { ChartDataTable, type ChartTableColumn } from './chart-data-table';

// Highcharts (≈100 KiB gzip) loads with the first chart, never on the sign-in page.
const HighchartsChart = lazy(() => import('./highcharts-chart'));

/** Chart options, without importing Highcharts outside this folder. */
export type ChartOptions = Options;

export interface ChartProps {
  /** Undefined while the data loads: the chart's space is held, so nothing below it moves. */
  options: ChartOptions | undefined;
  /** What the chart shows, for screen readers and as the data table's caption. */
  description: string;
  /** The chart's numbers as a table, one click away (screens.md: every chart has its table). */
  table?: { columns: ChartTableColumn[]; rows: Array<Array<string | number>> };
  /** The chart's height in pixels: Highcharts draws at exactly this height, held while it loads. */
  height?: number;
}

/**
 * The app's chart: lazy Highcharts, theme and language following the interface, data table beside.
 * Its box has its final height from the first render (no layout shift while data or code load).
 */
export function Chart({ options, description, table, height = 320 }: ChartProps) {
  const placeholder = <Box height="full" borderRadius="l2" bg="bg.muted" aria-hidden="true" />;
  return (
    <Box>
      <Box height={`${height}px`}>
        {options ? (
          // Highcharts loads and draws when the chart comes near the viewport.
          <WhenVisible minH="full" margin="0px">
            <Suspense fallback={placeholder}>
              <HighchartsChart options={options} description={description} height={height} />
            </Suspense>
          </WhenVisible>
        ) : (
          placeholder
        )}
      </Box>
      {table ? (
        <ChartDataTable caption={description} columns={table.columns} rows={table.rows} disabled={!options} />
      ) : null}
    </Box>
  );
}
