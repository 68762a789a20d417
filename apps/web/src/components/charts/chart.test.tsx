import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('follows the theme and the language', () => {
    setColorMode('dark');
    const dark = chartTheme('dark', 'de');
    const light = chartTheme('light', 'de');
    expect(dark.lang?.locale).toBe('de');
    expect(dark.title?.style?.color).not.toBe(light.title?.style?.color);
  });
});
