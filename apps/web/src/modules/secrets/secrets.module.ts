import type { WebModule } from '@/lib/modules';

/**
 * Code-hosting dorks (module `secrets`, issue 18): code search for the company's domains, organisation names and keywords;
 * secrets found, redacted, grouped as incidents with their occurrences. Its findings open on `/gitdork?open=<finding id>`.
 */
export const secretsModule: WebModule = {
  id: 'secrets',
  screen: 'git-dork',
  load: () => import('./components/secrets-screen').then((m) => m.SecretsScreen),
};
