import type { ApiClient } from '@vigil/api-client';
import { readCookie, XSRF_COOKIE } from '@vigil/api-client';
import type { AuthApi } from '@vigil/auth-machine';

/** openapi-fetch resolves `data` on success; the client's middleware throws on any other answer. */
function need<T>(result: { data?: T }): T {
  if (result.data === undefined) throw new Error('Empty answer from /api.');
  return result.data;
}

/**
 * The auth machine's API port over the app's /api client: one line per operation of the
 * contract. Before the first state-changing call of a fresh browser it fetches the XSRF cookie.
 */
export function createAuthApi(client: ApiClient, cookies: () => string = () => document.cookie): AuthApi {
  let xsrf: Promise<unknown> | null = null;
  const ensureXsrf = async () => {
    if (readCookie(cookies(), XSRF_COOKIE)) return;
    xsrf ??= client.GET('/csrf-cookie').finally(() => {
      xsrf = null;
    });
    await xsrf;
  };
  const post = async <T>(call: () => Promise<{ data?: T }>): Promise<T> => {
    await ensureXsrf();
    return need(await call());
  };

  return {
    register: (body) => post(() => client.POST('/register', { body })),
    login: (body) => post(() => client.POST('/login', { body })),
    verifyTwoFactor: (body) => post(() => client.POST('/verify-two-factor', { body })),
    resendTwoFactor: (body) => post(() => client.POST('/resend-two-factor', { body })),
    resendVerificationEmail: (body) => post(() => client.POST('/resend-verification-email', { body })),
    verifyEmail: async (path) => need(await client.GET('/verify-email/{token}', { params: { path } })),
    confirmRegistration: async (path) =>
      need(await client.GET('/confirm-registration/{id}/{token}', { params: { path } })),
    acceptTerms: (body) => post(() => client.POST('/terms-accepted', { body })),
    requestPasswordReset: (body) => post(() => client.POST('/password/reset-request', { body })),
    resetPassword: (body) => post(() => client.POST('/password/reset', { body })),
    listClients: async () => need(await client.GET('/get-clients')),
    switchClient: (body) => post(() => client.POST('/get-clients', { body })),
    switchLanguage: (body) => post(() => client.POST('/switch-language', { body })),
    checkUser: () => post(() => client.POST('/check-user')),
    logout: () => post(() => client.POST('/logout')),
    startMicrosoftSignUp: async (query) => need(await client.GET('/auth/microsoft/register', { params: { query } })),
    startMicrosoftSignIn: async () => need(await client.GET('/auth/microsoft/login')),
    retrieveMicrosoftToken: async (query) =>
      need(await client.GET('/auth/microsoft/login/retrieveToken', { params: { query } })),
  };
}
