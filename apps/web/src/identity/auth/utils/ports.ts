import type { ApiClient } from '@vigil/api-client';
import { type AuthPorts, createWebCryptoCipher, createWebStorage } from '@vigil/auth-machine';
import { createAuthApi } from '../api/auth-api';

/** The app's /api client, loaded on the first call. */
const loadApiClient = (): Promise<ApiClient> => import('@/lib/api').then((module) => module.api);

/** The real ports of the auth machine in the browser: /api, Web Storage, cookies, Web Crypto, console. */
export function createBrowserAuthPorts(load: () => Promise<ApiClient> = loadApiClient): AuthPorts {
  return {
    api: createAuthApi(load),
    storage: createWebStorage({
      session: sessionStorage,
      local: localStorage,
      cookies: {
        read: () => document.cookie,
        write: (cookie) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the spec's cookies (access_token, auth_user_id) are written here
          document.cookie = cookie;
        },
      },
      secure: location.protocol === 'https:',
    }),
    cipher: createWebCryptoCipher(),
    logger: {
      info: (message, detail) => console.info(message, detail ?? ''),
      error: (message, detail) => console.error(message, detail ?? ''),
    },
  };
}
