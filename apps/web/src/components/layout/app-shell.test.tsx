import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { protectedScreens } from '@/config/paths';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders, setViewportWidth } from '@/testing/render';
import { AppShell } from './app-shell';

let i18n: Awaited<ReturnType<typeof createTestI18n>>;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const shell = <AppShell>content</AppShell>;
const nav = () => {
  const element = document.getElementById('app-sidebar');
  if (!element) throw new Error('no sidebar');
  return element;
};
const toggle = () => screen.getByRole('button', { name: /navigation/ });

describe('AppShell sidebar', () => {
  it('opens the submenu of the current page by itself and marks the page', async () => {
    setViewportWidth(1280);
    renderWithProviders(shell, { i18n, path: '/cvemonitor' });
    const group = await screen.findByRole('button', { name: 'Intelligence' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    const link = within(nav()).getByRole('link', { name: 'CVE monitor' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('closes the open submenu when it is selected again', async () => {
    setViewportWidth(1280);
    renderWithProviders(shell, { i18n, path: '/credentials' });
    const group = await screen.findByRole('button', { name: 'Leaks & exposure' });
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).queryByRole('link', { name: 'Credentials' })).toBeNull();
    fireEvent.click(group);
    expect(within(nav()).getByRole('link', { name: 'Credentials' })).toBeTruthy();
  });

  it('collapses to a rail on desktop and widens while hovered', async () => {
    setViewportWidth(1280);
    renderWithProviders(shell, { i18n, path: '/dashboard' });
    expect(nav().dataset.state).toBe('wide');
    fireEvent.click(toggle());
    expect(nav().dataset.state).toBe('rail');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(nav());
    expect(nav().dataset.state).toBe('wide');
    expect(nav().dataset.hovered).toBe('true');
    fireEvent.mouseLeave(nav());
    expect(nav().dataset.state).toBe('rail');
  });

  it('is an overlay with a backdrop below 768 px', async () => {
    setViewportWidth(375);
    renderWithProviders(shell, { i18n, path: '/dashboard' });
    expect(nav().dataset.mobile).toBe('true');
    expect(nav().dataset.mobileOpen).toBe('false');
    // Closed, the overlay is hidden from assistive technology too.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByTestId('sidebar-backdrop')).toBeNull();
    fireEvent.click(toggle());
    expect(nav().dataset.mobileOpen).toBe('true');
    fireEvent.click(screen.getByTestId('sidebar-backdrop'));
    expect(nav().dataset.mobileOpen).toBe('false');
    fireEvent.click(toggle());
    fireEvent.keyDown(nav(), { key: 'Escape' });
    expect(nav().dataset.mobileOpen).toBe('false');
  });

  it('lists every protected route of the spec in the navigation', async () => {
    setViewportWidth(1280);
    const { router } = renderWithProviders(shell, { i18n, path: '/dashboard' });
    const hrefs = new Set<string>();
    for (const name of [
      'Overview',
      'Leaks & exposure',
      'Attack surface',
      'E-commerce protection',
      'Intelligence',
      'Administration',
    ]) {
      const group = screen.getByRole('button', { name });
      if (group.getAttribute('aria-expanded') !== 'true') fireEvent.click(group);
      for (const link of within(nav()).getAllByRole('link')) hrefs.add(link.getAttribute('href') ?? '');
    }
    expect([...hrefs].sort()).toEqual(protectedScreens.map((s) => s.path).sort());
    await act(() => router.navigate('/Ecommerce'));
    expect(within(nav()).getByRole('link', { name: 'E-commerce' }).getAttribute('aria-current')).toBe('page');
  });
});
