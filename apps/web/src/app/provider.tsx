import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider, type AuthProviderProps } from '@/identity/auth';
import { applyLanguage } from '@/lib/i18n/i18n';
import { isLanguage } from '@/lib/i18n/languages';
import { ModulesProvider } from '@/lib/modules';
import { ThemeProvider } from '@/theme/theme-provider';
import { webModules } from './modules';

export interface AppProviderProps {
  i18n: I18n;
  onNavigate: AuthProviderProps['onNavigate'];
  authLogic?: AuthProviderProps['logic'];
  children: ReactNode;
}

/** Theme, messages, the one auth actor and the registered modules, around the router. */
export function AppProvider({ i18n, onNavigate, authLogic, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <AuthProvider
          onNavigate={onNavigate}
          onLanguage={(language) => {
            if (isLanguage(language) && language !== i18n.language) void applyLanguage(i18n, language);
          }}
          {...(authLogic ? { logic: authLogic } : {})}
        >
          <ModulesProvider modules={webModules}>{children}</ModulesProvider>
        </AuthProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
