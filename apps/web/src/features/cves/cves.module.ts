import type { WebModule } from '@/lib/modules';

/** The CVE monitor (`/cvemonitor`): the catalogue filtered by the company's watch list. */
export const cvesModule: WebModule = {
  id: 'cves',
  screen: 'cve-monitor',
  load: () => import('./components/cves-screen').then((m) => m.CvesScreen),
};
