import { Box, chakra, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useFormat } from '@/lib/i18n/format';
import { drillHref, MEASURES, type Measure } from '../api/drill';
import type { Insights, PeriodCounts } from '../api/insights-api';

/** A rise of these is good news (the others are bad news when they rise). */
const GOOD_WHEN_UP: readonly Measure[] = ['resolved'];

interface PeriodCardProps {
  /** The module (undefined: every module, the totals). */
  module?: string | undefined;
  title: string;
  current: PeriodCounts;
  previous: PeriodCounts;
  windows: Pick<Insights, 'current' | 'previous'>;
}

/**
 * One module's (or every module's) figures of the period beside the period before. Each figure,
 * the previous period's too, links to the findings it counts (the list under the cards).
 */
export function PeriodCard({ module, title, current, previous, windows }: PeriodCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const href = (measure: Measure, window: 'current' | 'previous') =>
    drillHref(params, { module, measure, ...windows[window] });
  const mttr = (hours: number | null) =>
    hours === null ? '—' : t('insights.hours', { value: format.number(hours, { maximumFractionDigits: 1 }) });
  return (
    <Box
      as="section"
      aria-label={title}
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg.panel"
      data-testid="period-card"
    >
      <Heading as="h3" size="sm" mb="3">
        {title}
      </Heading>
      <Stack as="dl" gap="2" fontSize="sm">
        {MEASURES.map((measure) => {
          const delta = current[measure] - previous[measure];
          const good = GOOD_WHEN_UP.includes(measure) ? delta > 0 : delta < 0;
          return (
            <Figure key={measure} measure={measure} label={t(`insights.measures.${measure}`)}>
              <Link asChild colorPalette="blue" fontWeight="semibold" fontSize="lg">
                <RouterLink
                  to={href(measure, 'current')}
                  aria-label={t('insights.showList', {
                    count: current[measure],
                    // As shown (1,234), so the accessible name holds the visible text (WCAG 2.5.3).
                    shown: format.number(current[measure]),
                    what: t(`insights.measures.${measure}`),
                    where: title,
                  })}
                >
                  {format.number(current[measure])}
                </RouterLink>
              </Link>
              <Text fontSize="xs" color="fg.muted">
                <Link asChild color="inherit">
                  <RouterLink to={href(measure, 'previous')}>
                    {t('insights.previous', { value: format.number(previous[measure]) })}
                  </RouterLink>
                </Link>
                {delta === 0 ? null : (
                  <Text as="span" color={good ? 'green.fg' : 'red.fg'} fontWeight="semibold">
                    {` · ${delta > 0 ? '+' : '−'}${format.number(Math.abs(delta))}`}
                  </Text>
                )}
              </Text>
            </Figure>
          );
        })}
        <Figure measure="mttr" label={t('insights.mttr')}>
          <Link asChild colorPalette="blue" fontWeight="semibold">
            <RouterLink to={href('resolved', 'current')}>{mttr(current.mttr_hours)}</RouterLink>
          </Link>
          <Text fontSize="xs" color="fg.muted">
            {t('insights.previous', { value: mttr(previous.mttr_hours) })}
          </Text>
        </Figure>
      </Stack>
    </Box>
  );
}

/** One figure of the card: a <div> group of the list's term and its value (figure, then the previous period's). */
function Figure({ measure, label, children }: { measure: string; label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="flex-start" gap="2" data-measure={measure}>
      <chakra.dt color="fg.muted">{label}</chakra.dt>
      <chakra.dd m="0" textAlign="end" display="flex" flexDirection="column" alignItems="flex-end">
        {children}
      </chakra.dd>
    </HStack>
  );
}
