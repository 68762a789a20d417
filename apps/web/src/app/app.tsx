import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { navigateToTarget } from './navigation';
import { AppProvider, type AppProviderProps } from './provider';
import { type AppRouter, createAppRouter } from './router';

export interface AppProps {
  i18n: I18n;
  /** The browser router by default; tests pass a memory router over the same route table. */
  router?: AppRouter;
  /** The auth machine with the browser's ports by default; tests pass test ports. */
  authLogic?: AppProviderProps['authLogic'];
}

export function App({ i18n, router: given, authLogic }: AppProps) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProvider
      i18n={i18n}
      onNavigate={(target) => navigateToTarget(router, target)}
      {...(authLogic ? { authLogic } : {})}
    >
      <RouterProvider router={router} />
    </AppProvider>
  );
}
