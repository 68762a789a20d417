import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { documentCookies, readCookie } from './cookies.js';
import { ApiError, apiErrorFromResponse } from './errors.js';
import type { paths } from './generated/schema.js';

export type MaybePromise<T> = T | Promise<T>;

export interface ApiClientOptions {
  /** Where /api lives. Default `/api` (same origin as the web app). */
  baseUrl?: string;
  /**
   * Supplies the access token for `Authorization: Bearer`. The web app passes one that reads the
   * access_token cookie, then the auth store, then session storage (spec §7).
   */
  getAccessToken?: () => MaybePromise<string | null | undefined>;
  /** Supplies the cookie string the `XSRF-TOKEN` cookie is read from. Default `document.cookie`. */
  getCookies?: () => string;
  /** Called on every 401 with the error, whose `serverMessage` is the server's message. */
  onUnauthorized?: (error: ApiError) => void;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** The typed /api client. Every non-2xx answer rejects with an {@link ApiError}. */
export type ApiClient = Client<paths>;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * Creates the /api client: JSON, credentials sent, no timeout, Bearer and anti-forgery headers,
 * and a typed {@link ApiError} for every non-2xx answer.
 *
 * @example
 * const api = createApiClient({ getAccessToken: () => sessionStorage.getItem('token') });
 * const { data } = await api.GET('/get-clients');
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '/api',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(authHeaders(options), errorsToApiError(options));
  return client;
}

function authHeaders(options: ApiClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      const token = await options.getAccessToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      const xsrf = readCookie((options.getCookies ?? documentCookies)(), XSRF_COOKIE);
      if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
      return request;
    },
  };
}

function errorsToApiError(options: ApiClientOptions): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) return undefined;
      const error = await apiErrorFromResponse(response);
      if (error.status === 401) options.onUnauthorized?.(error);
      throw error;
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      const message = error instanceof Error ? error.message : 'Network error';
      return new ApiError({ status: 0, statusText: message, cause: error });
    },
  };
}
