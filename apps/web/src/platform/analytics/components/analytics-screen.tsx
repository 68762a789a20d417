import { Box, Flex, Heading, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useFormat } from '@/lib/i18n/format';
import { type CveLandscape, useCveLandscape } from '../api/landscape-api';
import { LandscapeCharts } from './landscape-charts';

export const PERIODS = [12, 26, 52] as const;
const DEFAULT_WEEKS = 12;

/** `?weeks=` when it is one of the periods offered, else the default (the URL is shareable). */
function weeksOf(value: string | null): number {
  const weeks = Number(value);
  return PERIODS.some((p) => p === weeks) ? weeks : DEFAULT_WEEKS;
}

function Totals({ data }: { data: CveLandscape | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const totals = [
    ['published', data?.totals.published_in_period],
    ['kevAddedInPeriod', data?.totals.kev_added_in_period],
    ['catalogue', data?.totals.cves],
    ['withEpss', data?.totals.with_epss],
  ] as const;
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="5" data-testid="landscape-totals">
      {totals.map(([key, value]) => (
        <Stat.Root key={key} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" data-testid={`total-${key}`}>
          <Stat.Label>{t(`analytics.totals.${key}`)}</Stat.Label>
          {value === undefined ? (
            <Skeleton as="dd" height="9" width="16" />
          ) : (
            <Stat.ValueText fontSize="2xl">{format.number(value)}</Stat.ValueText>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/** Where the numbers come from and how current they are. */
function Freshness({ data }: { data: CveLandscape }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = (iso: string) => format.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const updated = data.freshness.last_updated_at;
  return (
    <Box as="section" aria-labelledby="landscape-sources" mt="6" textStyle="sm" color="fg.muted">
      <Heading as="h2" id="landscape-sources" size="sm" color="fg" mb="1">
        {t('analytics.sources')}
      </Heading>
      <Text data-testid="landscape-updated">
        {updated ? t('analytics.updated', { date: when(updated) }) : t('analytics.empty')}
      </Text>
      <Box as="ul" ps="5" listStyleType="disc">
        {data.freshness.feeds.map(({ feed, last_success_at }) => (
          <li key={feed}>
            {last_success_at
              ? t('analytics.synced', { feed: t(`analytics.feeds.${feed}`), date: when(last_success_at) })
              : t('analytics.neverSynced', { feed: t(`analytics.feeds.${feed}`) })}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The public threat landscape (/analytics): the CVE catalogue's aggregates, never a company's data. */
export function AnalyticsScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useSearchParams();
  const weeks = weeksOf(search.get('weeks'));
  const landscape = useCveLandscape(weeks);
  const data = landscape.data;
  return (
    <>
      <Flex gap="4" wrap="wrap" align="flex-end" mb="2">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} flex="1 1 20rem">
          {t('screens.analytics.title')}
        </Heading>
        <SimpleSelect
          label={t('analytics.period')}
          value={String(weeks)}
          onChange={(event) => setSearch({ weeks: event.currentTarget.value }, { replace: true })}
          data-testid="landscape-period"
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t('analytics.lastWeeks', { count: p })}
            </option>
          ))}
        </SimpleSelect>
      </Flex>
      <Text color="fg.muted" mb="1">
        {t('analytics.intro')}
      </Text>
      <Text color="fg.muted" mb="5" data-testid="landscape-period-text">
        {data
          ? t('analytics.periodText', {
              from: format.date(data.period.from, { dateStyle: 'medium', timeZone: 'UTC' }),
              to: format.date(data.period.to, { dateStyle: 'medium', timeZone: 'UTC' }),
            })
          : '\u00a0'}
      </Text>
      <ErrorAlert message={landscape.isError ? t('analytics.error') : null} />
      <Totals data={data} />
      <LandscapeCharts data={data} />
      {data ? <Freshness data={data} /> : null}
    </>
  );
}
