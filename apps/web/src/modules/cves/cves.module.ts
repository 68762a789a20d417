import { OPEN_STATUSES } from '@/config/constants';
import type { WebModule } from '@/lib/modules';

/** The CVE monitor (`/cvemonitor`): the catalogue filtered by the company's watch list. */
export const cvesModule: WebModule = {
  id: 'cves',
  screen: 'cve-monitor',
  load: () => import('./components/cves-screen').then((m) => m.CvesScreen),
  kpis: [
    {
      id: 'watched',
      label: 'cves.kpi.watched',
      screen: 'cve-monitor',
      filters: () => ({ status: OPEN_STATUSES }),
    },
  ],
};
