import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { SERIES_COLORS } from './chart-theme';
import { resetFirstInteraction } from './first-interaction';
import { Chart, type ChartOptions } from './index';
import { axisTicks, staticFrame } from './static-chart';

const trend: ChartOptions = {
  chart: { type: 'column' },
  xAxis: { categories: ['2026-12-01', '2026-12-02', '2026-12-03'] },
  plotOptions: { column: { stacking: 'normal' } },
  series: [
    { type: 'column', name: 'Credentials', data: [3, 0, 7] },
    { type: 'column', name: 'Secrets', data: [1, 2, null] },
  ],
};

const severities: ChartOptions = {
  chart: { type: 'pie' },
  series: [
    {
      type: 'pie',
      name: 'Open',
      innerSize: '55%',
      data: [
        { name: 'Critical', y: 2, color: '#7f1d1d' },
        { name: 'High', y: 6, color: '#dc2626' },
      ],
    },
  ],
};

const vendors: ChartOptions = {
  chart: { type: 'bar' },
  xAxis: { categories: ['apache', 'microsoft', 'linux'] },
  legend: { enabled: false },
  series: [{ type: 'bar', name: 'CVEs', data: [12, 30, 0] }],
};

describe('a chart’s static first frame', () => {
  it('stacks the columns with Highcharts’ axis, colours and stacking order', () => {
    const frame = staticFrame(trend);
    expect(frame?.kind).toBe('column');
    if (frame?.kind !== 'column') return;
    expect(frame.stacked).toBe(true);
    expect(frame.legend).toBe(true);
    expect(frame.categories.map((c) => c.label)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    // The tallest stack is 7 (a null counts 0): round steps of 2 up to 8.
    expect(frame.ticks).toEqual([0, 2, 4, 6, 8]);
    expect(frame.series.map((s) => [s.name, s.color, s.values])).toEqual([
      ['Credentials', SERIES_COLORS[0], [3, 0, 7]],
      ['Secrets', SERIES_COLORS[1], [1, 2, 0]],
    ]);
  });

  it('draws a donut from its points, their colours and the hole’s size', () => {
    const frame = staticFrame(severities);
    expect(frame).toEqual({
      kind: 'pie',
      inner: 0.55,
      slices: [
        { name: 'Critical', key: 'Critical', value: 2, color: '#7f1d1d' },
        { name: 'High', key: 'High', value: 6, color: '#dc2626' },
      ],
    });
  });

  it('lays bars along the category axis, the first category at the top, on round steps', () => {
    expect(staticFrame(vendors)).toEqual({
      kind: 'bar',
      stacked: false,
      legend: false,
      ticks: [0, 10, 20, 30],
      categories: [
        { label: 'apache', key: 'apache' },
        { label: 'microsoft', key: 'microsoft' },
        { label: 'linux', key: 'linux' },
      ],
      series: [{ name: 'CVEs', key: 'CVEs', color: SERIES_COLORS[0], values: [12, 30, 0] }],
    });
  });

  it('is not drawn for charts it cannot draw: lines, heat maps, mixed types', () => {
    expect(staticFrame({ chart: { type: 'line' }, series: [{ type: 'line', data: [1, 2] }] })).toBeUndefined();
    expect(staticFrame({ series: [{ type: 'heatmap', data: [[0, 0, 1]] }] })).toBeUndefined();
    expect(
      staticFrame({
        series: [
          { type: 'column', data: [1] },
          { type: 'line', data: [1] },
        ],
      }),
    ).toBeUndefined();
  });

  it('counts its axis in round whole steps', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});

describe('Chart with a first frame', () => {
  beforeEach(() => {
    resetFirstInteraction();
    // Everything is in view at once (WhenVisible renders when IntersectionObserver is missing).
    vi.stubGlobal('IntersectionObserver', undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs no Highcharts until the page’s first interaction, then Highcharts takes its place', async () => {
    const i18n = await createTestI18n();
    const { container, getByRole } = renderWithProviders(
      <Chart description="New findings per day" options={trend} height={260} firstFrame />,
      { i18n },
    );
    expect(getByRole('img', { name: 'New findings per day' }).dataset.staticChart).toBe('column');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('.highcharts-container')).toBeNull();
    act(() => {
      fireEvent.keyDown(window, { key: 'Tab' });
    });
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
    expect(container.querySelector('[data-static-chart]')).toBeNull();
  });

  it('draws with Highcharts at once on a screen reached inside the app (after a sign-in, a link)', async () => {
    const loaded = [{ name: new URL('/signin', window.location.href).href }] as PerformanceEntryList;
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) => (type === 'navigation' ? loaded : []));
    const i18n = await createTestI18n();
    const { container } = renderWithProviders(
      <Chart description="New findings per day" options={trend} height={260} firstFrame />,
      { i18n },
    );
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
    vi.restoreAllMocks();
  });

  it('draws bars as long as their share of the axis, one row per category in order', async () => {
    const i18n = await createTestI18n();
    const { getByRole } = renderWithProviders(
      <Chart description="Top vendors" options={vendors} height={260} firstFrame />,
      { i18n },
    );
    const frame = getByRole('img', { name: 'Top vendors' });
    expect(frame.dataset.staticChart).toBe('bar');
    expect(frame.textContent).toMatch(/^apache.*microsoft.*linux/);
    const bars = [...frame.querySelectorAll<HTMLElement>('div[style*="background"]')].map((bar) => bar.style.width);
    expect(bars).toEqual(['40%', '100%', '0%']);
  });

  it('hands over to Highcharts when the pointer comes onto the chart', async () => {
    const i18n = await createTestI18n();
    const { container } = renderWithProviders(
      <Chart description="Open findings by severity" options={severities} height={260} firstFrame />,
      { i18n },
    );
    const still = container.querySelector('[data-static-chart="pie"]');
    expect(still).not.toBeNull();
    fireEvent.pointerEnter(still?.parentElement as Element);
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
  });

  it('draws a chart it has no frame for with Highcharts at once', async () => {
    const i18n = await createTestI18n();
    const { container } = renderWithProviders(
      <Chart
        description="Score"
        options={{ chart: { type: 'line' }, series: [{ type: 'line', data: [1, 2, 3] }] }}
        firstFrame
      />,
      { i18n },
    );
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
  });
});
