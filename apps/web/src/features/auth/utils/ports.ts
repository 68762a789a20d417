import type { ApiClient } from '@vigil/api-client';
import { type AuthPorts, createWebCryptoCipher, createWebStorage } from '@vigil/auth-machine';
import { createAuthApi } from '../api/auth-api';

/** The real ports of the auth machine in the browser: /api, Web Storage, cookies, Web Crypto, console. */
export function createBrowserAuthPorts(client: ApiClient): AuthPorts {
  return {
    api: createAuthApi(client),
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
