import type { WebModule } from '@/lib/modules';

/**
 * Restricted environment (module `mentions`, issue 19): mentions of the company in closed sources matching its
 * keyword watch list, with the keywords marked. Its findings open on `/restrictedenvironment?open=<finding id>`.
 */
export const mentionsModule: WebModule = {
  id: 'mentions',
  screen: 'restricted-environment',
  load: () => import('./components/mentions-screen').then((m) => m.MentionsScreen),
};
