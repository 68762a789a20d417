import type { WebModule } from '@/lib/modules';

/** Scanner findings with SLA, EPSS and KEV (`/vulnerabilities`). */
export const vulnerabilitiesModule: WebModule = {
  id: 'vulnerabilities',
  screen: 'vulnerabilities',
  load: () => import('./components/vulnerabilities-screen').then((m) => m.VulnerabilitiesScreen),
  kpis: [
    {
      id: 'overdue_sla',
      label: 'vulnerabilities.kpi.overdueSla',
      screen: 'vulnerabilities',
      filters: () => ({ overdue: 'true' }),
      alarming: true,
    },
  ],
};
