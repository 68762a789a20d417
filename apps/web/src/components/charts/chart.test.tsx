import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { setColorMode } from '@/theme/color-mode';
import { chartTheme } from './chart-theme';
import { Chart } from './index';

describe('Chart', () => {
  it('renders Highcharts lazily, with its numbers as a table on request', async () => {
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
    await waitFor(() => expect(container.querySelector('.highcharts-container')).not.toBeNull());
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
