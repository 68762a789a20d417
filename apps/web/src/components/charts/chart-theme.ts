import type { Options } from 'highcharts';
import type { ColorMode } from '@/theme/color-mode';

// Chakra's palette values, so charts match the interface in both themes (SVG attributes cannot
// read CSS variables).
const palette = {
  light: { text: '#18181b', muted: '#52525b', grid: '#e4e4e7', line: '#d4d4d8', tooltip: '#ffffff' },
  dark: { text: '#fafafa', muted: '#a1a1aa', grid: '#27272a', line: '#3f3f46', tooltip: '#18181b' },
} as const;

/** The theme's text, axis and grid colours (for a chart's first frame drawn without Highcharts). */
export function chartPalette(mode: ColorMode) {
  return palette[mode];
}

/**
 * The series colours, one palette for both themes: each has 3:1 contrast on the light panel (white)
 * and on the dark ones (#111111, the tooltip's #18181b), and every two are apart by at least 0.05
 * in hue and chroma (OKLab's a-b plane) (blue, orange, teal, red, purple, green, pink, ochre, grey, olive, sky, magenta). Twelve,
 * so a chart of every module (ten) never wraps round to a colour already used: Highcharts reuses
 * the palette from the start once it runs out.
 */
export const SERIES_COLORS = [
  '#2563eb',
  '#ea580c',
  '#0d9488',
  '#dc2626',
  '#9333ea',
  '#16a34a',
  '#ec4899',
  '#a16207',
  '#71717a',
  '#4d7c0f',
  '#0284c7',
  '#c026d3',
] as const;

/** The panel backgrounds the series colours are drawn on, light and dark (Chakra's bg.panel, tooltip). */
export const CHART_BACKGROUNDS = { light: ['#ffffff'], dark: ['#111111', palette.dark.tooltip] } as const;

/** Whether the user asked for less motion (the OS setting): charts then draw at once, unanimated. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The theme part of every chart's options: colours, fonts, the interface language's locale, and no
 * animation when the user prefers reduced motion (WCAG 2.3.3).
 */
export function chartTheme(mode: ColorMode, locale: string, reducedMotion = prefersReducedMotion()): Options {
  const c = palette[mode];
  const still: Options = reducedMotion ? { plotOptions: { series: { animation: false } } } : {};
  const axis = {
    gridLineColor: c.grid,
    lineColor: c.line,
    tickColor: c.line,
    labels: { style: { color: c.muted } },
    title: { style: { color: c.muted } },
  };
  return {
    colors: [...SERIES_COLORS],
    lang: { locale },
    chart: {
      backgroundColor: 'transparent',
      style: { fontFamily: 'inherit' },
      ...(reducedMotion ? { animation: false } : {}),
    },
    title: { style: { color: c.text } },
    subtitle: { style: { color: c.muted } },
    legend: { itemStyle: { color: c.text }, itemHoverStyle: { color: c.muted } },
    tooltip: { backgroundColor: c.tooltip, style: { color: c.text }, borderColor: c.line },
    xAxis: axis,
    yAxis: axis,
    credits: { enabled: false },
    ...still,
  };
}
