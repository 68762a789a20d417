import type { Options } from 'highcharts';
import type { ColorMode } from '@/theme/color-mode';

// Chakra's palette values, so charts match the interface in both themes (SVG attributes cannot
// read CSS variables).
const palette = {
  light: { text: '#18181b', muted: '#52525b', grid: '#e4e4e7', line: '#d4d4d8', tooltip: '#ffffff' },
  dark: { text: '#fafafa', muted: '#a1a1aa', grid: '#27272a', line: '#3f3f46', tooltip: '#18181b' },
} as const;

/** Series colours with 3:1 contrast on both backgrounds (blue, orange, teal, red, purple, green). */
const seriesColors = ['#2563eb', '#ea580c', '#0d9488', '#dc2626', '#9333ea', '#16a34a'];

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
    colors: seriesColors,
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
