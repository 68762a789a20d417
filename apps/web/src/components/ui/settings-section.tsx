import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled card of a settings page (account settings, the company's user list). */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={`${id}-title`} size="md" mb={description ? '1' : '4'}>
        {title}
      </Heading>
      {description ? (
        <Text color="fg.muted" textStyle="sm" mb="4">
          {description}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}

/** A polite status line (saved, failed) read by screen readers when it changes. */
export function StatusLine({ tone, children }: { tone: 'ok' | 'error'; children: ReactNode }) {
  return (
    <Text
      role={tone === 'error' ? 'alert' : 'status'}
      textStyle="sm"
      color={tone === 'error' ? 'fg.error' : 'fg.success'}
    >
      {children}
    </Text>
  );
}
