import { Box, Container, Flex, Text } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { env } from '@/config/env';
import { SessionLanguageSelect } from '@/identity/auth';
import { createQueryClient } from '@/lib/query-client';
import { AnalyticsScreen } from '@/platform/analytics';

/** The public threat-landscape page (screens.md): signed in or out, the CVE catalogue's aggregates. */
export function AnalyticsPage() {
  const [client] = useState(createQueryClient);
  return (
    <Box minH="100dvh">
      <SkipLink />
      <Flex as="header" h="16" align="center" px={{ base: '4', md: '6' }} borderBottomWidth="1px" borderColor="border">
        <Link to="/">
          <Text as="span" fontWeight="bold" fontSize="lg">
            {env.productName}
          </Text>
        </Link>
        <Flex ms="auto" align="center" gap="2">
          <SessionLanguageSelect />
          <ThemeToggle />
        </Flex>
      </Flex>
      <Container as="main" id="main" tabIndex={-1} maxW="7xl" py={{ base: '6', md: '10' }} outline="none">
        <QueryClientProvider client={client}>
          <AnalyticsScreen />
        </QueryClientProvider>
      </Container>
    </Box>
  );
}

export { AnalyticsPage as Component };
