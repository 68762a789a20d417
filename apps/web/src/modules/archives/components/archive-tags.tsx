// The tags of an archived URL (backup, config, env…), shown by the table and the detail alike.
import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArchiveTag } from '../api/archives-api';

export function TagBadges({ tags }: { tags: readonly ArchiveTag[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return <>—</>;
  return (
    <HStack gap="1" flexWrap="wrap">
      {tags.map((tag) => (
        <Badge
          key={tag}
          size="sm"
          variant="surface"
          colorPalette={tag === 'document' || tag === 'api' ? 'gray' : 'orange'}
        >
          {t(`archives.tagNames.${tag}`)}
        </Badge>
      ))}
    </HStack>
  );
}
