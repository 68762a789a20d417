import { Heading, Separator, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPreferencesSection, WebhooksSection } from '@/features/alerts';
import { useCompanies } from '@/features/auth';
import { MonitoringQueries } from './monitoring-queries';

// The account settings page composes sections exported by features (issue 15): the two-factor
// section comes from the auth feature, the notification preferences and (for administrators) the
// company's webhooks from the alerts feature; password, sessions and theme join them.
const TwoFactorSettings = lazy(() =>
  import('@/features/auth/two-factor-settings').then((m) => ({ default: m.TwoFactorSettings })),
);

/** The company's webhooks are for its administrators (the server refuses everyone else). */
function useIsAdministrator(): boolean {
  const { clients, currentId } = useCompanies();
  return clients.find((c) => c.idCliente === currentId)?.role === 'administrator';
}

/** `/account-setting`: the signed-in user's own settings. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const administrator = useIsAdministrator();
  return (
    <Stack gap="8" p={{ base: '4', md: '6' }} maxW="4xl">
      <Heading as="h1" size="xl">
        {t('screens.account-settings.title')}
      </Heading>
      <MonitoringQueries>
        <Suspense fallback={null}>
          <TwoFactorSettings />
        </Suspense>
        <Separator />
        <NotificationPreferencesSection />
        {administrator ? (
          <>
            <Separator />
            <WebhooksSection />
          </>
        ) : null}
      </MonitoringQueries>
    </Stack>
  );
}

export { AccountSettingsPage as Component };
