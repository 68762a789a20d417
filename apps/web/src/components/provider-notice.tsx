// What a screen's providers are: for each one it uses, "not configured: set …" (its imported
// results still show) or that the local demo provider answers (recorded answers); then the
// company's usage today of those configured.
import { Alert, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import { type ProviderId, useProviders } from '@/lib/providers-api';

export function ProviderNotice({ providers }: { providers: ProviderId[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useProviders();
  const used = (status.data ?? []).filter((p) => providers.includes(p.id));
  const shown = used.filter((p) => !p.configured || p.demo);
  const counted = used.filter((p) => p.configured);
  if (used.length === 0) return null;
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
      {counted.map((p) => (
        <Text key={p.id} fontSize="sm" color="fg.muted">
          {t('providers.usage', {
            name: t(`providers.names.${p.id}`),
            requests: format.number(p.usage.requests),
            results: format.number(p.usage.results),
            throttled: format.number(p.usage.throttled),
            failures: format.number(p.usage.failures),
          })}
        </Text>
      ))}
    </Stack>
  );
}
