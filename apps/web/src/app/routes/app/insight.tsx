import { useTranslation } from 'react-i18next';
import { InsightsScreen } from '@/platform/insights';
import { TopFixes } from '@/platform/risk';
import { findingSlots } from './finding-slots';
import { MonitoringQueries } from './monitoring-queries';

/** `/insight`: what changed, with the findings workflow's slots and the rating's top fixes as recommendations. */
export function InsightPage() {
  const { t } = useTranslation();
  return (
    <MonitoringQueries>
      <InsightsScreen
        slots={findingSlots}
        renderFixes={(fixes) => <TopFixes fixes={fixes} title={t('insights.recommendations')} />}
      />
    </MonitoringQueries>
  );
}

export { InsightPage as Component };
