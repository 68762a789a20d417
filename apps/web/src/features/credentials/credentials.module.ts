import type { WebModule } from '@/lib/modules';

/** Leaked credentials and infected devices (`/credentials`). */
export const credentialsModule: WebModule = {
  id: 'credentials',
  screen: 'credentials',
  load: () => import('./components/credentials-screen').then((m) => m.CredentialsScreen),
};
