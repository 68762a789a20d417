import { Mark } from '@chakra-ui/react';
import { Fragment } from 'react';

/** A part of `text` to mark, as UTF-16 offsets (the server's shared/text-match.ts ranges). */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Text with its matched words marked. The text stays text: React escapes it, so a record holding
 * markup shows the markup instead of running it; ranges out of order or out of bounds are skipped.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start < at || range.end <= range.start || range.end > text.length) continue;
    if (range.start > at) parts.push({ text: text.slice(at, range.start), marked: false });
    parts.push({ text: text.slice(range.start, range.end), marked: true });
    at = range.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Mark key={index} variant="solid" bg="yellow.subtle" color="fg" px="0.5" borderRadius="l1">
            {part.text}
          </Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
