import { DashboardScreen } from '@/features/dashboard';
import { MonitoringQueries } from './monitoring-queries';

/** `/` and `/dashboard`: KPIs, trends and the event timeline. */
export function DashboardPage() {
  return (
    <MonitoringQueries>
      <DashboardScreen />
    </MonitoringQueries>
  );
}

export { DashboardPage as Component };
