import { Box, Button, ButtonGroup, Heading, SimpleGrid, Skeleton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { useModules } from '@/lib/modules';
import { drillOf, withoutDrill } from '../api/drill';
import { type Insights, type Period, useInsights } from '../api/insights-api';
import { DrillList } from './drill-list';
import { InsightsTrend } from './insights-trend';
import { PeriodCard } from './period-card';
import { TopRisks } from './top-risks';

export interface InsightsScreenProps {
  slots: FindingSlots;
  /** The recommendations: the rating's top fixes, drawn by the risk feature (composed in app/). */
  renderFixes: (fixes: Insights['recommendations'] | undefined) => ReactNode;
}

const PERIODS: readonly Period[] = ['week', 'month'];
/** The cards' space held while the figures load. */
const PLACEHOLDERS = ['all', 'a', 'b', 'c'];

/**
 * `/insight`: what changed this week or month, in total and per module, against the period before;
 * every figure opens the findings it counts. Then the trend, the top risks and the recommendations.
 */
export function InsightsScreen({ slots, renderFixes }: InsightsScreenProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const period: Period = params.get('period') === 'month' ? 'month' : 'week';
  const insights = useInsights(period);
  const data = insights.data;
  const drill = drillOf(params);
  const modules = useModules();
  const hrefOf = (p: Period) => {
    const next = withoutDrill(params);
    next.set('period', p);
    return `?${next.toString()}`;
  };
  // The web registry's order and names; a module the server counts but the web lacks is left out.
  const rows = data?.modules.filter((m) => modules.some((w) => w.id === m.module)) ?? [];
  return (
    <>
      <PageHeader
        title={t('screens.insight.title')}
        trail={[t('nav.groups.overview')]}
        description={t('insights.description')}
        actions={
          <ButtonGroup size="sm" variant="outline" attached aria-label={t('insights.period')}>
            {PERIODS.map((p) => (
              <Button key={p} asChild variant={p === period ? 'solid' : 'outline'}>
                <RouterLink to={hrefOf(p)} aria-current={p === period ? 'page' : undefined}>
                  {t(`insights.periods.${p}`)}
                </RouterLink>
              </Button>
            ))}
          </ButtonGroup>
        }
      />
      <Box as="section" aria-labelledby="insights-changes" mb="6">
        <Heading as="h2" size="md" mb="3" id="insights-changes">
          {t(`insights.changesTitle.${period}`)}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" data-testid="period-cards">
          {data ? (
            <>
              <PeriodCard title={t('insights.allModules')} {...data.totals} windows={data} />
              {rows.map((row) => (
                <PeriodCard
                  key={row.module}
                  module={row.module}
                  title={t(`${row.module}.moduleName`)}
                  current={row.current}
                  previous={row.previous}
                  windows={data}
                />
              ))}
            </>
          ) : (
            PLACEHOLDERS.map((id) => <Skeleton key={id} height="64" borderRadius="l3" />)
          )}
        </SimpleGrid>
      </Box>
      {drill ? <DrillList key={JSON.stringify(drill)} drill={drill} slots={slots} /> : null}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mb="4">
        <InsightsTrend trend={data?.trend} period={period} />
        <TopRisks risks={data?.top_risks} now={data ? new Date(data.generated_at) : new Date()} />
      </SimpleGrid>
      {renderFixes(data?.recommendations)}
    </>
  );
}
