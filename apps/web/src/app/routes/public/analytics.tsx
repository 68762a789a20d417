import { Box, Container, EmptyState, Flex, Heading, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppIcon } from '@/components/ui/icons';
import { SkipLink } from '@/components/ui/skip-link';
import { env } from '@/config/env';
// EmptyState's recipe is one of the signed-in screens' (kept off /signin).
import '@/theme/app-recipes';

/** The public threat-landscape page (screens.md): an honest empty state until its feature issue. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <Box minH="100dvh">
      <SkipLink />
      <Flex as="header" h="16" align="center" px="6" borderBottomWidth="1px" borderColor="border">
        <Link to="/">
          <Text as="span" fontWeight="bold" fontSize="lg">
            {env.productName}
          </Text>
        </Link>
      </Flex>
      <Container as="main" id="main" tabIndex={-1} maxW="4xl" py="10" outline="none">
        <Heading as="h1" size="2xl">
          {t('screens.analytics.title')}
        </Heading>
        <Box mt="6" borderWidth="1px" borderColor="border" borderRadius="l3" data-testid="screen-empty-state">
          <EmptyState.Root size="lg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <AppIcon name="inbox" boxSize="10" />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="3">
                <EmptyState.Title as="h2">{t('monitoring.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>
                  <Text as="span" fontWeight="semibold" color="fg">
                    {t('monitoring.willShow')}
                  </Text>{' '}
                  {t('screens.analytics.what')}
                </EmptyState.Description>
                <EmptyState.Description>
                  <Text as="span" fontWeight="semibold" color="fg">
                    {t('monitoring.dataSource')}
                  </Text>{' '}
                  {t('screens.analytics.source')}
                </EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        </Box>
      </Container>
    </Box>
  );
}

export { AnalyticsPage as Component };
