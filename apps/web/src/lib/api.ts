import { type ApiClient, ApiError, createApiClient, readCookie } from '@vigil/api-client';
import { env } from '@/config/env';

/**
 * The app's one /api client (house style: only this module builds it). The Bearer token comes
 * from the `access_token` cookie, else the auth store, else session storage `token` (spec §7).
 * The auth feature registers the store's token and the 401 handler with {@link connectAuth}.
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

function sessionToken(): string | null {
  try {
    return globalThis.sessionStorage?.getItem('token') ?? null;
  } catch {
    return null;
  }
}

/** Token source of spec §7: cookie, then auth store, then session storage. */
export function readAccessToken(): string | null {
  const cookie = typeof document === 'undefined' ? undefined : readCookie(document.cookie, 'access_token');
  return cookie || bridge?.getStoreToken() || sessionToken() || null;
}

export const api: ApiClient = createApiClient({
  baseUrl: env.apiBaseUrl,
  getAccessToken: readAccessToken,
  onUnauthorized: (error) => bridge?.onUnauthorized(error),
});

export { ApiError };
