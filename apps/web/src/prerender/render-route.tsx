// Build-time only (scripts/prerender.mjs): one public route as HTML, rendered by the same components
// the app renders, in English and the light theme, signed out, with no API and nothing stored.
import { createAuthMachine, createWebCryptoCipher, createWebStorage } from '@vigil/auth-machine';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { env } from '@/config/env';
import { createAuthApi } from '@/identity/auth/api/auth-api';
import { createI18n } from '@/lib/i18n/i18n';

/** A storage that forgets: nothing is stored while rendering at build time. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** `#root`'s content for `path` rendered by `Component`, and the page's title (`titleKey`), in English. */
export async function renderRoute(
  path: string,
  Component: ComponentType,
  titleKey: string,
  messages: Record<string, unknown>,
): Promise<{ html: string; title: string }> {
  const i18n = await createI18n({
    language: 'en',
    fetch: async () => new Response(JSON.stringify(messages), { headers: { 'content-type': 'application/json' } }),
  });
  const machine = createAuthMachine({
    api: createAuthApi(() => Promise.reject(new Error('no API at build time'))),
    storage: createWebStorage({
      session: memoryStorage(),
      local: memoryStorage(),
      cookies: { read: () => '', write: () => {} },
      secure: false,
    }),
    cipher: createWebCryptoCipher(),
    logger: { info: () => {}, error: () => {} },
  });
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [path] });
  const html = renderToString(
    <AppProvider i18n={i18n} onNavigate={() => {}} authLogic={machine}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { html, title: `${env.productName} | ${i18n.t(titleKey)}` };
}
