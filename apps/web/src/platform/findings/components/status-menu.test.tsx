import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { StatusMenu } from './status-menu';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

function choose(item: HTMLElement) {
  fireEvent.click(item);
}
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('StatusMenu', () => {
  it('asks until when before accepting a risk', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <StatusMenu
        current="in_review"
        allowed={['new', 'confirmed', 'false_positive', 'risk_accepted']}
        onChange={onChange}
      />,
      { i18n },
    );
    fireEvent.click(screen.getByRole('button', { name: /Change status/ }));
    const item = await screen.findByRole('menuitem', { name: 'Risk accepted' });
    choose(item);
    expect(onChange).not.toHaveBeenCalled();
    const date = await screen.findByLabelText('Risk accepted until');
    fireEvent.change(date, { target: { value: '2031-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept risk' }));
    expect(onChange).toHaveBeenCalledWith('risk_accepted', '2031-05-01T23:59:59.000Z');
  });

  it('offers only the transitions the workflow allows from the current status', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <StatusMenu current="new" allowed={['in_review', 'confirmed', 'false_positive']} onChange={onChange} />,
      { i18n },
    );
    fireEvent.click(screen.getByRole('button', { name: /Change status/ }));
    await waitFor(() => expect(menuItems()).toEqual(['In review', 'Confirmed', 'False positive']));
    expect(screen.queryByRole('menuitem', { name: 'Resolved' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Risk accepted' })).toBeNull();
    choose(screen.getByRole('menuitem', { name: 'Confirmed' }));
    expect(onChange).toHaveBeenCalledWith('confirmed');
  });

  it('is disabled when the workflow allows nothing else', () => {
    renderWithProviders(<StatusMenu current="false_positive" allowed={[]} onChange={() => undefined} />, { i18n });
    expect(screen.getByRole('button', { name: /Change status/ }).hasAttribute('disabled')).toBe(true);
  });
});
