import { screen, within } from '@testing-library/react';
import type { Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { ReportHistory } from './report-history';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const report = (id: number): Schemas['Report'] => ({
  id,
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  language: 'en',
  status: 'done',
  error: null,
  pages: 6,
  size: 120_000,
  requested_by: 'Ana Analyst',
  scheduled: false,
  created_at: new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString(),
  finished_at: null,
});

// Issue 33: the report history showed up to 100 rows on one page; it pages like every list (25).
describe('ReportHistory', { timeout: 15_000 }, () => {
  it('shows 25 reports a page with the pagination of every list', async () => {
    renderWithListApi(<ReportHistory canDelete={false} />, {
      i18n,
      path: '/report',
      answers: { '/reports': { data: Array.from({ length: 30 }, (_, i) => report(i + 1)) } },
    });
    const table = await screen.findByRole('table', { name: 'Reports of the company, newest first' });
    await within(table).findAllByRole('link', { name: /^Download PDF: the report of / });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
  });
});
