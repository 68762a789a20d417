import type { WebModule } from '@/lib/modules';

const DAY = 86_400_000;

/** The first day (UTC, YYYY-MM-DD) of the dashboard's "last 30 days": today and the 29 before. */
export function last30DaysFrom(now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - 29 * DAY).toISOString().slice(0, 10);
}

/** Leaked credentials and infected devices (`/credentials`). */
export const credentialsModule: WebModule = {
  id: 'credentials',
  screen: 'credentials',
  load: () => import('./components/credentials-screen').then((m) => m.CredentialsScreen),
  kpis: [
    {
      id: 'leaked_30d',
      label: 'credentials.kpi.leaked30d',
      screen: 'credentials',
      filters: (now) => ({ from: last30DaysFrom(now) }),
    },
  ],
};
