import { Heading, Stack, Text } from '@chakra-ui/react';
import { Children, type ReactNode } from 'react';

/** A titled list of a drawer (relations, findings, history): its items, or a sentence when there are none. */
export function ListSection({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {Children.count(children) === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid={testId}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
