import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webModules } from '@/app/modules';
import { ModulesProvider } from '@/lib/modules';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { DashboardData } from '../api/dashboard-api';
import { KpiStrip } from './kpi-strip';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.useRealTimers();
});

const data: DashboardData = {
  open_by_severity: { critical: 3, high: 5, medium: 0, low: 1, info: 0 },
  open_by_module: [
    { module: 'credentials', count: 1 },
    { module: 'cves', count: 3 },
    { module: 'vulnerabilities', count: 5 },
  ],
  kpis: [
    { module: 'credentials', id: 'leaked_30d', value: 12 },
    { module: 'cves', id: 'watched', value: 4 },
    { module: 'vulnerabilities', id: 'overdue_sla', value: 2 },
  ],
  trend: { days: [], series: [] },
  generated_at: '2026-12-25T10:00:00.000Z',
};

describe('KpiStrip', () => {
  it('makes each card one link, named by its count, to its list filtered the way the table reads it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-25T10:00:00.000Z'));
    renderWithProviders(
      <ModulesProvider modules={webModules}>
        <KpiStrip data={data} />
      </ModulesProvider>,
      { i18n, path: '/dashboard' },
    );
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    // The name is what the card shows (its count, and the open findings by severity) and where it goes.
    expect(href('Open findings 9 Critical 3 High 5 Low 1 Show in Vulnerabilities')).toBe(
      '/vulnerabilities?status=new&status=in_review&status=confirmed',
    );
    // The last 30 days are today and the 29 days before it (the dashboard's count).
    expect(href('Leaked credentials (30 days) 12 Show in Credentials')).toBe('/credentials?from=2026-11-26');
    expect(href('CVEs on your watch list 4 Show in CVE monitor')).toBe(
      '/cvemonitor?status=new&status=in_review&status=confirmed',
    );
    expect(href('Overdue SLAs 2 Show in Vulnerabilities')).toBe('/vulnerabilities?overdue=true');
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });
});
