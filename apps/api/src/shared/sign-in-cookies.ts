// The cookies of sign-in: the signed HttpOnly pending-step cookie and the access_token cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInResult } from '../features/auth/sign-in.steps.js';
import { SESSION_LIFETIME_MS } from '../features/session/session.service.js';
import type { CookieSettings } from './routes.js';

export const PENDING_COOKIE = 'vigil_pending';
export const ACCESS_COOKIE = 'access_token';

export function readPendingToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[ACCESS_COOKIE] || undefined;
}

export function clearAccessCookie(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/api', httpOnly: true, sameSite: 'lax', secure: settings.secure });
}

/** Applies a sign-in result's cookies to the reply and returns the JSON body. */
export function applySignInCookies(reply: FastifyReply, result: SignInResult, settings: CookieSettings) {
  const base = { path: '/api', httpOnly: true, sameSite: 'lax' as const, secure: settings.secure };
  if (result.pendingToken) {
    reply.setCookie(PENDING_COOKIE, result.pendingToken, { ...base, signed: true, maxAge: 30 * 60 });
  } else if (result.clearPending) {
    reply.clearCookie(PENDING_COOKIE, base);
  }
  const { step } = result;
  if (step.kind === 'session') {
    reply.setCookie(ACCESS_COOKIE, step.session.accessToken, { ...base, maxAge: SESSION_LIFETIME_MS / 1000 });
    return step.session.body;
  }
  return step.body;
}

/** Status of a sign-in answer: steps that block a session are 403, the 2FA step and a session 200. */
export function signInStatus(result: SignInResult, blockingAs: 200 | 403 = 403): number {
  switch (result.step.kind) {
    case 'session':
    case 'two_factor':
      return 200;
    case 'active_validation':
      return 403;
    default:
      return blockingAs;
  }
}
