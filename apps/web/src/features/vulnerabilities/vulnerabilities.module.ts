import type { WebModule } from '@/lib/modules';

/** Scanner findings with SLA, EPSS and KEV (`/vulnerabilities`). */
export const vulnerabilitiesModule: WebModule = {
  id: 'vulnerabilities',
  screen: 'vulnerabilities',
  load: () => import('./components/vulnerabilities-screen').then((m) => m.VulnerabilitiesScreen),
};
