import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A small settings list (a watch list, an allow-list): fixed columns, its caption for screen readers, a line when empty. */
export function SimpleTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  if (rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <Table.ColumnHeader key={i}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a list read once
            <Table.Row key={r}>
              {cells.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Cell key={c}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
