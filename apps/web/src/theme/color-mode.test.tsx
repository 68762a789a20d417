import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { getColorMode, initColorMode } from './color-mode';

const root = document.documentElement;

describe('theme', () => {
  it('starts light when nothing is stored', () => {
    expect(initColorMode()).toBe('light');
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('starts dark when local storage says so', () => {
    localStorage.setItem('theme', 'dark');
    expect(initColorMode()).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
  });

  it('toggles, saves the choice and moves the dark class on <html>', async () => {
    initColorMode();
    renderWithProviders(<ThemeToggle />, { i18n: await createTestI18n() });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to the dark theme' }));
    expect(getColorMode()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to the light theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('is applied before the app loads by public/theme-init.js (no flash of the wrong theme)', () => {
    const script = readFileSync(resolve(process.cwd(), 'public/theme-init.js'), 'utf8');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('language', 'de');
    // The preload link is captured, not inserted (happy-dom would fetch it).
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
    new Function(script)();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.backgroundColor).not.toBe('');
    expect(root.lang).toBe('de');
    const preload = append.mock.calls[0]?.[0] as HTMLLinkElement | undefined;
    expect(preload?.getAttribute('href')).toBe('/locales/de.json');
    expect(preload?.rel).toBe('preload');
  });
});
