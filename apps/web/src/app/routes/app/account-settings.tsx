import { lazy, Suspense } from 'react';
import { AccountSettingsScreen, AppearanceSection, PasswordSection, SessionsSection } from '@/identity/account';
import { ApiTokensSection } from '@/identity/api-tokens';
import { useCompanies } from '@/identity/auth';
import { SessionLanguageSelect } from '@/identity/auth/header';
import { AlertChannelsSection, NotificationPreferencesSection, WebhooksSection } from '@/platform/alerts';
import { MonitoringQueries } from './monitoring-queries';

// The two-factor section comes with its own chunk (QR drawing), from the auth feature.
const TwoFactorSettings = lazy(() =>
  import('@/identity/auth/two-factor-settings').then((m) => ({ default: m.TwoFactorSettings })),
);

/** The company's webhooks are for its administrators (the server refuses everyone else). */
function useIsAdministrator(): boolean {
  const { clients, currentId } = useCompanies();
  return clients.find((c) => c.idCliente === currentId)?.role === 'administrator';
}

/**
 * `/account-setting`: one section per concern, each exported by the feature that owns it
 * (password, sessions, theme and language from identity/account; two-factor from identity/auth;
 * the member's API tokens from identity/api-tokens;
 * notification rules and the company's webhooks from platform/alerts).
 */
export function AccountSettingsPage() {
  const administrator = useIsAdministrator();
  return (
    <MonitoringQueries>
      <AccountSettingsScreen>
        <PasswordSection />
        <Suspense fallback={null}>
          <TwoFactorSettings />
        </Suspense>
        <SessionsSection />
        <ApiTokensSection owner="me" />
        <AppearanceSection languageControl={<SessionLanguageSelect />} />
        <NotificationPreferencesSection webhooks={administrator} />
        {administrator ? <WebhooksSection /> : null}
        {administrator ? <AlertChannelsSection /> : null}
      </AccountSettingsScreen>
    </MonitoringQueries>
  );
}

export { AccountSettingsPage as Component };
