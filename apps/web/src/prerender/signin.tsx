// Build-time only (scripts/prerender.mjs): the sign-in page as HTML, rendered by the same components
// the app renders, in English and the light theme, signed out. The browser paints it before any of
// the app's code has loaded; the app takes it over on the first interaction (lib/preboot.ts).
import { SigninPage } from '@/app/routes/auth/signin';
import { renderRoute } from './render-route';

/** The sign-in page's markup (`#root`'s content) and its title, from the English messages given. */
export function renderSignin(messages: Record<string, unknown>): Promise<{ html: string; title: string }> {
  return renderRoute('/signin', SigninPage, 'auth.signin.title', messages);
}
