import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Mention } from '../api/mentions-api';

/** The keywords a mention matches, as small badges. */
export function KeywordBadges({ keywords }: { keywords: Mention['keywords'] }) {
  const { t } = useTranslation();
  if (keywords.length === 0) return <Text color="fg.muted">{t('mentions.noKeywords')}</Text>;
  return (
    <HStack gap="1" flexWrap="wrap">
      {keywords.map((k) => (
        <Badge key={k.id} variant="outline" title={t(`mentions.classes.${k.class}`)}>
          {k.term}
        </Badge>
      ))}
    </HStack>
  );
}
