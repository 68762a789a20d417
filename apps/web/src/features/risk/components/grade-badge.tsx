import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Grade } from '../api/risk-api';

const gradePalette: Record<Grade, string> = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' };

/** A grade A–F coloured from green to red, or "No data yet" for a factor without data. */
export function GradeBadge({ grade, size = 'md' }: { grade: Grade | null; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  if (grade === null) {
    return (
      <Badge variant="outline" colorPalette="gray" size={size}>
        {t('risk.noData')}
      </Badge>
    );
  }
  return (
    <Badge
      variant="surface"
      colorPalette={gradePalette[grade]}
      size={size}
      aria-label={t('risk.gradeLabel', { grade })}
    >
      {grade}
    </Badge>
  );
}
