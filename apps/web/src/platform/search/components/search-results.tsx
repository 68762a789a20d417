// The search's groups as one listbox (WAI-ARIA combobox pattern): a group per kind with its count,
// each hit an option with its highlighted title and snippet, its company and severity. The box that
// owns the keyboard (the /search field, the palette's field) moves `active`; options are clicked too.
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/ui/finding-badges';
import { HighlightedText } from '@/components/ui/highlighted-text';
import { useFormat } from '@/lib/i18n/format';
import type { SearchGroup, SearchHit } from '../api/search-api';

/** The hits in the order the keyboard walks them. */
export function flatHits(groups: readonly SearchGroup[]): SearchHit[] {
  return groups.flatMap((group) => group.hits);
}

export function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

type Severity = Parameters<typeof SeverityBadge>[0]['severity'];
const severities = new Set(['critical', 'high', 'medium', 'low', 'info']);

function HitOption({
  hit,
  id,
  active,
  onOpen,
  onHover,
}: {
  hit: SearchHit;
  id: string;
  active: boolean;
  onOpen: () => void;
  onHover: () => void;
}) {
  const format = useFormat();
  return (
    <Box
      as="li"
      id={id}
      role="option"
      aria-selected={active}
      data-testid="search-hit"
      px="3"
      py="2"
      borderRadius="l2"
      cursor="pointer"
      bg={active ? 'bg.emphasized' : undefined}
      _hover={{ bg: 'bg.muted' }}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onOpen}
      onMouseMove={onHover}
    >
      <HStack justify="space-between" align="start" gap="3">
        <Text fontWeight="medium" wordBreak="break-all" lineClamp={2}>
          <HighlightedText text={hit.title} ranges={hit.title_ranges} />
        </Text>
        {hit.severity && severities.has(hit.severity) ? <SeverityBadge severity={hit.severity as Severity} /> : null}
      </HStack>
      {hit.snippet ? (
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word" lineClamp={2}>
          <HighlightedText text={hit.snippet} ranges={hit.snippet_ranges} />
        </Text>
      ) : null}
      <HStack gap="2" fontSize="xs" color="fg.muted">
        {hit.company ? <Badge variant="outline">{hit.company.name}</Badge> : null}
        {hit.at ? <Text as="span">{format.date(hit.at)}</Text> : null}
      </HStack>
    </Box>
  );
}

export interface SearchResultsProps {
  listId: string;
  groups: readonly SearchGroup[];
  active: number;
  onActive: (index: number) => void;
  onOpen: (hit: SearchHit) => void;
  /** The label of the whole list (for assistive technology). */
  label: string;
}

export function SearchResults({ listId, groups, active, onActive, onOpen, label }: SearchResultsProps) {
  const { t } = useTranslation();
  let index = -1;
  return (
    <Stack as="div" id={listId} role="listbox" aria-label={label} gap="4">
      {groups.map((group) => {
        const headingId = `${listId}-${group.kind}`;
        return (
          <Box key={group.kind} role="group" aria-labelledby={headingId} data-testid={`search-group-${group.kind}`}>
            <HStack id={headingId} gap="2" mb="1" px="3">
              <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
                {/* A module names its own groups (`<module>.searchKinds.<kind>`); the findings group is the platform's. */}
                {group.module
                  ? t(`${group.module}.searchKinds.${group.kind}`, { defaultValue: group.kind })
                  : t(`search.kinds.${group.kind}`, { defaultValue: group.kind })}
              </Text>
              <Badge size="sm" variant="subtle">
                {group.more
                  ? t('search.countMore', { count: group.hits.length })
                  : t('search.count', { count: group.hits.length })}
              </Badge>
            </HStack>
            <Box as="ul" role="presentation" listStyleType="none" m="0" p="0">
              {group.hits.map((hit) => {
                index += 1;
                const mine = index;
                return (
                  <HitOption
                    key={`${group.kind}-${hit.id}`}
                    hit={hit}
                    id={optionId(listId, mine)}
                    active={mine === active}
                    onOpen={() => onOpen(hit)}
                    onHover={() => onActive(mine)}
                  />
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
