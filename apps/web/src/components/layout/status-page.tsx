import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link';

export interface StatusPageProps {
  code?: string;
  title: string;
  description: string;
  /** The link back home; left out on pages that are not an error (blank). */
  homeLabel?: string;
  footer?: ReactNode;
  children?: ReactNode;
}

/** A centred public page: 404/500/503, maintenance, coming soon, blank. */
export function StatusPage({ code, title, description, homeLabel, footer, children }: StatusPageProps) {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Flex as="main" id="main" tabIndex={-1} flex="1" align="center" justify="center" px="6" py="12" outline="none">
        <Box maxW="lg" textAlign="center">
          {code ? (
            <Text fontSize="6xl" fontWeight="bold" lineHeight="1" color="brand.solid" aria-hidden="true">
              {code}
            </Text>
          ) : null}
          <Heading as="h1" size="2xl" mt="4">
            {title}
          </Heading>
          <Text mt="3" color="fg.muted">
            {description}
          </Text>
          {children}
          {homeLabel ? (
            <Button asChild mt="8">
              <Link to="/">{homeLabel}</Link>
            </Button>
          ) : null}
        </Box>
      </Flex>
      {footer ? (
        <Box as="footer" py="4" textAlign="center" fontSize="sm" color="fg.muted">
          {footer}
        </Box>
      ) : null}
    </Flex>
  );
}
