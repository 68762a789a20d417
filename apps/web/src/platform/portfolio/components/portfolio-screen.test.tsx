import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { webModules } from '@/app/modules';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { ModulesProvider } from '@/lib/modules';
import { createTestI18n } from '@/testing/i18n';
import type { Portfolio, PortfolioCompany } from '../api/portfolio-api';
import { PortfolioScreen } from './portfolio-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const none = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
const company = (over: Partial<PortfolioCompany>): PortfolioCompany => ({
  id: 1,
  name: 'Acme Retail',
  role: 'analyst',
  current: true,
  score: 61.3,
  grade: 'C',
  change: -4.5,
  open: 0,
  open_by_severity: none,
  open_by_module: [],
  trend: [],
  ...over,
});
const portfolio: Portfolio = {
  days: 30,
  modules: ['credentials', 'vulnerabilities'],
  generated_at: '2026-12-01T10:00:00.000Z',
  companies: [
    company({
      open: 7,
      open_by_severity: { ...none, critical: 2, high: 5 },
      open_by_module: [
        { module: 'credentials', count: 5 },
        { module: 'vulnerabilities', count: 2 },
      ],
      trend: [{ day: '2026-12-01', score: 61.3, grade: 'C' }],
    }),
    company({
      id: 2,
      name: 'Globex Bank',
      role: 'viewer',
      current: false,
      score: 88,
      grade: 'B',
      change: null,
      open: 1,
      open_by_severity: { ...none, low: 1 },
      open_by_module: [
        { module: 'credentials', count: 0 },
        { module: 'vulnerabilities', count: 1 },
      ],
    }),
  ],
};

function renderScreen(path: string, answer: Portfolio = portfolio) {
  const openCompany = vi.fn();
  const rendered = renderWithListApi(
    <ModulesProvider modules={webModules}>
      <PortfolioScreen openCompany={openCompany} />
    </ModulesProvider>,
    { i18n, path, answers: { '/portfolio': { data: answer } } },
  );
  return { ...rendered, openCompany };
}

describe('Global Vision', { timeout: 15_000 }, () => {
  it('shows each company with its role, grade, score, 30-day change and open findings by severity', async () => {
    const { expectRequest } = renderScreen('/globalcorporate');
    await expectRequest('/portfolio', { days: '30' });
    const acme = await screen.findByRole('row', { name: /Acme Retail/ });
    expect(within(acme).getByText('current')).toBeTruthy();
    expect(within(acme).getByText('Analyst')).toBeTruthy();
    expect(within(acme).getByLabelText('Grade C').textContent).toBe('C');
    expect(within(acme).getByLabelText('down 4.5 points in 30 days')).toBeTruthy();
    expect(acme.textContent).toContain('61.3');
    expect(acme.textContent).toMatch(/Critical\s*2/);
    const globex = screen.getByRole('row', { name: /Globex Bank/ });
    expect(within(globex).getByText('Viewer')).toBeTruthy();
    expect(within(globex).getByText('not enough history yet')).toBeTruthy();
  });

  it('sorts the companies in the URL’s order and asks the chosen period', async () => {
    const { expectRequest } = renderScreen('/globalcorporate?sort=-score');
    const rows = await screen.findAllByRole('row', { name: /Acme Retail|Globex Bank/ });
    expect(rows.map((r) => within(r).getAllByRole('button')[0]?.textContent)).toEqual(['Globex Bank', 'Acme Retail']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Trend period' }), { target: { value: '90' } });
    await expectRequest('/portfolio', { days: '90' });
  });

  it("opens a company's dashboard, or a module's open findings, through the company switch", async () => {
    const { openCompany } = renderScreen('/globalcorporate');
    fireEvent.click(await screen.findByRole('button', { name: 'Open the dashboard of Globex Bank' }));
    expect(openCompany).toHaveBeenCalledWith(2, '/dashboard');
    // The module columns (hidden at first) hold the heat map's numbers as links.
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vulnerabilities' }));
    const cell = await screen.findByRole('button', {
      name: '1 open finding of Vulnerabilities at Globex Bank: open the list',
    });
    fireEvent.click(cell);
    expect(openCompany).toHaveBeenLastCalledWith(2, '/vulnerabilities?status=new&status=in_review&status=confirmed');
  });

  it("gives the heat map's numbers as a table: company × module", async () => {
    renderScreen('/globalcorporate');
    const heatMap = await screen.findByTestId('heat-map');
    const toggle = within(heatMap).getByRole('button', { name: 'Show the numbers as a table' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    const table = within(heatMap).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Company', 'Credentials', 'Vulnerabilities']);
    expect(within(table).getByRole('row', { name: /Acme Retail/ }).textContent).toBe('Acme Retail52');
  });

  it('says how companies appear when the user has none', async () => {
    renderScreen('/globalcorporate', { ...portfolio, companies: [] });
    expect(await screen.findByText('No company yet')).toBeTruthy();
    expect(screen.queryByTestId('heat-map')).toBeNull();
  });
});
