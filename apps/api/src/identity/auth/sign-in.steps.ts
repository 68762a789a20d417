// The order of sign-in steps after the first factor (password or Microsoft), in one place:
// active validation → two-factor → e-mail verification → terms → session.

import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { queueMail } from '../../platform/mail/mail.repository.js';
import { twoFactorCodeMail } from '../../platform/mail/mail.templates.js';
import { addMs, MINUTE } from '../../shared/clock.js';
import { hmac, randomSixDigitCode, randomToken, sha256 } from '../../shared/secrets.js';
import { createSession, type NewSession } from '../session/session.service.js';
import { hasActiveAuthenticator } from '../two-factor/two-factor.repository.js';
import type { UserRow } from '../users/users.table.js';
import {
  completePendingLogin,
  insertPendingLogin,
  insertTwoFactorCode,
  retireTwoFactorCodes,
} from './auth.repository.js';
import type { PendingLoginRow } from './auth.table.js';

/** The terms version in force; raising it asks every user to accept again. */
export const CURRENT_TERMS_VERSION = '2026-11-01';
export const PENDING_LOGIN_MS = 30 * MINUTE;
export const TWO_FACTOR_CODE_MS = 10 * MINUTE;
export const TWO_FACTOR_MAX_TRIES = 5;
export const TWO_FACTOR_RESEND_MS = MINUTE;

export type SignInMethod = 'password' | 'microsoft';

export interface StepBase {
  message: string;
  user_id: number;
  email: string;
}

export type SignInStep =
  | { kind: 'active_validation'; body: StepBase & { details: string; active_validation_required: true } }
  | {
      kind: 'two_factor';
      body: StepBase & { two_factor_required: true; two_factor_method: 'email' | 'authenticator' };
    }
  | { kind: 'email_verification'; body: StepBase & { email_verified_required: true } }
  | { kind: 'terms'; body: StepBase & { terms_accepted_required: true; details: { terms_version: string } } }
  | { kind: 'session'; session: NewSession };

export interface SignInResult {
  step: SignInStep;
  /** A new pending-step token to put in the signed cookie (only when a new pending sign-in began). */
  pendingToken?: string;
  /** True when the pending cookie should be removed (sign-in finished or refused). */
  clearPending: boolean;
}

export function pendingCookieHash(token: string): string {
  return sha256(`pending:${token}`);
}

export function twoFactorCodeHash(ctx: AppContext, pendingLoginId: number, code: string): string {
  return hmac(ctx.codeKey, `2fa:${pendingLoginId}:${code}`);
}

/** Issues a fresh code for a pending sign-in (retiring the previous ones) and queues its e-mail. */
export async function issueTwoFactorCode(
  ctx: AppContext,
  trx: Executor,
  user: UserRow,
  pending: PendingLoginRow,
  ip: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  const code = randomSixDigitCode();
  await retireTwoFactorCodes(trx, pending.id, now);
  await insertTwoFactorCode(trx, {
    pendingLoginId: pending.id,
    userId: user.id,
    codeHash: twoFactorCodeHash(ctx, pending.id, code),
    at: now,
    expiresAt: addMs(now, TWO_FACTOR_CODE_MS),
  });
  await queueMail(trx, twoFactorCodeMail(user.email, user.name, code), now);
  await recordAudit(trx, { event: 'two_factor.sent', at: now, userId: user.id, ip });
}

/**
 * Decides the next step for a user whose first factor succeeded. Starts a pending sign-in when
 * none is given; finishes it with a session when no step remains.
 */
export async function advanceSignIn(
  ctx: AppContext,
  trx: Executor,
  input: {
    user: UserRow;
    pending: PendingLoginRow | null;
    method: SignInMethod;
    ip: string | null;
    userAgent?: string | undefined;
  },
): Promise<SignInResult> {
  const { user, method, ip } = input;
  const now = ctx.clock.now();
  const base = { user_id: user.id, email: user.email };
  if (!user.active) {
    if (input.pending) await completePendingLogin(trx, input.pending.id, now);
    return {
      clearPending: true,
      step: {
        kind: 'active_validation',
        body: {
          ...base,
          message: 'Your account is awaiting validation.',
          details: 'An administrator of your company must validate your account before you can sign in.',
          active_validation_required: true,
        },
      },
    };
  }
  let pending = input.pending;
  let pendingToken: string | undefined;
  if (!pending) {
    pendingToken = randomToken(32);
    pending = await insertPendingLogin(trx, {
      tokenHash: pendingCookieHash(pendingToken),
      userId: user.id,
      method,
      at: now,
      expiresAt: addMs(now, PENDING_LOGIN_MS),
    });
  }
  const withToken = (step: SignInStep): SignInResult =>
    pendingToken === undefined ? { step, clearPending: false } : { step, pendingToken, clearPending: false };

  if (!pending.two_factor_verified_at) {
    // An authenticator app asks for its code whatever the e-mail code setting; no e-mail is sent.
    if (await hasActiveAuthenticator(trx, user.id)) {
      return withToken({
        kind: 'two_factor',
        body: {
          ...base,
          message: 'Enter the code from your authenticator app.',
          two_factor_required: true,
          two_factor_method: 'authenticator',
        },
      });
    }
    if (user.two_factor_enabled) {
      await issueTwoFactorCode(ctx, trx, user, pending, ip);
      return withToken({
        kind: 'two_factor',
        body: {
          ...base,
          message: 'A verification code was sent to your e-mail.',
          two_factor_required: true,
          two_factor_method: 'email',
        },
      });
    }
  }
  if (!user.email_verified_at) {
    return withToken({
      kind: 'email_verification',
      body: { ...base, message: 'Please verify your e-mail address.', email_verified_required: true },
    });
  }
  if (user.terms_version !== CURRENT_TERMS_VERSION) {
    return withToken({
      kind: 'terms',
      body: {
        ...base,
        message: 'Please accept the terms of use and the privacy policy.',
        terms_accepted_required: true,
        details: { terms_version: CURRENT_TERMS_VERSION },
      },
    });
  }
  await completePendingLogin(trx, pending.id, now);
  const session = await createSession(ctx, trx, user, method, { ip, userAgent: input.userAgent });
  return { step: { kind: 'session', session }, clearPending: true };
}
