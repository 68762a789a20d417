import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Highcharts from 'highcharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { setColorMode } from '@/theme/color-mode';
import { chartTheme } from './chart-theme';
import { Chart } from './index';

/** An IntersectionObserver that sees its targets in the viewport once `show()` is called. */
function stubViewport() {
  const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    show: () => {
      for (const { callback, targets } of observers) {
        const entries = targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

/**
 * The chart Highcharts drew inside `container` (jsdom has no layout, so its options are what can be
 * read): the last one drawn in it (a chart rebuilt when the language settles replaces the first).
 * Not simply the last one of all: test files share a worker, and another file's chart may come later.
 */
function drawn(container: Element): Highcharts.Chart {
  const chart = Highcharts.charts.findLast((c) => c !== undefined && container.contains(c.container));
  if (!chart) throw new Error('No chart was drawn.');
  return chart;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Chart', () => {
  it('holds its height while its data loads, with the table toggle disabled', async () => {
    const i18n = await createTestI18n();
    const { container } = renderWithProviders(
      <Chart
        description="Open findings by severity"
        options={undefined}
        height={260}
        table={{ columns: [], rows: [] }}
      />,
      { i18n },
    );
    expect(screen.getByRole('button', { name: 'Show the numbers as a table' })).toHaveProperty('disabled', true);
    expect(container.querySelector('.highcharts-container')).toBeNull();
  });

  it('draws only once it comes into view: Highcharts lazily, with its numbers as a table on request', async () => {
    const viewport = stubViewport();
    const i18n = await createTestI18n();
    const { container } = renderWithProviders(
      <Chart
        description="Open findings by severity"
        options={{
          chart: { type: 'column' },
          xAxis: { categories: ['high', 'low'] },
          series: [{ type: 'column', data: [3, 1] }],
        }}
        table={{
          columns: [
            { key: 'severity', label: 'Severity' },
            { key: 'count', label: 'Count', numeric: true },
          ],
          rows: [
            ['high', 1200],
            ['low', 1],
          ],
        }}
      />,
      { i18n },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.highcharts-container')).toBeNull();
    act(() => viewport.show());
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
    // Highcharts draws at the height the box held.
    expect(container.querySelector('.highcharts-root')?.getAttribute('height')).toBe('320');
    fireEvent.click(screen.getByRole('button', { name: 'Show the numbers as a table' }));
    expect(screen.getByRole('table', { name: 'Open findings by severity' })).toBeTruthy();
    expect(screen.getByText('1,200')).toBeTruthy();
  });

  it('gives each of the ten modules of a trend its own colour (the palette never wraps round)', async () => {
    const viewport = stubViewport();
    const i18n = await createTestI18n();
    const modules = Array.from({ length: 10 }, (_, i) => `Module ${i + 1}`);
    const { container } = renderWithProviders(
      <Chart
        description="New findings per day"
        options={{
          chart: { type: 'column' },
          xAxis: { categories: ['2026-12-01', '2026-12-02'] },
          plotOptions: { column: { stacking: 'normal' } },
          series: modules.map((name) => ({ type: 'column', name, data: [1, 2] })),
        }}
      />,
      { i18n },
    );
    act(() => viewport.show());
    // Every series drawn: the chart is rebuilt (a new key) when the test's language settles, so the
    // first container seen may belong to a chart still being made (it failed once in a loaded run).
    // Read in one go: a chart being replaced has lost its series' colours.
    await waitFor(() => {
      const colours = drawn(container).series.map((series) => series.color);
      expect(colours).toHaveLength(10);
      expect(new Set(colours).size).toBe(10);
    });
  });

  it('marks the points of a line with few of them: one snapshot is a dot, not an empty axis', async () => {
    const viewport = stubViewport();
    const i18n = await createTestI18n();
    const { container } = renderWithProviders(
      <Chart
        description="Score, last 90 days"
        options={{
          chart: { type: 'line' },
          xAxis: { categories: ['2026-12-06'] },
          yAxis: { min: 0, max: 100 },
          series: [{ type: 'line', name: 'Score', data: [72.5] }],
        }}
      />,
      { i18n },
    );
    act(() => viewport.show());
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
    const line = drawn(container).series[0]?.options;
    expect(line && 'marker' in line ? line.marker?.enabled : undefined).toBe(true);
  });

  it('follows the theme and the language', () => {
    setColorMode('dark');
    const dark = chartTheme('dark', 'de');
    const light = chartTheme('light', 'de');
    expect(dark.lang?.locale).toBe('de');
    expect(dark.title?.style?.color).not.toBe(light.title?.style?.color);
  });
});
