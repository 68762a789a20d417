import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { WhenVisible } from '@/components/layout/when-visible';
import { DemoBadge } from '@/components/ui/finding-badges';
import { useDashboard, useHasDemoData } from '../api/dashboard-api';
import { KpiStrip } from './kpi-strip';
import { Timeline } from './timeline';
import { TrendCharts } from './trend-charts';

/** The period of the KPIs' and the trend's counts. */
const DAYS = 30;

/** KPIs, trends and the event timeline of the selected company (OpenCTI dashboard, MISP timeline). */
export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useDashboard(DAYS);
  const demo = useHasDemoData();
  return (
    <>
      <PageHeader
        title={t('screens.dashboard.title')}
        trail={[t('nav.groups.overview')]}
        description={t('dashboard.description')}
        status={demo.data ? <DemoBadge /> : null}
      />
      <KpiStrip data={dashboard.data} />
      <TrendCharts data={dashboard.data} days={DAYS} />
      {/* Below the fold on a phone: fetched and rendered when scrolled near. */}
      <WhenVisible minH="xl">
        <Timeline />
      </WhenVisible>
    </>
  );
}
