import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';
import type { AdvisorRecord } from '../api/advisor-api';
import { type AnswerPart, blocksOf, citedIn, linkable } from '../api/citations';

type Severity = (typeof SEVERITIES)[number];
const isSeverity = (value: string | null | undefined): value is Severity => SEVERITIES.includes(value as Severity);

function Parts({ parts }: { parts: AnswerPart[] }) {
  return parts.map((part) =>
    'record' in part ? (
      // The ref as written, linked to its record; the title says which record it is.
      <Link key={part.at} asChild colorPalette="blue" fontWeight="medium">
        <RouterLink to={part.record.path} title={part.record.title} data-testid="advisor-citation">
          [{part.record.ref}]
        </RouterLink>
      </Link>
    ) : (
      <Fragment key={part.at}>{part.text}</Fragment>
    ),
  );
}

/**
 * An answer drawn as text: paragraphs, quotes as blockquotes, `[ref]` of the message's records as
 * links to them, then the records cited. Whatever the text holds (markup included) stays text.
 */
export function AnswerText({ content, records }: { content: string; records: readonly AdvisorRecord[] }) {
  const { t } = useTranslation();
  const byRef = useMemo(() => linkable(records), [records]);
  const blocks = useMemo(() => blocksOf(content, byRef), [content, byRef]);
  const sources = useMemo(() => citedIn(content, byRef), [content, byRef]);
  return (
    <Stack gap="2" overflowWrap="anywhere">
      {blocks.map((block, b) => {
        const lines = block.lines.map((parts, l) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their place
          <Fragment key={l}>
            {l > 0 ? <br /> : null}
            <Parts parts={parts} />
          </Fragment>
        ));
        return block.quote ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their place
            key={b}
            as="blockquote"
            borderStartWidth="3px"
            borderColor="border.emphasized"
            ps="3"
            color="fg.muted"
            fontStyle="italic"
            data-testid="advisor-quote"
          >
            {lines}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their place
          <Text key={b}>{lines}</Text>
        );
      })}
      {sources.length > 0 ? (
        <Box as="section" aria-label={t('advisor.sources')} data-testid="advisor-sources">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="1">
            {t('advisor.sources')}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {sources.map((record) => (
              <HStack as="li" key={record.ref} gap="2" align="start" fontSize="sm">
                <Text as="span" color="fg.muted" fontFamily="mono" flexShrink={0}>
                  {record.ref}
                </Text>
                <Link asChild colorPalette="blue">
                  <RouterLink to={record.path}>{record.title}</RouterLink>
                </Link>
                {isSeverity(record.severity) ? <SeverityBadge severity={record.severity} /> : null}
              </HStack>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
