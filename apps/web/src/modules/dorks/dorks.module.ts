import type { WebModule } from '@/lib/modules';

/**
 * Search-engine dorks (module `dorks`, issue 18): GHDB and Vigil queries rendered with `site:<company domain>`, run through the
 * web search provider; results in the shared triage workflow. Its findings open on `/googledork?open=<finding id>`.
 */
export const dorksModule: WebModule = {
  id: 'dorks',
  screen: 'google-dork',
  load: () => import('./components/dorks-screen').then((m) => m.DorksScreen),
};
