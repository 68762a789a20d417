// Wrong two-factor codes are counted per sign-in attempt and per account (ADR 0006, issue 32):
// - an attempt (one pending sign-in, whatever its resends) allows 5 wrong codes, then only a new
//   sign-in goes on: a stranger who has the password spends their own attempt, not the owner's;
// - the account allows 20 wrong codes in 24 hours from browsers it never signed in from; the 20th
//   locks the code step for such browsers for 24 hours and tells the owner once. The account's
//   known browser (device cookie) and its signed-in sessions have their own 20 per 24 hours, so a
//   stranger's guesses never lock the owner's own browser. A password change starts both counts
//   again (the stranger's password no longer works).
// Bound: at most 40 guesses a day, each right with a chance of 3 in 10^6 (an app code is accepted
// one step either side): about 1 in 8,000 a day, and every 20 wrong codes e-mail the owner.

import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { queueMail } from '../../platform/mail/mail.repository.js';
import { twoFactorLockedMail } from '../../platform/mail/mail.templates.js';
import { addMs, HOUR, MINUTE, SECOND } from '../../shared/clock.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import type { UserRow } from '../users/users.table.js';
import {
  countTwoFactorFailuresOfAttempt,
  lockTwoFactor,
  recordTwoFactorFailure,
  twoFactorFailureTimes,
} from './auth.repository.js';

/** Wrong codes that end one sign-in attempt. */
export const TWO_FACTOR_ATTEMPT_MAX_WRONG = 5;
/** Wrong codes per account and class (known browser or not) within the window. */
export const TWO_FACTOR_ACCOUNT_MAX_WRONG = 20;
export const TWO_FACTOR_ACCOUNT_WINDOW_MS = 24 * HOUR;
/** How long the code step stays locked for browsers the account never signed in from. */
export const TWO_FACTOR_LOCK_MS = 24 * HOUR;

/** One check of a code: whose, within which sign-in attempt, from which kind of browser. */
export interface CodeAttempt {
  user: UserRow;
  /** The pending sign-in; null for a signed-in user's re-check in the settings. */
  pendingLoginId: number | null;
  /** The account's known browser (its device cookie) or a signed-in session of the account. */
  knownDevice: boolean;
  ip: string | null;
}

function waitText(ms: number): string {
  const hours = Math.round(ms / HOUR);
  if (ms >= 2 * HOUR) return `${hours} hours`;
  const minutes = Math.ceil(ms / MINUTE);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The answer while a lock runs: even the right code gets it. */
export function twoFactorLockedError(until: Date, now: Date): ServiceError {
  const left = Math.max(until.getTime() - now.getTime(), SECOND);
  return new ServiceError(
    'rate_limited',
    { message: `Too many wrong codes. Try again in ${waitText(left)}.` },
    { retryAfterSeconds: Math.ceil(left / SECOND) },
  );
}

/** The answer once an attempt has used its wrong codes: a new sign-in gives new tries. */
export function attemptSpentError(): ServiceError {
  return new ServiceError('unauthenticated', {
    message: messages.invalidCode,
    details: 'Too many wrong codes: sign in again.',
  });
}

/** Wrong codes before this do not count: the window's start, or a lock's end (a password change ends it too). */
function countSince(user: UserRow, now: Date): Date {
  const windowStart = addMs(now, -TWO_FACTOR_ACCOUNT_WINDOW_MS);
  const previousLock = user.two_factor_locked_until;
  return previousLock && previousLock > windowStart ? previousLock : windowStart;
}

/** For the known browser's class: the end of its ceiling when reached (when the oldest counted code ages out). */
async function knownDeviceLimitEnd(db: Executor, user: UserRow, now: Date): Promise<Date | null> {
  const times = await twoFactorFailureTimes(db, { userId: user.id, knownDevice: true, since: countSince(user, now) });
  const oldestCounted = times[TWO_FACTOR_ACCOUNT_MAX_WRONG - 1];
  return oldestCounted ? addMs(oldestCounted, TWO_FACTOR_ACCOUNT_WINDOW_MS) : null;
}

/** Throws the answer a code check gets before the code is looked at: a spent attempt or a lock. */
export async function assertTwoFactorOpen(db: Executor, attempt: CodeAttempt, now: Date): Promise<void> {
  const { user } = attempt;
  if (attempt.knownDevice) {
    const until = await knownDeviceLimitEnd(db, user, now);
    if (until && until > now) throw twoFactorLockedError(until, now);
  } else if (user.two_factor_locked_until && user.two_factor_locked_until > now) {
    throw twoFactorLockedError(user.two_factor_locked_until, now);
  }
  if (attempt.pendingLoginId !== null) {
    const wrong = await countTwoFactorFailuresOfAttempt(db, attempt.pendingLoginId);
    if (wrong >= TWO_FACTOR_ATTEMPT_MAX_WRONG) throw attemptSpentError();
  }
}

/**
 * Counts one wrong code (inside the caller's transaction) and answers the refusal to give once the
 * transaction is committed: a lock, a spent attempt, or null for a plain wrong code. The 20th
 * wrong code from unknown browsers locks their code step and queues the owner's e-mail (once).
 */
export async function countWrongCode(
  ctx: AppContext,
  trx: Executor,
  attempt: CodeAttempt,
): Promise<ServiceError | null> {
  const { user, ip, knownDevice } = attempt;
  const now = ctx.clock.now();
  await recordTwoFactorFailure(trx, { userId: user.id, pendingLoginId: attempt.pendingLoginId, knownDevice, ip }, now);
  if (knownDevice) {
    const until = await knownDeviceLimitEnd(trx, user, now);
    if (until && until > now) return twoFactorLockedError(until, now);
  } else {
    const times = await twoFactorFailureTimes(trx, {
      userId: user.id,
      knownDevice: false,
      since: countSince(user, now),
    });
    if (times.length >= TWO_FACTOR_ACCOUNT_MAX_WRONG) return lockForStrangers(ctx, trx, attempt, times.length, now);
  }
  if (attempt.pendingLoginId !== null) {
    const wrong = await countTwoFactorFailuresOfAttempt(trx, attempt.pendingLoginId);
    if (wrong >= TWO_FACTOR_ATTEMPT_MAX_WRONG) return attemptSpentError();
  }
  return null;
}

async function lockForStrangers(
  ctx: AppContext,
  trx: Executor,
  { user, ip }: CodeAttempt,
  wrongCodes: number,
  now: Date,
): Promise<ServiceError> {
  const until = addMs(now, TWO_FACTOR_LOCK_MS);
  if (await lockTwoFactor(trx, user.id, until, now)) {
    const resetUrl = `${ctx.publicUrl}/reset-password`;
    await queueMail(trx, twoFactorLockedMail(user.email, user.name, { at: now, ip, until, wrongCodes, resetUrl }), now);
    await recordAudit(trx, {
      event: 'two_factor.account_locked',
      at: now,
      userId: user.id,
      ip,
      details: { wrong_tries: wrongCodes, until: until.toISOString() },
    });
  }
  return twoFactorLockedError(until, now);
}
