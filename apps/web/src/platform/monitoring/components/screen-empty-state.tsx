import { Box, EmptyState, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { AppIcon } from '@/components/ui/icons';
import type { ProtectedScreen } from '@/config/paths';

/**
 * A monitoring screen before its feature issue fills it: title, place in the navigation and an
 * honest empty state saying what it will show and where the data will come from (screens.md).
 */
export function ScreenEmptyState({ screen, title }: { screen: ProtectedScreen; title?: string }) {
  const { t } = useTranslation();
  const screenTitle = title ?? t(`screens.${screen.id}.title`);
  return (
    <>
      <PageHeader title={screenTitle} trail={[t(`nav.groups.${screen.group}`)]} />
      <Box borderWidth="1px" borderColor="border" borderRadius="l3" bg="bg.panel" data-testid="screen-empty-state">
        <EmptyState.Root size="lg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <AppIcon name="inbox" boxSize="10" />
            </EmptyState.Indicator>
            <VStack textAlign="center" gap="3" maxW="2xl">
              <EmptyState.Title as="h2">{t('monitoring.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>
                <Text as="span" fontWeight="semibold" color="fg">
                  {t('monitoring.willShow')}
                </Text>{' '}
                {t(`screens.${screen.id}.what`)}
              </EmptyState.Description>
              <EmptyState.Description>
                <Text as="span" fontWeight="semibold" color="fg">
                  {t('monitoring.dataSource')}
                </Text>{' '}
                {t(`screens.${screen.id}.source`)}
              </EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      </Box>
    </>
  );
}
