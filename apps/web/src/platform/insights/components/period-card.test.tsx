import { screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { drillOf } from '../api/drill';
import { PeriodCard } from './period-card';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const windows = {
  current: { from: '2026-11-19T08:00:00.000Z', to: '2026-11-26T08:00:00.000Z' },
  previous: { from: '2026-11-12T08:00:00.000Z', to: '2026-11-19T08:00:00.000Z' },
};

describe('PeriodCard', () => {
  it('links every figure, the previous period too, to the list it counts', () => {
    renderWithProviders(
      <PeriodCard
        module="vulnerabilities"
        title="Vulnerabilities"
        current={{ new: 2, resolved: 3, reopened: 0, sla_breaches: 1, mttr_hours: 168 }}
        previous={{ new: 5, resolved: 1, reopened: 0, sla_breaches: 2, mttr_hours: null }}
        windows={windows}
      />,
      { i18n, path: '/insight?period=week' },
    );
    const card = screen.getByRole('region', { name: 'Vulnerabilities' });
    const newLink = within(card).getByRole('link', { name: 'New in Vulnerabilities: 2 findings, show the list' });
    const target = new URLSearchParams(newLink.getAttribute('href')?.split('?')[1]);
    expect(target.get('period')).toBe('week');
    expect(drillOf(target)).toEqual({ module: 'vulnerabilities', measure: 'new', ...windows.current });
    const previous = within(card).getAllByRole('link', { name: /previous period/ });
    expect(previous).toHaveLength(4);
    expect(drillOf(new URLSearchParams(previous[0]?.getAttribute('href')?.split('?')[1]))).toEqual({
      module: 'vulnerabilities',
      measure: 'new',
      ...windows.previous,
    });
    // Fewer new findings than before, more resolved: the changes say so.
    expect(card.textContent).toContain('previous period: 5 · −3');
    expect(card.textContent).toContain('previous period: 1 · +2');
    expect(within(card).getByRole('link', { name: '168 h' })).toBeTruthy();
  });
});
