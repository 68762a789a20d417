import { AuthError, runAction } from './auth-error.js';
import { SESSION_KEYS } from './constants.js';
import type { AuthPorts, RequestBody } from './ports.js';
import { clearTokens } from './session.store.js';
import { interpretSignIn, type SignInOutcome, TOKEN_NOT_FOUND } from './sign-in.outcome.js';

/** Where a Microsoft start leads: out to Microsoft, or a step the server asks for first (403). */
export type MicrosoftStartOutcome = { kind: 'external'; url: string } | SignInOutcome;

/** The query values the Microsoft callback page reads (spec §2). */
export interface MicrosoftCallbackParams {
  redirect_key?: string;
  temp_token?: string;
  status?: string;
  message?: string;
  email?: string;
  user_id?: string;
  terms_accepted_required?: string;
  two_factor_required?: string;
  active_validation_required?: string;
  state?: string;
  code?: string;
}

export const STATE_MISSING = 'Parâmetro state não recebido no callback.';
export const STATE_NOT_STORED = 'Nenhum state armazenado na sessão.';
export const STATE_INVALID = 'Parâmetro state inválido.';
export const CALLBACK_INVALID = 'Invalid or incomplete callback parameters.';
export const RETRIEVE_TOKEN_MISSING = 'Token or user data missing in response.';

const LOGIN = { missingToken: TOKEN_NOT_FOUND };

/** POST /login, read in the spec's order; a 403 is a result, not a failure. */
export function signIn(ports: AuthPorts, body: RequestBody<'/login', 'post'>): Promise<SignInOutcome> {
  return runAction(
    'login',
    ports.logger,
    async () => interpretSignIn(ports, await ports.api.login(body), LOGIN),
    (flags) => interpretSignIn(ports, flags, LOGIN),
  );
}

/** POST /verify-two-factor: a session, or (403) a further step. */
export function verifyTwoFactor(ports: AuthPorts, body: { userId: number; code: string }): Promise<SignInOutcome> {
  return runAction(
    'verifyTwoFactor',
    ports.logger,
    async () =>
      interpretSignIn(ports, await ports.api.verifyTwoFactor({ user_id: body.userId, code: body.code }), LOGIN),
    (flags) => interpretSignIn(ports, flags, LOGIN),
  );
}

/** POST /terms-accepted: a session, the two-factor step, or just a message. */
export function acceptTerms(
  ports: AuthPorts,
  body: { userId: number; terms: boolean; privacy: boolean },
): Promise<SignInOutcome> {
  return runAction('acceptTerms', ports.logger, async () => {
    const answer = await ports.api.acceptTerms({ user_id: body.userId, terms: body.terms, privacy: body.privacy });
    return interpretSignIn(ports, answer, { ...LOGIN, allowNotice: true });
  });
}

function keepOauthState(ports: AuthPorts, state: string): void {
  ports.storage.session.setItem(SESSION_KEYS.oauthState, state);
}

/** GET /auth/microsoft/register: keeps `oauth_state` and answers the URL to leave for. */
export function startMicrosoftSignUp(
  ports: AuthPorts,
  query: { login_hint?: string; name?: string; position?: string },
): Promise<MicrosoftStartOutcome> {
  return runAction('startMicrosoftSignUp', ports.logger, async () => {
    const { url, state } = await ports.api.startMicrosoftSignUp(query);
    keepOauthState(ports, state);
    return { kind: 'external', url };
  });
}

/** GET /auth/microsoft/login: keeps `oauth_state`; a 403 names the step the account needs. */
export function startMicrosoftSignIn(ports: AuthPorts): Promise<MicrosoftStartOutcome> {
  return runAction(
    'startMicrosoftSignIn',
    ports.logger,
    async (): Promise<MicrosoftStartOutcome> => {
      const { url, state } = await ports.api.startMicrosoftSignIn();
      keepOauthState(ports, state);
      return { kind: 'external', url };
    },
    (flags) => interpretSignIn(ports, flags, LOGIN),
  );
}

const flag = (value: string | undefined) => value === 'true' || value === '1';
const numeric = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);

function checkState(ports: AuthPorts, params: MicrosoftCallbackParams): void {
  if (params.state === undefined && params.code === undefined) return;
  if (!params.state) throw new AuthError(STATE_MISSING);
  const stored = ports.storage.session.getItem(SESSION_KEYS.oauthState);
  if (!stored) throw new AuthError(STATE_NOT_STORED);
  if (stored !== params.state) throw new AuthError(STATE_INVALID);
  ports.storage.session.removeItem(SESSION_KEYS.oauthState);
}

/** Every branch of the Microsoft callback of spec §4, in its order. */
export function handleMicrosoftCallback(ports: AuthPorts, params: MicrosoftCallbackParams): Promise<SignInOutcome> {
  const retrieved = { missingToken: RETRIEVE_TOKEN_MISSING };
  const fromQuery = { user_id: numeric(params.user_id), email: params.email, message: params.message };
  return runAction(
    'microsoftCallback',
    ports.logger,
    async () => {
      clearTokens(ports.storage);
      checkState(ports, params);
      if (params.status === 'error') {
        if (flag(params.active_validation_required)) {
          return interpretSignIn(ports, { ...fromQuery, active_validation_required: true }, retrieved);
        }
        if (params.message === 'Domain not recognized') {
          throw new AuthError(`Domínio não reconhecido: ${params.email ?? ''}`);
        }
        throw new AuthError(params.message || 'Failed to process Microsoft login.');
      }
      if (flag(params.active_validation_required)) {
        return interpretSignIn(ports, { ...fromQuery, active_validation_required: true }, retrieved);
      }
      if (flag(params.two_factor_required)) {
        return interpretSignIn(ports, { ...fromQuery, two_factor_required: true }, retrieved);
      }
      if (flag(params.terms_accepted_required)) {
        return interpretSignIn(ports, { ...fromQuery, terms_accepted_required: true }, retrieved);
      }
      if (params.redirect_key && params.temp_token) {
        const answer = await ports.api.retrieveMicrosoftToken({
          redirect_key: params.redirect_key,
          temp_token: params.temp_token,
        });
        if (answer.two_factor_required && answer.access_token) {
          // Held aside until the code is verified; the verified session replaces it.
          ports.storage.session.setItem(SESSION_KEYS.tempToken, answer.access_token);
          const user = await ports.cipher.encrypt(JSON.stringify(answer.user ?? null));
          ports.storage.session.setItem(SESSION_KEYS.tempEncryptedUser, user);
        }
        return interpretSignIn(ports, answer, retrieved);
      }
      throw new AuthError(CALLBACK_INVALID);
    },
    (flags) => interpretSignIn(ports, flags, retrieved),
  );
}
