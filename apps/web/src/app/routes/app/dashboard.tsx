import { lazy, Suspense } from 'react';
import { MonitoringQueries } from './monitoring-queries';

// The home page's screen loads beside this small route module (router.tsx starts both), so the
// route and its title settle at once while the KPIs, charts and timeline arrive.
const DashboardScreen = lazy(() => import('@/platform/dashboard').then((m) => ({ default: m.DashboardScreen })));

/** `/` and `/dashboard`: KPIs, trends and the event timeline. */
export function DashboardPage() {
  return (
    <MonitoringQueries>
      <Suspense fallback={null}>
        <DashboardScreen />
      </Suspense>
    </MonitoringQueries>
  );
}

export { DashboardPage as Component };
