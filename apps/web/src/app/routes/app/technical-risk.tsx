import { RiskScreen } from '@/platform/risk';
import { MonitoringQueries } from './monitoring-queries';

/** `/technicalrisk`: the technical risk rating of the selected company. */
export function TechnicalRiskPage() {
  return (
    <MonitoringQueries>
      <RiskScreen />
    </MonitoringQueries>
  );
}

export { TechnicalRiskPage as Component };
