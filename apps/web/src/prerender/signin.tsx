// Build-time only (scripts/prerender.mjs): the sign-in page as HTML, rendered by the same components
// the app renders, in English and the light theme, signed out. The browser paints it before any of
// the app's code has loaded; the app takes it over on the first interaction (lib/preboot.ts).
import { createAuthMachine, createWebCryptoCipher, createWebStorage } from '@vigil/auth-machine';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { SigninPage } from '@/app/routes/auth/signin';
import { env } from '@/config/env';
import { createAuthApi } from '@/features/auth/api/auth-api';
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

/** The sign-in page's markup (`#root`'s content) and its title, from the English messages given. */
export async function renderSignin(messages: Record<string, unknown>): Promise<{ html: string; title: string }> {
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
  const router = createMemoryRouter([{ path: '/signin', Component: SigninPage }], { initialEntries: ['/signin'] });
  const html = renderToString(
    <AppProvider i18n={i18n} onNavigate={() => {}} authLogic={machine}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { html, title: `${env.productName} | ${i18n.t('auth.signin.title')}` };
}
