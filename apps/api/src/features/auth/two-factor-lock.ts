// Wrong two-factor codes counted per account, whatever the sign-in or method (password or
// Microsoft): each code allows 5 tries, but a new sign-in gives a new code, so only a count per
// account bounds guessing. Past the limit the account's code step is locked and the owner told once.

import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { addMs, MINUTE, SECOND } from '../../shared/clock.js';
import { HttpError } from '../../shared/http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import { queueMail } from '../mail/mail.repository.js';
import { twoFactorLockedMail } from '../mail/mail.templates.js';
import type { UserRow } from '../users/users.table.js';
import { countTwoFactorFailuresSince, lockTwoFactor, recordTwoFactorFailure } from './auth.repository.js';

/** Wrong codes per account within the window that lock its code step. */
export const TWO_FACTOR_ACCOUNT_MAX_WRONG = 10;
export const TWO_FACTOR_ACCOUNT_WINDOW_MS = 15 * MINUTE;
export const TWO_FACTOR_LOCK_MS = 15 * MINUTE;

/** The answer while the lock runs: even the right code gets it. */
export function twoFactorLockedError(until: Date, now: Date): HttpError {
  const left = Math.max(until.getTime() - now.getTime(), SECOND);
  const minutes = Math.ceil(left / MINUTE);
  return new HttpError(
    429,
    { message: `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.` },
    { 'retry-after': String(Math.ceil(left / SECOND)) },
  );
}

/** Throws the lock's answer while the account's code step is locked. */
export function assertTwoFactorOpen(user: UserRow, now: Date): void {
  const until = user.two_factor_locked_until;
  if (until && until > now) throw twoFactorLockedError(until, now);
}

/**
 * Counts one wrong code for the account (inside the caller's transaction). When it reaches the
 * limit, locks the code step and queues the owner's e-mail; answers the lock's end, or null.
 * Codes before the end of a previous lock do not count again.
 */
export async function countWrongCodeForAccount(
  ctx: AppContext,
  trx: Executor,
  user: UserRow,
  ip: string | null,
): Promise<Date | null> {
  const now = ctx.clock.now();
  await recordTwoFactorFailure(trx, user.id, ip, now);
  const windowStart = addMs(now, -TWO_FACTOR_ACCOUNT_WINDOW_MS);
  const previousLock = user.two_factor_locked_until;
  const since = previousLock && previousLock > windowStart ? previousLock : windowStart;
  const wrongCodes = await countTwoFactorFailuresSince(trx, user.id, since);
  if (wrongCodes < TWO_FACTOR_ACCOUNT_MAX_WRONG) return null;
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
  return until;
}
