import { type ApiClient, ApiError, createApiClient } from '@vigil/api-client';
import { env } from '@/config/env';
import { currentAuthBridge, readAccessToken } from './auth-bridge';

/**
 * The app's one /api client (house style: only this module builds it). The Bearer token comes
 * from the `access_token` cookie, else the auth store, else session storage `token` (spec §7);
 * a 401 goes to the auth store through the bridge.
 */
export const api: ApiClient = createApiClient({
  baseUrl: env.apiBaseUrl,
  getAccessToken: readAccessToken,
  onUnauthorized: (error) => currentAuthBridge()?.onUnauthorized(error),
});

export { ApiError };
