import type { components, paths } from '@vigil/api-client/schema';

type Schemas = components['schemas'];
type JsonBody<T> = T extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Query<T> = T extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type PathParams<T> = T extends { parameters: { path: infer P } } ? P : never;
type Ok<T> = T extends { responses: { 200: { content: { 'application/json': infer R } } } }
  ? R
  : T extends { responses: { 201: { content: { 'application/json': infer R } } } }
    ? R
    : never;

/** The JSON body of an operation's success answer, e.g. `ResponseBody<'/login', 'post'>`. */
export type ResponseBody<P extends keyof paths, M extends 'get' | 'post'> = Ok<paths[P][M]>;

/** The JSON body an operation of the contract sends, e.g. `RequestBody<'/login', 'post'>`. */
export type RequestBody<P extends keyof paths, M extends 'get' | 'post'> = JsonBody<paths[P][M]>;

/** The user as the server sends it (`components['schemas']['User']`). */
export type ServerUser = Schemas['User'];
/** A client company of the user. */
export type Client = Schemas['Client'];
export type LoginResponse = Schemas['LoginResponse'];
export type LoginFlags = Schemas['LoginFlags'];
export type Session = Schemas['Session'];
export type MicrosoftStart = Schemas['MicrosoftStart'];
export type MicrosoftToken = Schemas['MicrosoftToken'];

/**
 * The calls the machine makes, one function per operation of the contract. Every function
 * resolves with the 2xx body and rejects with an {@link ApiFailure} (the api-client's `ApiError`
 * fits) for any other answer, status 0 for a network failure.
 *
 * @example
 * const api: AuthApi = {
 *   login: async (body) => (await client.POST('/login', { body })).data as LoginResponse,
 *   // …one line per operation
 * };
 */
export interface AuthApi {
  register(body: RequestBody<'/register', 'post'>): Promise<ResponseBody<'/register', 'post'>>;
  login(body: RequestBody<'/login', 'post'>): Promise<ResponseBody<'/login', 'post'>>;
  verifyTwoFactor(body: RequestBody<'/verify-two-factor', 'post'>): Promise<ResponseBody<'/verify-two-factor', 'post'>>;
  resendTwoFactor(body: RequestBody<'/resend-two-factor', 'post'>): Promise<ResponseBody<'/resend-two-factor', 'post'>>;
  resendVerificationEmail(
    body: RequestBody<'/resend-verification-email', 'post'>,
  ): Promise<ResponseBody<'/resend-verification-email', 'post'>>;
  verifyEmail(
    path: PathParams<paths['/verify-email/{token}']['get']>,
  ): Promise<ResponseBody<'/verify-email/{token}', 'get'>>;
  confirmRegistration(
    path: PathParams<paths['/confirm-registration/{id}/{token}']['get']>,
  ): Promise<ResponseBody<'/confirm-registration/{id}/{token}', 'get'>>;
  acceptTerms(body: RequestBody<'/terms-accepted', 'post'>): Promise<ResponseBody<'/terms-accepted', 'post'>>;
  requestPasswordReset(
    body: RequestBody<'/password/reset-request', 'post'>,
  ): Promise<ResponseBody<'/password/reset-request', 'post'>>;
  resetPassword(body: RequestBody<'/password/reset', 'post'>): Promise<ResponseBody<'/password/reset', 'post'>>;
  listClients(): Promise<ResponseBody<'/get-clients', 'get'>>;
  switchClient(body: RequestBody<'/get-clients', 'post'>): Promise<ResponseBody<'/get-clients', 'post'>>;
  switchLanguage(body: RequestBody<'/switch-language', 'post'>): Promise<ResponseBody<'/switch-language', 'post'>>;
  checkUser(): Promise<ResponseBody<'/check-user', 'post'>>;
  logout(): Promise<ResponseBody<'/logout', 'post'>>;
  startMicrosoftSignUp(
    query: Query<paths['/auth/microsoft/register']['get']>,
  ): Promise<ResponseBody<'/auth/microsoft/register', 'get'>>;
  startMicrosoftSignIn(): Promise<ResponseBody<'/auth/microsoft/login', 'get'>>;
  retrieveMicrosoftToken(
    query: Query<paths['/auth/microsoft/login/retrieveToken']['get']>,
  ): Promise<ResponseBody<'/auth/microsoft/login/retrieveToken', 'get'>>;
}

/** The shape of a failed call: the api-client's `ApiError` satisfies it. Status 0 is a network failure. */
export interface ApiFailure {
  status: number;
  body?: unknown;
}

/** A synchronous key-value store: `sessionStorage` and `localStorage` fit. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Cookie access. `maxAgeSeconds: 0` expires the cookie. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, options: { maxAgeSeconds: number }): void;
}

/** Where the session is kept (spec §3): session storage, local storage and cookies. */
export interface AuthStorage {
  session: KeyValueStore;
  local: KeyValueStore;
  cookies: CookieJar;
}

/** The symmetric cipher for `encryptedUser` and clients. Decrypt rejects on a bad input. */
export interface Cipher {
  encrypt(plain: string): Promise<string>;
  decrypt(encrypted: string): Promise<string>;
}

/** Where errors and notes go. `console` fits. */
export interface AuthLogger {
  info(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** Everything the machine needs from the outside world. */
export interface AuthPorts {
  api: AuthApi;
  storage: AuthStorage;
  cipher: Cipher;
  logger: AuthLogger;
}
