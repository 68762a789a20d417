import { Box, chakra, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
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
      <chakra.dl display="grid" gridTemplateColumns="1fr auto" columnGap="3" rowGap="1" fontSize="sm">
        {MEASURES.map((measure) => {
          const delta = current[measure] - previous[measure];
          const good = GOOD_WHEN_UP.includes(measure) ? delta > 0 : delta < 0;
          return (
            <Stack key={measure} gap="0" gridColumn="1 / -1" data-measure={measure}>
              <HStack justify="space-between" gap="2">
                <chakra.dt color="fg.muted">{t(`insights.measures.${measure}`)}</chakra.dt>
                <chakra.dd m="0" fontWeight="semibold" fontSize="lg">
                  <Link asChild colorPalette="blue">
                    <RouterLink
                      to={href(measure, 'current')}
                      aria-label={t('insights.showList', {
                        count: current[measure],
                        what: t(`insights.measures.${measure}`),
                        where: title,
                      })}
                    >
                      {format.number(current[measure])}
                    </RouterLink>
                  </Link>
                </chakra.dd>
              </HStack>
              <Text fontSize="xs" color={delta === 0 ? 'fg.muted' : good ? 'green.fg' : 'red.fg'} textAlign="end">
                <Link asChild color="inherit">
                  <RouterLink to={href(measure, 'previous')}>
                    {t('insights.previous', { value: format.number(previous[measure]) })}
                  </RouterLink>
                </Link>
                {delta === 0 ? '' : ` · ${delta > 0 ? '+' : '−'}${format.number(Math.abs(delta))}`}
              </Text>
            </Stack>
          );
        })}
        <chakra.dt color="fg.muted">{t('insights.mttr')}</chakra.dt>
        <chakra.dd m="0" fontWeight="semibold" textAlign="end">
          <Link asChild colorPalette="blue">
            <RouterLink to={href('resolved', 'current')}>{mttr(current.mttr_hours)}</RouterLink>
          </Link>
          <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
            {t('insights.previous', { value: mttr(previous.mttr_hours) })}
          </Text>
        </chakra.dd>
      </chakra.dl>
    </Box>
  );
}
