import { Heading, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MonitoringQueries } from './monitoring-queries';

// The account settings page composes sections exported by features (issue 15): the two-factor
// section comes from the auth feature; password, sessions, theme and notifications join it.
const TwoFactorSettings = lazy(() =>
  import('@/features/auth/two-factor-settings').then((m) => ({ default: m.TwoFactorSettings })),
);

/** `/account-setting`: the signed-in user's own settings. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="8" p={{ base: '4', md: '6' }} maxW="4xl">
      <Heading as="h1" size="xl">
        {t('screens.account-settings.title')}
      </Heading>
      <MonitoringQueries>
        <Suspense fallback={null}>
          <TwoFactorSettings />
        </Suspense>
      </MonitoringQueries>
    </Stack>
  );
}

export { AccountSettingsPage as Component };
