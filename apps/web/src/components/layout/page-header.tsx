import { Box, chakra, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHeaderProps {
  title: string;
  /** The screen's place in the navigation, shown as a breadcrumb (e.g. the nav group). */
  trail?: string[];
  description?: string;
  actions?: ReactNode;
  /**
   * A small status (the demo badge) at the end of the breadcrumb's line, which holds its height from
   * the first paint: it may arrive later without moving the screen below it (layout shift).
   */
  status?: ReactNode;
}

/** A screen's title (the page's only h1), its place in the navigation, and its actions. */
export function PageHeader({ title, trail = [], description, actions, status }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box as="header" mb="6" display="flex" gap="4" flexWrap="wrap" alignItems="flex-end">
      {/* A basis wider than half a phone: on a narrow screen the actions wrap below the title
          instead of squeezing it until its words break; a word longer than a line is hyphenated
          in the page's language (<html lang>). */}
      <Box flex="1 1 20rem" minW="0" hyphens="auto">
        {trail.length > 0 || status ? (
          // A badge's height (24 px), whether the status is there yet or not.
          <Box display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="2" minH="6">
            {trail.length > 0 ? (
              <nav aria-label={t('nav.breadcrumb')}>
                <chakra.ol display="flex" gap="2" listStyleType="none" m="0" p="0" fontSize="sm" color="fg.muted">
                  {trail.map((crumb) => (
                    <chakra.li key={crumb} _after={{ content: '"/"', ms: '2' }}>
                      {crumb}
                    </chakra.li>
                  ))}
                  <chakra.li aria-current="page" color="fg">
                    {title}
                  </chakra.li>
                </chakra.ol>
              </nav>
            ) : null}
            {status}
          </Box>
        ) : null}
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mt="1">
          {title}
        </Heading>
        {description ? (
          <Text mt="1" color="fg.muted">
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? (
        // The screen's row of actions wraps too when a language's labels are wider than a phone.
        <Box maxW="full" css={{ '& > *': { flexWrap: 'wrap' } }}>
          {actions}
        </Box>
      ) : null}
    </Box>
  );
}
