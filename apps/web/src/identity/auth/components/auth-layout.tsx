import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { env } from '@/config/env';
import { SessionLanguageSelect } from './session-language-select';

/** The frame of every sign-in screen: product name, language and theme, one card with an h1. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <SkipLink />
      <Flex as="header" h="16" align="center" px={{ base: '4', md: '6' }} gap="2">
        <Link to="/signin">
          <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="tight">
            {env.productName}
          </Text>
        </Link>
        <Flex ms="auto" align="center" gap="2">
          <SessionLanguageSelect />
          <ThemeToggle />
        </Flex>
      </Flex>
      <Flex
        as="main"
        id="main"
        tabIndex={-1}
        flex="1"
        justify="center"
        align="flex-start"
        px="4"
        pb="12"
        outline="none"
      >
        <Box
          w="full"
          maxW="md"
          mt={{ base: '4', md: '12' }}
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          borderRadius="l3"
          boxShadow="sm"
          p={{ base: '6', md: '8' }}
        >
          <Text fontSize="sm" color="fg.muted">
            {t('auth.brandTagline')}
          </Text>
          <Heading as="h1" size="xl" mt="1">
            {title}
          </Heading>
          {description ? (
            <Text mt="2" color="fg.muted">
              {description}
            </Text>
          ) : null}
          <Box mt="6">{children}</Box>
        </Box>
      </Flex>
    </Flex>
  );
}
