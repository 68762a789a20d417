// Sign-in verbs: password, two-factor code, its resend, terms acceptance. No framework imports:
// routes pass the pending-step token from the signed cookie and apply the returned cookie changes.
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { laneOf, verifyAgainstDummy, verifyPassword } from '../../shared/passwords.js';
import { safeEqual, sha256 } from '../../shared/secrets.js';
import { messages, ServiceError, validationError } from '../../shared/service-error.js';
import { isRecoveryCodeShape, useAuthenticatorCode } from '../two-factor/two-factor.codes.js';
import { hasActiveAuthenticator } from '../two-factor/two-factor.repository.js';
import { findUserByEmail, findUserById, maskEmail, normalizeEmail, updateUser } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import {
  consumeTwoFactorCode,
  countWrongTwoFactorTry,
  findOpenPendingLogin,
  latestTwoFactorCode,
  markPendingTwoFactorVerified,
  recordLoginFailure,
} from './auth.repository.js';
import type { PendingLoginRow } from './auth.table.js';
import {
  advanceSignIn,
  CURRENT_TERMS_VERSION,
  issueTwoFactorCode,
  pendingCookieHash,
  type SignInResult,
  TWO_FACTOR_MAX_TRIES,
  TWO_FACTOR_RESEND_MS,
  twoFactorCodeHash,
} from './sign-in.steps.js';
import { checkSignInLimits, waitForAccountSlot } from './sign-in-throttle.js';
import { assertTwoFactorOpen, type CodeAttempt, countWrongCode } from './two-factor-lock.js';

interface Request<I> {
  ctx: AppContext;
  input: I;
  ip: string | null;
  /** The browser's User-Agent, kept on the session a finished sign-in creates. */
  userAgent?: string | undefined;
}

/** The e-mail's key in the failure counter (a hash, so the table holds no addresses). */
export function emailKey(email: string): string {
  return sha256(`login:${normalizeEmail(email)}`);
}

/**
 * Password sign-in. An unknown e-mail and a wrong password give the same 401 in the same time:
 * both pass the same limits, wait the same delay, verify an argon2id hash and record a failure
 * (ADR 0006). `deviceUserId` is the user of this browser's device cookie (a past sign-in here).
 */
export async function signInWithPassword({
  ctx,
  input,
  ip,
  userAgent,
}: Request<{ email: string; password: string; deviceUserId?: number | undefined }>): Promise<SignInResult> {
  const now = ctx.clock.now();
  const key = emailKey(input.email);
  let delayMs: number;
  try {
    ({ delayMs } = await checkSignInLimits(ctx, { emailKey: key, ip, now }));
  } catch (error) {
    await recordAudit(ctx.db, { event: 'login.blocked', at: now, ip, details: { reason: 'failures per address' } });
    throw error;
  }
  const user = await findUserByEmail(ctx.db, input.email);
  const knownDevice = user !== undefined && input.deviceUserId === user.id;
  if (!knownDevice) await waitForAccountSlot(ctx, key, delayMs);
  // The hash waits its turn in this browser's lane: its network, or the account's known browser.
  const lane = laneOf(ip, knownDevice ? user.id : undefined);
  const passwordOk =
    user?.password_hash != null
      ? await verifyPassword(user.password_hash, input.password, lane)
      : await verifyAgainstDummy(input.password, lane);
  if (!user || !passwordOk) {
    await ctx.db.transaction().execute(async (trx) => {
      await recordLoginFailure(trx, key, ip, now);
      await recordAudit(trx, {
        event: 'login.failed',
        at: now,
        userId: user?.id ?? null,
        ip,
        details: { method: 'password' },
      });
    });
    throw new ServiceError('unauthenticated', messages.invalidCredentials);
  }
  return ctx.db
    .transaction()
    .execute((trx) => advanceSignIn(ctx, trx, { user, pending: null, method: 'password', ip, userAgent }));
}

/**
 * The pending sign-in bound to this browser's cookie, for this user. Any mismatch answers like an
 * unknown user (404 'User not found.'), so a guessed user_id finishes nothing.
 */
async function boundPending(ctx: AppContext, pendingToken: string | undefined, userId: number) {
  const now = ctx.clock.now();
  const pending = pendingToken ? await findOpenPendingLogin(ctx.db, pendingCookieHash(pendingToken), now) : undefined;
  if (!pending || pending.user_id !== userId) throw new ServiceError('not_found', messages.userNotFound);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new ServiceError('not_found', messages.userNotFound);
  return { pending, user };
}

/**
 * The code step. Wrong codes count for this sign-in attempt (5, then sign in again) and for the
 * account (two-factor-lock.ts); `deviceUserId` is the user of this browser's device cookie.
 */
export async function verifyTwoFactor({
  ctx,
  input,
  ip,
  userAgent,
}: Request<{
  userId: number;
  code: string;
  pendingToken: string | undefined;
  deviceUserId?: number | undefined;
}>): Promise<SignInResult> {
  const { pending, user } = await boundPending(ctx, input.pendingToken, input.userId);
  const now = ctx.clock.now();
  const attempt: CodeAttempt = { user, pendingLoginId: pending.id, knownDevice: input.deviceUserId === user.id, ip };
  await assertTwoFactorOpen(ctx.db, attempt, now);
  if (await hasActiveAuthenticator(ctx.db, user.id)) {
    return verifyAuthenticatorCode(ctx, { attempt, pending, code: input.code, userAgent });
  }
  const code = await latestTwoFactorCode(ctx.db, pending.id);
  const usable = code && !code.consumed_at && code.expires_at > now && code.attempts < TWO_FACTOR_MAX_TRIES;
  if (!code || !usable || isRecoveryCodeShape(input.code))
    throw new ServiceError('unauthenticated', messages.invalidCode);
  if (!safeEqual(code.code_hash, twoFactorCodeHash(ctx, pending.id, input.code))) {
    const { tries, refusal } = await ctx.db.transaction().execute(async (trx) => {
      const count = await countWrongTwoFactorTry(trx, code.id);
      const refused = await countWrongCode(ctx, trx, attempt);
      await recordAudit(trx, {
        event: count >= TWO_FACTOR_MAX_TRIES ? 'two_factor.locked' : 'two_factor.failed',
        at: now,
        userId: user.id,
        ip,
        details: { tries: count },
      });
      return { tries: count, refusal: refused };
    });
    if (refusal) throw refusal;
    throw new ServiceError('unauthenticated', {
      message: messages.invalidCode,
      ...(tries >= TWO_FACTOR_MAX_TRIES ? { details: 'Too many wrong codes: ask for a new code.' } : {}),
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await consumeTwoFactorCode(trx, code.id, now)))
      throw new ServiceError('unauthenticated', messages.invalidCode);
    await markPendingTwoFactorVerified(trx, pending.id, now);
    await recordAudit(trx, { event: 'two_factor.verified', at: now, userId: user.id, ip });
    const verified: PendingLoginRow = { ...pending, two_factor_verified_at: now };
    return advanceSignIn(ctx, trx, { user, pending: verified, method: methodOf(pending), ip, userAgent });
  });
}

/**
 * The authenticator method's step: an app code (±1 step, never twice) or a recovery code (once).
 * Wrong codes count like wrong e-mailed codes (the same attempt and account limits).
 */
async function verifyAuthenticatorCode(
  ctx: AppContext,
  {
    attempt,
    pending,
    code,
    userAgent,
  }: { attempt: CodeAttempt; pending: PendingLoginRow; code: string; userAgent: string | undefined },
): Promise<SignInResult> {
  const now = ctx.clock.now();
  const { user, ip } = attempt;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const used = await useAuthenticatorCode(ctx, trx, user.id, code);
    if (!used) {
      const refusal = await countWrongCode(ctx, trx, attempt);
      await recordAudit(trx, {
        event: 'two_factor.failed',
        at: now,
        userId: user.id,
        ip,
        details: { method: 'authenticator' },
      });
      return { ok: false as const, refusal };
    }
    await markPendingTwoFactorVerified(trx, pending.id, now);
    await recordAudit(trx, {
      event: used === 'recovery' ? 'two_factor.recovery_code_used' : 'two_factor.verified',
      at: now,
      userId: user.id,
      ip,
      details: { method: 'authenticator' },
    });
    const verified: PendingLoginRow = { ...pending, two_factor_verified_at: now };
    return {
      ok: true as const,
      result: await advanceSignIn(ctx, trx, { user, pending: verified, method: methodOf(pending), ip, userAgent }),
    };
  });
  if (outcome.ok) return outcome.result;
  throw outcome.refusal ?? new ServiceError('unauthenticated', messages.invalidCode);
}

function methodOf(pending: PendingLoginRow): 'password' | 'microsoft' {
  return pending.method === 'microsoft' ? 'microsoft' : 'password';
}

export async function resendTwoFactor({
  ctx,
  input,
  ip,
}: Request<{ userId: number; pendingToken: string | undefined; deviceUserId?: number | undefined }>) {
  const { pending, user } = await boundPending(ctx, input.pendingToken, input.userId);
  const noEmailCode = !user.two_factor_enabled || (await hasActiveAuthenticator(ctx.db, user.id));
  if (noEmailCode || pending.two_factor_verified_at) throw new ServiceError('not_found', messages.userNotFound);
  const now = ctx.clock.now();
  const attempt: CodeAttempt = { user, pendingLoginId: pending.id, knownDevice: input.deviceUserId === user.id, ip };
  await assertTwoFactorOpen(ctx.db, attempt, now);
  const last = await latestTwoFactorCode(ctx.db, pending.id);
  if (last) {
    const wait = last.created_at.getTime() + TWO_FACTOR_RESEND_MS - now.getTime();
    if (wait > 0) {
      throw new ServiceError(
        'rate_limited',
        { message: 'Please wait before asking for a new code.' },
        { retryAfterSeconds: Math.ceil(wait / 1000) },
      );
    }
  }
  await ctx.db.transaction().execute((trx) => issueTwoFactorCode(ctx, trx, user, pending, ip));
  return { message: 'A new code was sent.', email: maskEmail(user.email) };
}

export async function acceptTerms({
  ctx,
  input,
  ip,
  userAgent,
}: Request<{ userId: number; terms: boolean; privacy: boolean; pendingToken: string | undefined }>) {
  const { pending, user } = await boundPending(ctx, input.pendingToken, input.userId);
  const errors: Record<string, string[]> = {};
  if (!input.terms) errors.terms = ['The terms of use must be accepted.'];
  if (!input.privacy) errors.privacy = ['The privacy policy must be accepted.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { terms_version: CURRENT_TERMS_VERSION, terms_accepted_at: now, updated_at: now });
    await recordAudit(trx, {
      event: 'terms.accepted',
      at: now,
      userId: user.id,
      ip,
      details: { terms_version: CURRENT_TERMS_VERSION },
    });
    const updated: UserRow = { ...user, terms_version: CURRENT_TERMS_VERSION, terms_accepted_at: now };
    return advanceSignIn(ctx, trx, { user: updated, pending, method: methodOf(pending), ip, userAgent });
  });
}

export { boundPending };
