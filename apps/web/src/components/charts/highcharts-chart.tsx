import Highcharts, { type Options } from 'highcharts';
import 'highcharts/modules/accessibility';
// Global Vision's company × module heat map (colour axis and heatmap series).
import 'highcharts/modules/heatmap';
import HighchartsReactModule from 'highcharts-react-official';
import { useMemo } from 'react';
import { useFormat } from '@/lib/i18n/format';
import { useColorMode } from '@/theme/color-mode';
import { withMarkers } from './chart-markers';
import { chartTheme } from './chart-theme';

// Vite 8 hands a `"type": "module"` app the CJS module object of this UMD package: unwrap its
// default, else React renders an object and the production page goes blank (stack-notes pitfall 9).
const HighchartsReact =
  (HighchartsReactModule as unknown as { default?: typeof HighchartsReactModule }).default ?? HighchartsReactModule;

/** Deep-merges the theme under the chart's own options (the chart's options win). */
function withTheme(theme: Options, options: Options): Options {
  return Highcharts.merge(theme, options);
}

export interface HighchartsChartProps {
  options: Options;
  /** The chart's accessible description (what it shows), read by screen readers. */
  description: string;
  /** Pixels; the box around the chart holds this height before the chart draws. */
  height: number;
  /** Drawn in place of a static first frame: no animation, the numbers are already on screen. */
  still?: boolean;
}

/** The one place Highcharts renders: theme and language follow the interface. */
export default function HighchartsChart({ options, description, height, still = false }: HighchartsChartProps) {
  const { colorMode } = useColorMode();
  const { locale } = useFormat();
  const merged = useMemo(
    () =>
      withTheme(chartTheme(colorMode, locale), {
        ...withMarkers(options),
        chart: { ...options.chart, height, ...(still ? { animation: false } : {}) },
        accessibility: { description, ...options.accessibility },
        ...(still ? { plotOptions: Highcharts.merge(options.plotOptions, { series: { animation: false } }) } : {}),
      }),
    [colorMode, locale, options, description, height, still],
  );
  // A new key when theme or language change: the chart is rebuilt with the new colours and locale.
  return <HighchartsReact key={`${colorMode}-${locale}`} highcharts={Highcharts} options={merged} />;
}
