import type { AuthUser, Client } from '@vigil/auth-machine';
import { useAuthSelector } from '../auth-actor';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

/** The session as screens see it: checking until the machine restored it, then signed in or not. */
export function useSession(): { status: SessionStatus; user: AuthUser | null } {
  const status = useAuthSelector(
    (s): SessionStatus =>
      s.matches('booting') || s.matches('loggingOut')
        ? 'checking'
        : s.hasTag('authenticated')
          ? 'authenticated'
          : 'anonymous',
  );
  const user = useAuthSelector((s) => s.context.user);
  return { status, user };
}

/** The companies the server offers and the selected one (`idcliente`). */
export function useCompanies(): { clients: Client[]; currentId: number | null; busy: boolean; error: string | null } {
  const clients = useAuthSelector((s) => s.context.clients);
  const currentId = useAuthSelector((s) => s.context.user?.idcliente ?? null);
  const busy = useAuthSelector(
    (s) =>
      s.matches({ authenticated: { activity: 'loadingClients' } }) ||
      s.matches({ authenticated: { activity: 'switchingCompany' } }),
  );
  const error = useAuthSelector((s) => (s.hasTag('authenticated') ? s.context.error : null));
  return { clients, currentId, busy, error };
}
