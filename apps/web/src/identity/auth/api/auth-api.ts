import type { ApiClient } from '@vigil/api-client';
import type { AuthApi } from '@vigil/auth-machine';
import { cookieValue } from '@/lib/auth-bridge';

/** openapi-fetch resolves `data` on success; the client's middleware throws on any other answer. */
function need<T>(result: { data?: T }): T {
  if (result.data === undefined) throw new Error('Empty answer from /api.');
  return result.data;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * The auth machine's API port over the app's /api client, one line per operation of the contract.
 * The client loads on the first call (the sign-in page paints without it). Before the first
 * state-changing call of a fresh browser it fetches the XSRF cookie.
 */
export function createAuthApi(load: () => Promise<ApiClient>, cookies: () => string = () => document.cookie): AuthApi {
  let xsrf: Promise<unknown> | null = null;
  const ensureXsrf = async (client: ApiClient) => {
    if (cookieValue(cookies(), XSRF_COOKIE)) return;
    xsrf ??= client.GET('/csrf-cookie').finally(() => {
      xsrf = null;
    });
    await xsrf;
  };
  const get = async <T>(call: (client: ApiClient) => Promise<{ data?: T }>): Promise<T> =>
    need(await call(await load()));
  const post = async <T>(call: (client: ApiClient) => Promise<{ data?: T }>): Promise<T> => {
    const client = await load();
    await ensureXsrf(client);
    return need(await call(client));
  };

  return {
    register: (body) => post((c) => c.POST('/register', { body })),
    login: (body) => post((c) => c.POST('/login', { body })),
    verifyTwoFactor: (body) => post((c) => c.POST('/verify-two-factor', { body })),
    resendTwoFactor: (body) => post((c) => c.POST('/resend-two-factor', { body })),
    resendVerificationEmail: (body) => post((c) => c.POST('/resend-verification-email', { body })),
    verifyEmail: (path) => get((c) => c.GET('/verify-email/{token}', { params: { path } })),
    confirmRegistration: (path) => get((c) => c.GET('/confirm-registration/{id}/{token}', { params: { path } })),
    acceptTerms: (body) => post((c) => c.POST('/terms-accepted', { body })),
    requestPasswordReset: (body) => post((c) => c.POST('/password/reset-request', { body })),
    resetPassword: (body) => post((c) => c.POST('/password/reset', { body })),
    listClients: () => get((c) => c.GET('/get-clients')),
    switchClient: (body) => post((c) => c.POST('/get-clients', { body })),
    switchLanguage: (body) => post((c) => c.POST('/switch-language', { body })),
    checkUser: () => post((c) => c.POST('/check-user')),
    logout: () => post((c) => c.POST('/logout')),
    startMicrosoftSignUp: (query) => get((c) => c.GET('/auth/microsoft/register', { params: { query } })),
    startMicrosoftSignIn: () => get((c) => c.GET('/auth/microsoft/login')),
    retrieveMicrosoftToken: (query) => get((c) => c.GET('/auth/microsoft/login/retrieveToken', { params: { query } })),
  };
}
