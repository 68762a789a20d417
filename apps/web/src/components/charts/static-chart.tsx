import type { Options } from 'highcharts';
import type { CSSProperties } from 'react';
import { useFormat } from '@/lib/i18n/format';
import { useColorMode } from '@/theme/color-mode';
import { chartPalette, SERIES_COLORS } from './chart-theme';

// A chart's first frame without Highcharts (issue 35): the same numbers, colours, axis and legend,
// drawn as plain boxes with inline styles (no chart code, no run-time style sheet), so a first load
// paints the dashboard's charts without evaluating and running Highcharts. Highcharts takes over
// after the page's first interaction (chart.tsx). Columns and bars (stacked or side by side) and pies
// (donuts) only: any other chart answers no frame and is drawn by Highcharts at once.

/** Columns stand on the category axis; bars lie along it, the first category at the top. */
interface ColumnFrame {
  kind: 'column' | 'bar';
  categories: Array<{ label: string; key: string }>;
  series: Array<{ name: string; key: string; color: string; values: number[] }>;
  stacked: boolean;
  ticks: number[];
  /** Whether Highcharts shows the legend (`legend.enabled`): the frame keeps its place only then. */
  legend: boolean;
}

interface PieFrame {
  kind: 'pie';
  slices: Array<{ name: string; key: string; color: string; value: number }>;
  /** The hole's share of the radius (Highcharts' innerSize). */
  inner: number;
}

export type StaticFrame = ColumnFrame | PieFrame;

type Series = NonNullable<Options['series']>[number];

const seriesType = (series: Series, chartType: string | undefined) =>
  ('type' in series && typeof series.type === 'string' ? series.type : undefined) ?? chartType ?? 'line';

/** The palette's colour for the `i`th series or slice, as Highcharts picks it. */
const paletteColor = (i: number): string => SERIES_COLORS[i % SERIES_COLORS.length] ?? '#2563eb';

const numberOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** A pie's point: a number, or `{ name, y, color }`. */
function pointOf(point: unknown): { name: string; value: number; color?: string } {
  if (typeof point !== 'object' || point === null) return { name: '', value: numberOf(point) };
  const { name, y, color } = point as { name?: unknown; y?: unknown; color?: unknown };
  return {
    name: typeof name === 'string' ? name : '',
    value: numberOf(y),
    ...(typeof color === 'string' ? { color } : {}),
  };
}

/** Keys for React from names that may repeat: the name, with its occurrence when it repeats. */
function keysOf(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}#${n}`;
  });
}

/** Round axis steps (1, 2, 5 × 10ⁿ, whole numbers) from 0 to at least `max`, about four of them. */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** The first frame of `options`, or undefined when it is not a chart this file draws. */
export function staticFrame(options: Options): StaticFrame | undefined {
  const series = options.series ?? [];
  const chartType = options.chart?.type;
  const types = new Set(series.map((s) => seriesType(s, chartType)));
  if (series.length === 0 || types.size !== 1) return undefined;
  if (types.has('pie') && series.length === 1) {
    const pie = series[0] as Series & { data?: unknown[]; innerSize?: unknown };
    const points = (pie.data ?? []).map(pointOf);
    const keys = keysOf(points.map((p) => p.name));
    const slices = points.map((p, i) => ({
      name: p.name,
      key: keys[i] ?? String(i),
      value: p.value,
      color: p.color ?? paletteColor(i),
    }));
    const inner = typeof pie.innerSize === 'string' ? Number.parseFloat(pie.innerSize) / 100 : 0;
    return { kind: 'pie', slices, inner: Number.isFinite(inner) ? Math.min(Math.max(inner, 0), 0.9) : 0 };
  }
  const kind = types.has('bar') ? 'bar' : types.has('column') ? 'column' : undefined;
  if (!kind) return undefined;
  const axis = Array.isArray(options.xAxis) ? options.xAxis[0] : options.xAxis;
  const labels = (axis?.categories ?? []).map(String);
  const categoryKeys = keysOf(labels);
  const categories = labels.map((label, j) => ({ label, key: categoryKeys[j] ?? label }));
  const seriesKeys = keysOf(series.map((s) => s.name ?? ''));
  const stacking = options.plotOptions?.[kind]?.stacking ?? options.plotOptions?.series?.stacking;
  const stacked = stacking === 'normal';
  const columns = series.map((s, i) => {
    const data = 'data' in s && Array.isArray(s.data) ? s.data : [];
    return {
      name: s.name ?? '',
      key: seriesKeys[i] ?? String(i),
      color: 'color' in s && typeof s.color === 'string' ? s.color : paletteColor(i),
      values: categories.map((_, j) => numberOf(data[j])),
    };
  });
  const heights = categories.map((_, j) =>
    stacked
      ? columns.reduce((sum, s) => sum + (s.values[j] ?? 0), 0)
      : Math.max(0, ...columns.map((s) => s.values[j] ?? 0)),
  );
  const ticks = axisTicks(Math.max(0, ...heights));
  return { kind, categories, series: columns, stacked, ticks, legend: options.legend?.enabled !== false };
}

const LEGEND_HEIGHT = 40;
const AXIS_WIDTH = 40;
const LABEL_ROW = 20;
/** A bar chart's category labels: at most this share of the width, cut with an ellipsis beyond. */
const BAR_LABELS = '30%';

const box = (style: CSSProperties): CSSProperties => ({ boxSizing: 'border-box', ...style });

/** The chart's first frame at `height` pixels, in the interface's theme and language. */
export function StaticChart({
  frame,
  height,
  description,
}: {
  frame: StaticFrame;
  height: number;
  description: string;
}) {
  const { colorMode } = useColorMode();
  const { number } = useFormat();
  const c = chartPalette(colorMode);
  const legend = (items: Array<{ name: string; key: string; color: string }>) => (
    <div
      style={box({
        height: LEGEND_HEIGHT,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        alignContent: 'center',
        gap: '2px 12px',
        overflow: 'hidden',
        color: c.text,
        fontSize: 12,
      })}
    >
      {items.map((item) => (
        <span key={item.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span style={{ width: 10, height: 10, borderRadius: 5, background: item.color }} />
          {item.name}
        </span>
      ))}
    </div>
  );
  const frameBox = box({ height, display: 'flex', flexDirection: 'column', fontSize: 11, color: c.muted });
  if (frame.kind === 'pie') {
    const total = frame.slices.reduce((sum, s) => sum + s.value, 0);
    let at = 0;
    const stops = frame.slices.map((s) => {
      const from = at;
      at += total > 0 ? (s.value / total) * 100 : 0;
      return `${s.color} ${from}% ${at}%`;
    });
    const ring = `radial-gradient(circle closest-side, transparent ${frame.inner * 100}%, #000 calc(${frame.inner * 100}% + 1px))`;
    const size = height - LEGEND_HEIGHT - 16;
    return (
      <div role="img" aria-label={description} data-static-chart="pie" style={frameBox}>
        <div style={box({ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' })}>
          <div
            style={{
              width: size,
              height: size,
              borderRadius: '50%',
              background: total > 0 ? `conic-gradient(${stops.join(', ')})` : c.grid,
              mask: ring,
              WebkitMask: ring,
            }}
          />
        </div>
        {legend(frame.slices)}
      </div>
    );
  }
  const top = frame.ticks.at(-1) ?? 1;
  // Highcharts stacks the first series on top of a column and at the far end of a bar.
  const stackOrder = frame.stacked ? [...frame.series].reverse() : frame.series;
  if (frame.kind === 'bar') {
    return (
      <div role="img" aria-label={description} data-static-chart="bar" style={frameBox}>
        <div style={box({ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, paddingTop: 8 })}>
          {frame.categories.map((category, j) => (
            <div key={category.key} style={box({ flex: 1, display: 'flex', alignItems: 'center', minHeight: 0 })}>
              <span
                style={box({
                  width: BAR_LABELS,
                  paddingRight: 8,
                  textAlign: 'right',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                })}
              >
                {category.label}
              </span>
              <div
                style={box({
                  flex: 1,
                  height: '100%',
                  display: 'flex',
                  flexDirection: frame.stacked ? 'row' : 'column',
                  justifyContent: 'center',
                  borderLeft: `1px solid ${c.line}`,
                  gap: frame.stacked ? 0 : 1,
                })}
              >
                {stackOrder.map((s) => (
                  <div
                    key={s.key}
                    style={{
                      height: frame.stacked ? '70%' : `${70 / frame.series.length}%`,
                      width: `${((s.values[j] ?? 0) / top) * 100}%`,
                      background: s.color,
                      alignSelf: frame.stacked ? 'center' : 'flex-start',
                    }}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
        <div style={box({ height: LABEL_ROW, position: 'relative', marginLeft: BAR_LABELS, paddingTop: 4 })}>
          {frame.ticks.map((tick) => (
            <span
              key={tick}
              style={{
                position: 'absolute',
                left: `${(tick / top) * 100}%`,
                // The end labels stay inside the frame (no sideways scroll on a phone).
                transform: tick === 0 ? undefined : tick === top ? 'translateX(-100%)' : 'translateX(-50%)',
              }}
            >
              {number(tick)}
            </span>
          ))}
        </div>
        {frame.legend ? legend(frame.series) : null}
      </div>
    );
  }
  const every = Math.max(1, Math.ceil(frame.categories.length / 6));
  return (
    <div role="img" aria-label={description} data-static-chart="column" style={frameBox}>
      <div style={box({ flex: 1, display: 'flex', minHeight: 0, paddingTop: 8 })}>
        <div style={box({ width: AXIS_WIDTH, position: 'relative' })}>
          {frame.ticks.map((tick) => (
            <span
              key={tick}
              style={{ position: 'absolute', right: 8, bottom: `${(tick / top) * 100}%`, transform: 'translateY(50%)' }}
            >
              {number(tick)}
            </span>
          ))}
        </div>
        <div style={box({ flex: 1, position: 'relative', borderBottom: `1px solid ${c.line}` })}>
          {frame.ticks.slice(1).map((tick) => (
            <div
              key={tick}
              style={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: `${(tick / top) * 100}%`,
                borderTop: `1px solid ${c.grid}`,
              }}
            />
          ))}
          <div style={box({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'flex-end' })}>
            {frame.categories.map((category, j) => (
              <div
                key={category.key}
                style={box({
                  flex: 1,
                  height: '100%',
                  display: 'flex',
                  flexDirection: frame.stacked ? 'column-reverse' : 'row',
                  alignItems: frame.stacked ? 'center' : 'flex-end',
                  justifyContent: 'center',
                  gap: frame.stacked ? 0 : 1,
                })}
              >
                {stackOrder.map((s) => (
                  <div
                    key={s.key}
                    style={{
                      width: frame.stacked ? '70%' : `${70 / frame.series.length}%`,
                      height: `${((s.values[j] ?? 0) / top) * 100}%`,
                      background: s.color,
                    }}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
      <div style={box({ height: LABEL_ROW, display: 'flex', paddingLeft: AXIS_WIDTH, paddingTop: 4 })}>
        {frame.categories.map((category, j) => (
          <span key={category.key} style={{ flex: 1, minWidth: 0, overflow: 'visible', whiteSpace: 'nowrap' }}>
            {j % every === 0 ? category.label : ''}
          </span>
        ))}
      </div>
      {frame.legend ? legend(frame.series) : null}
    </div>
  );
}
