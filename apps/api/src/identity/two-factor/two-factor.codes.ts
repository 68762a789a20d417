// The secrets of the authenticator method: the sealed TOTP secret and the recovery codes.
// Recovery codes: 10 characters from a 32-letter alphabet without look-alikes (50 bits), shown as
// xxxxx-xxxxx, stored as an HMAC under the server's code key (ADR 0016).
import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { derivedKey, hmac, seal, unseal } from '../../shared/secrets.js';
import { matchTotp } from './totp.js';
import { acceptStep, authenticatorForUpdate, useRecoveryCode } from './two-factor.repository.js';
import type { AuthenticatorRow } from './two-factor.table.js';

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32, lower case: no i, l, o or u. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** xxxxx-xxxxx, drawn uniformly from the recovery alphabet. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(0, 32)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What the user typed, made canonical: case, spaces and the dash do not matter; o→0, i/l→1. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

export function recoveryCodeHash(ctx: AppContext, userId: number, code: string): string {
  return hmac(ctx.codeKey, `recovery:${userId}:${normalizeRecoveryCode(code)}`);
}

/** A recovery code's shape (the sign-in's code field takes either a 6-digit code or this). */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[0-9a-z]{10}$/.test(normalizeRecoveryCode(code));
}

function secretKey(ctx: AppContext): Buffer {
  return derivedKey(ctx.codeKey, 'vigil authenticator secrets');
}

export function sealSecret(ctx: AppContext, userId: number, secret: string): string {
  return seal(secretKey(ctx), secret, `authenticator:${userId}`);
}

export function openSecret(ctx: AppContext, row: AuthenticatorRow): string {
  return unseal(secretKey(ctx), row.secret_sealed, `authenticator:${row.user_id}`);
}

export type SecondFactor = 'totp' | 'recovery';

/**
 * Checks an authenticator or recovery code of a user with an active authenticator, inside the
 * caller's transaction; a right code is used up at once (its step recorded, or the recovery code
 * marked). Answers what matched, or null for a wrong, replayed or used code.
 */
export async function useAuthenticatorCode(
  ctx: AppContext,
  trx: Executor,
  userId: number,
  code: string,
): Promise<SecondFactor | null> {
  const now = ctx.clock.now();
  if (isRecoveryCodeShape(code)) {
    return (await useRecoveryCode(trx, userId, recoveryCodeHash(ctx, userId, code), now)) ? 'recovery' : null;
  }
  const row = await authenticatorForUpdate(trx, userId);
  if (!row?.confirmed_at || !/^[0-9]{6}$/.test(code)) return null;
  const step = matchTotp(openSecret(ctx, row), code, now, row.last_step);
  return step !== null && (await acceptStep(trx, userId, step)) ? 'totp' : null;
}
