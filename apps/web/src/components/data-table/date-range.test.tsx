import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { FilterBar } from './filter-bar';
import type { FilterDef } from './types';
import { useTableState } from './use-table-state';

const filters: FilterDef[] = [{ id: 'period', kind: 'date-range', label: 'Period' }];

function PeriodFilter() {
  return <FilterBar filters={filters} state={useTableState(filters)} />;
}

async function renderIn(language: Language, path = '/list') {
  const i18n = await createTestI18n(language);
  const rendered = renderWithProviders(<PeriodFilter />, { i18n, path });
  const search = () => new URLSearchParams(rendered.router.state.location.search);
  return { ...rendered, search };
}

// The native date input shows the browser's format (mm/dd/yyyy here), not the app's language.
describe('the period filter in the interface language', { timeout: 15_000 }, () => {
  it('pt-br: shows dd/mm/aaaa, and 25/12/2026 typed is 2026-12-25', async () => {
    const { search } = await renderIn('pt-br');
    const from = screen.getByRole('textbox', { name: 'De' });
    expect(from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    expect(from.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(from.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Formato: dd/mm/aaaa',
    );
    await userEvent.type(from, '25/12/2026');
    await waitFor(() => expect(search().get('from')).toBe('2026-12-25'));
    expect((from as HTMLInputElement).value).toBe('25/12/2026');
  });

  it('de: shows TT.MM.JJJJ and the URL’s date in that order; 25.12.2026 typed is 2026-12-25', async () => {
    const { search } = await renderIn('de', '/list?to=2026-11-05');
    const from = screen.getByRole('textbox', { name: 'Von' });
    const to = screen.getByRole<HTMLInputElement>('textbox', { name: 'Bis' });
    expect(from.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    expect(to.value).toBe('05.11.2026');
    await userEvent.type(from, '25.12.2026');
    await waitFor(() => expect(search().get('from')).toBe('2026-12-25'));
  });

  it('en: shows mm/dd/yyyy; a year outside 1900–2999 or an unreal date is marked and never sent', async () => {
    const { search } = await renderIn('en');
    const from = screen.getByRole<HTMLInputElement>('textbox', { name: 'From' });
    expect(from.getAttribute('placeholder')).toBe('mm/dd/yyyy');
    await userEvent.type(from, '12/25/1850');
    fireEvent.blur(from);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.validity.valid).toBe(false);
    expect(screen.getByText('Enter a date as mm/dd/yyyy, from 1900 to 2999.')).toBeTruthy();
    await userEvent.clear(from);
    await userEvent.type(from, '02/30/2026');
    expect(search().get('from')).toBeNull();
    await userEvent.clear(from);
    await userEvent.type(from, '12/25/2026');
    await waitFor(() => expect(search().get('from')).toBe('2026-12-25'));
    expect(from.getAttribute('aria-invalid')).toBeNull();
  });
});
