import { Box } from '@chakra-ui/react';
import type { Options } from 'highcharts';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { WhenVisible } from '@/components/layout/when-visible';
import { ChartDataTable, type ChartTableColumn } from './chart-data-table';
import { afterFirstInteraction } from './first-interaction';
import { StaticChart, staticFrame } from './static-chart';

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
  /**
   * A chart of a screen's first view (the dashboard's): on a first load it is drawn without
   * Highcharts (static-chart.tsx), and Highcharts takes over after the page's first interaction or
   * when the pointer comes onto the chart. Columns, bars and pies only; other charts ignore it.
   */
  firstFrame?: boolean;
}

/**
 * The app's chart: lazy Highcharts, theme and language following the interface, data table beside.
 * Its box has its final height from the first render (no layout shift while data or code load).
 */
export function Chart({ options, description, table, height = 320, firstFrame = false }: ChartProps) {
  const placeholder = <Box height="full" borderRadius="l2" bg="bg.muted" aria-hidden="true" />;
  return (
    <Box>
      <Box height={`${height}px`}>
        {options ? (
          // Highcharts loads and draws when the chart comes near the viewport.
          <WhenVisible minH="full" margin="0px">
            <ChartBody
              options={options}
              description={description}
              height={height}
              firstFrame={firstFrame}
              placeholder={placeholder}
            />
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

function ChartBody({
  options,
  description,
  height,
  firstFrame,
  placeholder,
}: Required<Pick<ChartProps, 'options' | 'description' | 'height' | 'firstFrame'>> & {
  options: ChartOptions;
  placeholder: ReactNode;
}) {
  const frame = useMemo(() => (firstFrame ? staticFrame(options) : undefined), [firstFrame, options]);
  const [upgraded, setUpgraded] = useState(frame === undefined);
  useEffect(() => {
    if (upgraded) return;
    let live = true;
    void afterFirstInteraction().then(() => {
      if (live) setUpgraded(true);
    });
    return () => {
      live = false;
    };
  }, [upgraded]);
  const still = frame ? <StaticChart frame={frame} height={height} description={description} /> : null;
  if (!upgraded) return <Box onPointerEnter={() => setUpgraded(true)}>{still}</Box>;
  return (
    // The first frame stays on screen while Highcharts loads; Highcharts then draws without animation.
    <Suspense fallback={still ?? placeholder}>
      <HighchartsChart options={options} description={description} height={height} still={frame !== undefined} />
    </Suspense>
  );
}
