import {
  type AuthApi,
  type AuthPorts,
  type AuthUser,
  createAuthMachine,
  createWebCryptoCipher,
  createWebStorage,
  SESSION_KEYS,
} from '@vigil/auth-machine';

export const TEST_USER: AuthUser = {
  id: 7,
  name: 'Ana Analyst',
  email: 'ana@acme.test',
  position: 'Analyst',
  idcliente: 1,
  active: true,
  picture: null,
  theme: null,
  language: null,
  operator: false,
};

/** An API whose every call fails like an unreachable server unless the test overrides it. */
export function stubApi(overrides: Partial<AuthApi> = {}): AuthApi {
  const unreachable = () => Promise.reject(Object.assign(new Error('Network error'), { status: 0 }));
  const api = {} as Record<keyof AuthApi, unknown>;
  const names: Array<keyof AuthApi> = [
    'register',
    'login',
    'verifyTwoFactor',
    'resendTwoFactor',
    'resendVerificationEmail',
    'verifyEmail',
    'confirmRegistration',
    'acceptTerms',
    'requestPasswordReset',
    'resetPassword',
    'listClients',
    'switchClient',
    'switchLanguage',
    'checkUser',
    'logout',
    'startMicrosoftSignUp',
    'startMicrosoftSignIn',
    'retrieveMicrosoftToken',
  ];
  for (const name of names) api[name] = overrides[name] ?? unreachable;
  return api as AuthApi;
}

/** The real machine on the browser's storage (happy-dom), the real cipher and a silent logger. */
export function createTestPorts(api: AuthApi = stubApi()): AuthPorts {
  return {
    api,
    storage: createWebStorage({
      session: sessionStorage,
      local: localStorage,
      cookies: {
        read: () => document.cookie,
        write: (cookie) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the test browser's cookie jar
          document.cookie = cookie;
        },
      },
    }),
    cipher: createWebCryptoCipher(),
    logger: { info: () => undefined, error: () => undefined },
  };
}

export function createTestAuthLogic(api?: AuthApi) {
  return createAuthMachine(createTestPorts(api));
}

/** Writes a signed-in session the way the machine stores it (token plus encrypted user). */
export async function seedSession(user: AuthUser = TEST_USER, token = 'tok-1'): Promise<void> {
  const cipher = createWebCryptoCipher();
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.encryptedUser, await cipher.encrypt(JSON.stringify(user)));
}
