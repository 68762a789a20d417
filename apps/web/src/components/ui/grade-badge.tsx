import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

const gradePalette: Record<Grade, string> = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' };

/**
 * A security rating's grade (A best, F worst), coloured from green to red; the surface variant keeps
 * WCAG AA contrast in both themes. Its accessible name says what it is ("Grade B"). Null: "No data
 * yet" (a factor, a supplier without findings to rate).
 */
export function GradeBadge({ grade, size = 'md' }: { grade: Grade | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  if (grade === null) {
    return (
      <Badge variant="outline" colorPalette="gray" size={size}>
        {t('rating.noData')}
      </Badge>
    );
  }
  return (
    <Badge
      colorPalette={gradePalette[grade]}
      variant="surface"
      size={size}
      fontWeight="bold"
      aria-label={t('rating.grade', { grade })}
    >
      {grade}
    </Badge>
  );
}

/** The change of a score over a period: ▲ up (better), ▼ down (worse), or steady. */
export function ScoreTrend({ change }: { change: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (change === null)
    return (
      <Text as="span" color="fg.muted">
        {t('rating.noTrend')}
      </Text>
    );
  const value = format.number(Math.abs(change), { maximumFractionDigits: 1 });
  if (change > 0)
    return (
      <Text as="span" color="green.fg" aria-label={t('rating.up', { value })}>
        {`▲ ${value}`}
      </Text>
    );
  if (change < 0)
    return (
      <Text as="span" color="red.fg" aria-label={t('rating.down', { value })}>
        {`▼ ${value}`}
      </Text>
    );
  return (
    <Text as="span" color="fg.muted">
      {t('rating.steady')}
    </Text>
  );
}

/** Grade, score and 30-day trend in one line (a supplier's rating, a company's). */
export function RatingSummary({ grade, score, change }: { grade: Grade; score: number; change: number | null }) {
  const format = useFormat();
  return (
    <HStack gap="2">
      <GradeBadge grade={grade} size="sm" />
      <Text as="span">{format.number(score, { maximumFractionDigits: 1 })}</Text>
      <ScoreTrend change={change} />
    </HStack>
  );
}
