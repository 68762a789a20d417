import { chakra, DataList, Heading, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

export interface Evidence {
  label: string;
  /** Shown as "—" when null, undefined or empty. */
  value: ReactNode;
}

/**
 * The facts of one record in its drawer (a CVE, a device, a leaked credential, a vulnerability):
 * label and value pairs in one layout; long values (URLs, hashes) wrap anywhere.
 */
export function EvidenceList({ items }: { items: Evidence[] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="evidence">
      {items.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue overflowWrap="anywhere" minW="0">
            {value === null || value === undefined || value === '' ? '—' : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * A text kept as the source had it (a request, a response): monospace, never interpreted, and a
 * region of its own that scrolls (focusable, so a keyboard can scroll it).
 */
export function EvidenceText({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm" id={id}>
        {label}
      </Heading>
      <chakra.pre
        tabIndex={0}
        role="region"
        aria-labelledby={id}
        m="0"
        p="2"
        maxH="60"
        overflow="auto"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        fontFamily="mono"
        fontSize="xs"
        bg="bg.subtle"
        borderWidth="1px"
        borderRadius="l2"
      >
        {text}
      </chakra.pre>
    </Stack>
  );
}
