// What a screen's providers are: for each one it uses, "not configured: set …" (its imported
// results still show) or that the local demo provider answers (recorded answers); nothing when the
// deployment has it for real.
import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ProviderId, useProviders } from '@/lib/providers-api';

export function ProviderNotice({ providers }: { providers: ProviderId[] }) {
  const { t } = useTranslation();
  const status = useProviders();
  const shown = (status.data ?? []).filter((p) => providers.includes(p.id) && (!p.configured || p.demo));
  if (shown.length === 0) return null;
  return (
    <Stack gap="2" mb="3" data-testid="provider-notice">
      {shown.map((p) => {
        const name = t(`providers.names.${p.id}`);
        return p.configured ? (
          <Alert.Root key={p.id} status="info" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('providers.demo', { name })}</Alert.Title>
          </Alert.Root>
        ) : (
          <Alert.Root key={p.id} status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('providers.notConfigured', { name })}</Alert.Title>
              <Alert.Description>{t('providers.setSettings', { settings: p.settings.join(', ') })}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        );
      })}
    </Stack>
  );
}
