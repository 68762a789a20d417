import { chakra } from '@chakra-ui/react';

/**
 * A long value in a list cell (a URL, a hash, a path): one line cut with an ellipsis, the whole value
 * in its tooltip (and in the row's drawer), so it never widens the table (issue 33 item 6).
 */
export function Truncated({ value, maxW = '32ch', mono = false }: { value: string; maxW?: string; mono?: boolean }) {
  return (
    <chakra.span
      display="block"
      maxW={maxW}
      truncate
      title={value}
      {...(mono ? { fontFamily: 'mono', fontSize: 'xs' } : {})}
    >
      {value}
    </chakra.span>
  );
}
