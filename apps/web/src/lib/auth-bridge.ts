import type { ApiError } from '@vigil/api-client';

/**
 * The link between the /api client and the auth store, kept apart from `api.ts` so the sign-in
 * page can start before the client's code has loaded.
 */
export interface AuthBridge {
  /** The auth store's token (the auth machine's context). */
  getStoreToken: () => string | null | undefined;
  /** Every 401 answer: the user is logged out in both stores and sent to Signin (spec §4). */
  onUnauthorized: (error: ApiError) => void;
}

let bridge: AuthBridge | null = null;

/** Connects the auth store; returns a function that disconnects it. */
export function connectAuth(next: AuthBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = null;
  };
}

export function currentAuthBridge(): AuthBridge | null {
  return bridge;
}

/** One cookie's decoded value from a `document.cookie`-style string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

function sessionToken(): string | null {
  try {
    return globalThis.sessionStorage?.getItem('token') ?? null;
  } catch {
    return null;
  }
}

/** Token source of spec §7: the `access_token` cookie, then the auth store, then session storage. */
export function readAccessToken(): string | null {
  const cookie = typeof document === 'undefined' ? undefined : cookieValue(document.cookie, 'access_token');
  return cookie || bridge?.getStoreToken() || sessionToken() || null;
}
