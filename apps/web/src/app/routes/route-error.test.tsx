import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_FLAG } from '@/config/constants';
import { createTestI18n } from '@/testing/i18n';
import { ThemeProvider } from '@/theme/theme-provider';
import { RouteError } from './route-error';

describe('route error boundary', () => {
  it('after the one reload, a screen chunk that still fails shows the error page, not a white screen', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    const i18n = await createTestI18n();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteError,
          lazy: async () => {
            throw new TypeError('Failed to fetch dynamically imported module: /assets/credentials-abc.js');
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home Page' })).toBeTruthy();
  });
});
