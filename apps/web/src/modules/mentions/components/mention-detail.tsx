import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EvidenceList } from '@/components/data-table';
import { HighlightedText, type TextRange } from '@/components/ui/highlighted-text';
import { useFormat } from '@/lib/i18n/format';
import { type MentionDetail as Detail, useMention } from '../api/mentions-api';
import { KeywordBadges } from './keyword-badges';

/** Every keyword's ranges in one list, sorted (HighlightedText skips overlaps). */
function rangesOf(matches: Detail['matches'], key: 'title_ranges' | 'text_ranges'): TextRange[] {
  return matches.flatMap((m) => m[key]).sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * One mention: where and when it was posted, by whom, the keywords it matches, and its title and
 * text with those keywords marked. The text stays text (markup in a post shows as written) and its
 * URL is shown, never offered as a link: these are criminal sites.
 */
export function MentionDetail({ id, triage }: { id: number; triage: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const mention = useMention(id);
  if (mention.isPending) return <Skeleton height="32" />;
  if (!mention.data) return <>{triage}</>;
  const { data: m, text, matches } = mention.data;
  return (
    <Stack gap="5">
      <EvidenceList
        items={[
          { label: t('mentions.sourceType'), value: t(`mentions.sourceTypes.${m.source_type}`) },
          { label: t('mentions.source'), value: m.source_name },
          { label: t('mentions.actor'), value: m.actor },
          { label: t('mentions.postedAt'), value: format.date(m.posted_at) },
          { label: t('mentions.url'), value: m.url },
          { label: t('mentions.archiveRef'), value: m.archive_ref },
          { label: t('mentions.keywords'), value: <KeywordBadges keywords={m.keywords} /> },
        ]}
      />
      <Stack gap="2" as="section" aria-labelledby="mention-text" data-testid="mention-text">
        <Heading as="h3" size="sm" id="mention-text">
          {m.mention_title ? (
            <HighlightedText text={m.mention_title} ranges={rangesOf(matches, 'title_ranges')} />
          ) : (
            t('mentions.text')
          )}
        </Heading>
        <Box borderWidth="1px" borderRadius="md" p="3" maxH="24rem" overflowY="auto">
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize="sm">
            <HighlightedText text={text} ranges={rangesOf(matches, 'text_ranges')} />
          </Text>
        </Box>
      </Stack>
      {triage}
    </Stack>
  );
}
