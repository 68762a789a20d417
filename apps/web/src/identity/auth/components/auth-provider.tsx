import { createAuthMachine, type NavigationTarget, SESSION_KEYS } from '@vigil/auth-machine';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { connectAuth } from '@/lib/auth-bridge';
import { AuthActorContext, type AuthLogic, useAuthActorRef } from '../auth-actor';
import { createBrowserAuthPorts } from '../utils/ports';

export interface AuthProviderProps {
  children: ReactNode;
  /** Turns the machine's navigate intents into router navigations; rejects when navigation failed. */
  onNavigate: (target: NavigationTarget) => Promise<void> | void;
  /** The signed-in user's language (after sign-in and after a switch). */
  onLanguage?: (language: string) => void;
  /** The machine with its ports; the browser ports over `/api` by default. */
  logic?: AuthLogic;
}

/** Runs the one auth actor for the whole app and connects it to the router, i18n and the API client. */
export function AuthProvider({ children, onNavigate, onLanguage, logic }: AuthProviderProps) {
  const [machine] = useState<AuthLogic>(() => logic ?? createAuthMachine(createBrowserAuthPorts()));
  return (
    <AuthActorContext.Provider logic={machine}>
      <AuthBridge onNavigate={onNavigate} {...(onLanguage ? { onLanguage } : {})} />
      {children}
    </AuthActorContext.Provider>
  );
}

function AuthBridge({ onNavigate, onLanguage }: Omit<AuthProviderProps, 'children' | 'logic'>) {
  const actor = useAuthActorRef();
  const handlers = useRef({ onNavigate, onLanguage });
  handlers.current = { onNavigate, onLanguage };

  useEffect(() => {
    const navigation = actor.on('navigate', ({ target }) => {
      Promise.resolve()
        .then(() => handlers.current.onNavigate(target))
        .catch((error: unknown) => {
          console.error('Navigation failed.', error);
          actor.send({ type: 'auth.navigation.failed', target });
        });
    });
    const language = actor.on('language', ({ language: next }) => handlers.current.onLanguage?.(next));
    const disconnect = connectAuth({
      getStoreToken: () => actor.getSnapshot().context.token,
      onUnauthorized: (error) => actor.send({ type: 'auth.unauthorized', message: error.serverMessage ?? null }),
    });
    // A session restored or started with a user language applies it (the stored user's language wins).
    let lastLanguage: string | null = null;
    const users = actor.subscribe((snapshot) => {
      const next = snapshot.context.user?.language ?? null;
      if (next && next !== lastLanguage) handlers.current.onLanguage?.(next);
      lastLanguage = next;
    });
    return () => {
      navigation.unsubscribe();
      language.unsubscribe();
      users.unsubscribe();
      disconnect();
    };
  }, [actor]);
  return null;
}

/** Decision 2's second store: the persisted session in session storage (token plus encryptedUser). */
export function hasPersistedSession(storage: Pick<Storage, 'getItem'> = sessionStorage): boolean {
  try {
    return Boolean(storage.getItem(SESSION_KEYS.token) && storage.getItem(SESSION_KEYS.encryptedUser));
  } catch {
    return false;
  }
}
