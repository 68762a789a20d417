import { OperatorStatusScreen } from '@/platform/operator';
import { MonitoringQueries } from './monitoring-queries';

/** `/operator`: the platform status for platform operators (the server answers 403 to anyone else). */
export function OperatorStatusPage() {
  return (
    <MonitoringQueries>
      <OperatorStatusScreen />
    </MonitoringQueries>
  );
}

export { OperatorStatusPage as Component };
