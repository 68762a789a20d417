// The series palette: every colour readable on the light and the dark panel (WCAG 1.4.11, 3:1 for
// graphics), every two told apart (OKLab distance), and enough of them for a chart of every module.
import { describe, expect, it } from 'vitest';
import { CHART_BACKGROUNDS, SERIES_COLORS } from './chart-theme';

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function luminance(hex: string) {
  const [r = 0, g = 0, b = 0] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** OKLab (Björn Ottosson): Euclidean distance there follows perceived difference. */
function oklab(hex: string) {
  const [r = 0, g = 0, b = 0] = channels(hex).map(linear);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/**
 * How far apart two colours are in hue and chroma (OKLab's a-b plane), lightness left out: two
 * shades of one hue (blue-600 and blue-500) differ almost only in lightness, which a thin line on a
 * chart does not show.
 */
function distance(a: string, b: string) {
  const [, aa = 0, ab = 0] = oklab(a);
  const [, ba = 0, bb = 0] = oklab(b);
  return Math.hypot(aa - ba, ab - bb);
}

describe('series colours', () => {
  it('has a colour for every module of the dashboard trend (ten) before it would repeat one', () => {
    expect(SERIES_COLORS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(SERIES_COLORS.map((c) => c.toLowerCase())).size).toBe(SERIES_COLORS.length);
  });

  it('reads at 3:1 or more on the light and the dark panel', () => {
    for (const background of [...CHART_BACKGROUNDS.light, ...CHART_BACKGROUNDS.dark])
      for (const colour of SERIES_COLORS)
        expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(3);
  });

  it('keeps every two colours apart (no two blues, no two oranges)', () => {
    for (const [i, a] of SERIES_COLORS.entries())
      for (const b of SERIES_COLORS.slice(i + 1)) expect(distance(a, b), `${a} vs ${b}`).toBeGreaterThanOrEqual(0.05);
    // The measure finds the repeats the legend had: two blues, two oranges, two teals.
    expect(distance('#2563eb', '#3b82f6')).toBeLessThan(0.05);
    expect(distance('#ea580c', '#f97316')).toBeLessThan(0.05);
    expect(distance('#0d9488', '#14b8a6')).toBeLessThan(0.05);
  });
});
