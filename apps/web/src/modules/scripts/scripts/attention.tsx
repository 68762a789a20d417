import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * What a highlighted row of a Script Manager table means: the row's colour (the table's `danger`
 * tone) beside the words, so the colour is never the only sign (WCAG 1.4.1).
 */
export function AttentionLegend({ meaning, testId }: { meaning: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" mb="2" fontSize="sm" align="start" data-testid={testId}>
      <Box
        flexShrink={0}
        boxSize="4"
        mt="0.5"
        borderRadius="l1"
        borderWidth="1px"
        borderColor="red.muted"
        bg="red.subtle"
        aria-hidden="true"
      />
      <Text>
        <Text as="span" fontWeight="semibold">
          {t('scripts.manager.attention.legend')}
        </Text>{' '}
        {meaning}
      </Text>
    </HStack>
  );
}

/** The mark each highlighted row carries, in words: "⚠ Needs review". */
export function AttentionBadge() {
  const { t } = useTranslation();
  return (
    <Badge colorPalette="red" variant="outline" size="sm" data-testid="attention">
      <span aria-hidden="true">⚠</span>
      {t('scripts.manager.attention.badge')}
    </Badge>
  );
}
