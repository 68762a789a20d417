import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FindingSlots } from '@/components/data-table';

/** Being built (issue 18). */
export function SecretsScreen(_: { slots: FindingSlots }) {
  const { t } = useTranslation();
  return <Text>{t('secrets.moduleName')}</Text>;
}
