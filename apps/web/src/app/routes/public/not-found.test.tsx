import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { NotFoundPage } from './not-found';

describe('not-found page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says it can't find the page, links home, and refreshes the footer year every 60 s", async () => {
    const i18n = await createTestI18n();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
    renderWithProviders(<NotFoundPage />, { i18n });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText("We can't seem to find the page you are looking for!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home Page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('contentinfo').textContent).toContain('2026');
    // A page left open into the next year: the footer follows within a minute.
    vi.setSystemTime(new Date('2027-06-15T12:00:00Z'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('contentinfo').textContent).toContain('2027');
  });
});
