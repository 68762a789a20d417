// The cookies of sign-in: the signed HttpOnly pending-step cookie, the access_token cookie, and the
// signed device cookie that remembers a past sign-in on this browser (it spares the owner the
// per-account delay of password guessing, ADR 0006).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSettings } from '../../route-table.js';
import type { SignInResult } from '../auth/sign-in.steps.js';
import { SESSION_LIFETIME_MS } from './session.service.js';

export const PENDING_COOKIE = 'vigil_pending';
export const ACCESS_COOKIE = 'access_token';
export const DEVICE_COOKIE = 'vigil_device';
const DEVICE_MAX_AGE_S = 90 * 24 * 60 * 60;

export function readPendingToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** The user who last signed in on this browser, from the signed device cookie. */
export function readDeviceUserId(request: FastifyRequest): number | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  const id = unsigned.valid && unsigned.value ? Number(unsigned.value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
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
    reply.setCookie(DEVICE_COOKIE, String(step.session.body.user.id), {
      ...base,
      signed: true,
      maxAge: DEVICE_MAX_AGE_S,
    });
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
