import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** `/account-setting`: the page title, then the sections the page composes (from several features). */
export function AccountSettingsScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="xl">
        {t('account.settings.title')}
      </Heading>
      {children}
    </Stack>
  );
}
