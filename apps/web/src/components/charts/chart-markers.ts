import type { Options } from 'highcharts';

type Series = NonNullable<Options['series']>[number];

/** Line-like series: drawn as a line between points, so a lone point is nothing without a marker. */
const LINE_TYPES = new Set(['line', 'spline', 'area', 'areaspline']);

/** Below this many points a line series shows a marker on each point (Highcharts hides them by density). */
export const FEW_POINTS = 10;

/** How many of a series' points have a value (a null is a gap, not a point). */
function pointCount(series: Series): number {
  const data = 'data' in series && Array.isArray(series.data) ? series.data : [];
  return data.filter((p) => p !== null && p !== undefined && !(Array.isArray(p) && p.at(-1) === null)).length;
}

/**
 * Markers on every line series with few points: Highcharts leaves markers out on its own, so a
 * 90-day trend with one snapshot drew an empty axis. A series that sets its markers keeps them.
 */
export function withMarkers(options: Options): Options {
  if (!options.series) return options;
  const chartType = options.chart?.type ?? 'line';
  return {
    ...options,
    series: options.series.map((series) => {
      const type = ('type' in series && typeof series.type === 'string' ? series.type : undefined) ?? chartType;
      const own = 'marker' in series ? (series.marker as { enabled?: boolean } | undefined) : undefined;
      if (!LINE_TYPES.has(type) || own?.enabled !== undefined || pointCount(series) >= FEW_POINTS) return series;
      return { ...series, marker: { ...own, enabled: true } };
    }),
  };
}
