import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { navigateToTarget } from './navigation';
import { AppProvider } from './provider';
import { type AppRouter, createAppRouter } from './router';

export function App({ i18n, router: given }: { i18n: I18n; router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProvider i18n={i18n} onNavigate={(target) => navigateToTarget(router, target)}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
