import type { WebModule } from '@/lib/modules';

/**
 * Archive dorks (module `archives`, issue 18): archived URLs of the company's domains, normalised and tagged; the
 * interesting ones in the shared triage workflow. Its findings open on `/gaudork?open=<finding id>`.
 */
export const archivesModule: WebModule = {
  id: 'archives',
  screen: 'gau-dork',
  load: () => import('./components/archives-screen').then((m) => m.ArchivesScreen),
};
