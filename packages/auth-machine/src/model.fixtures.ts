import type { ServerUser } from './ports.js';
import type { AuthUser } from './user.transform.js';

// The data the event model and its replays share: one user, one token, one of each answer.
export const MODEL_TOKEN = 'tok-1';
export const MODEL_EMAIL = 'ana@acme.test';
export const MODEL_USER_ID = 7;

export const MODEL_SERVER_USER: ServerUser = {
  id: MODEL_USER_ID,
  name: 'Ana Lima',
  email: MODEL_EMAIL,
  position: 'Analyst',
  idCliente: 4,
  active: true,
  picture: null,
  language: 'en',
};

export const MODEL_USER: AuthUser = {
  id: MODEL_USER_ID,
  name: 'Ana Lima',
  email: MODEL_EMAIL,
  position: 'Analyst',
  idcliente: 4,
  active: true,
  picture: null,
  theme: null,
  language: 'en',
  operator: false,
};

export const SESSION = { access_token: MODEL_TOKEN, token_type: 'Bearer', expires_in: 43200, user: MODEL_SERVER_USER };
export const step = { user_id: MODEL_USER_ID, email: MODEL_EMAIL };
export const VALIDATION = {
  message: 'Your account is awaiting validation.',
  details: 'An administrator must validate it.',
};
export const MICROSOFT = { url: 'https://login.microsoftonline.com/authorize?state=st-1', state: 'st-1' };

/** An {@link ApiFailure}-shaped error, as the api-client's `ApiError` is. */
export function apiFailure(status: number, body?: unknown): Error & { status: number; body: unknown } {
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : 'HTTP';
  return Object.assign(new Error(message), { status, body });
}
