import { screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { RiskFactor, RiskFix } from '../api/risk-api';
import { FactorGrid } from './factor-grid';
import { TopFixes } from './top-fixes';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const factor = (id: RiskFactor['id'], changes: Partial<RiskFactor>): RiskFactor => ({
  id,
  weight: 20,
  measured: false,
  open: 0,
  overdue: 0,
  points: 0,
  score: null,
  grade: null,
  ...changes,
});

describe('FactorGrid', () => {
  it('holds a card for every factor of the contract while the rating loads, so nothing below moves', () => {
    renderWithProviders(<FactorGrid factors={undefined} />, { i18n });
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(8);
    expect(cards.every((card) => card.getAttribute('aria-busy') === 'true')).toBe(true);
    expect(within(cards[0] as HTMLElement).getByRole('heading', { level: 3 }).textContent).toBe(
      i18n.t('risk.factors.patching_cadence'),
    );
  });

  it('shows a measured factor with its grade and figures, and one without data as such', () => {
    renderWithProviders(
      <FactorGrid
        factors={[
          factor('patching_cadence', { measured: true, open: 2, overdue: 1, points: 88, score: 36.2, grade: 'F' }),
          factor('exposed_code', { weight: 10 }),
        ]}
      />,
      { i18n },
    );
    const patching = screen.getByTestId('factor-patching_cadence');
    expect(within(patching).getByRole('heading', { name: 'Patching cadence' })).toBeTruthy();
    expect(within(patching).getByLabelText('Grade F').textContent).toBe('F');
    expect(patching.textContent).toContain('Score 36.2 · 2 open · 88 points · weight 20 · 1 overdue');
    const code = screen.getByTestId('factor-exposed_code');
    expect(code.textContent).toContain('No data yet');
    expect(code.textContent).toContain('does not count in the score');
  });
});

describe('TopFixes', () => {
  const fix: RiskFix = {
    module: 'vulnerabilities',
    kind: 'nuclei',
    factor: 'patching_cadence',
    severity: 'critical',
    overdue: true,
    findings: 3,
    gain: 28.6,
    gain_all: 40,
    finding: { id: 7, title: 'rce on www', link: '/vulnerabilities?open=7' },
  };

  it('promises the gain of the group and of each finding, and links the finding to open', () => {
    renderWithProviders(<TopFixes fixes={[fix]} />, { i18n });
    expect(screen.getByTestId('fix-gain').textContent).toBe('+40.0 points for all 3');
    expect(screen.getByRole('link', { name: 'rce on www' }).getAttribute('href')).toBe('/vulnerabilities?open=7');
    expect(screen.getByTestId('fix').textContent).toContain('Each one resolved: +28.6 points');
  });

  it('promises one finding’s gain when it is alone', () => {
    renderWithProviders(<TopFixes fixes={[{ ...fix, findings: 1, gain_all: 28.6 }]} />, { i18n });
    expect(screen.getByTestId('fix-gain').textContent).toBe('+28.6 points');
    expect(screen.queryByText(/Each one resolved/)).toBeNull();
  });

  it('says when nothing takes points', () => {
    renderWithProviders(<TopFixes fixes={[]} />, { i18n });
    expect(screen.getByText('Nothing to fix: no open finding takes points.')).toBeTruthy();
  });
});
