import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OneTimeTokenRow, PendingLoginRow, TwoFactorCodeRow } from './auth.table.js';

// ── pending sign-ins ────────────────────────────────────────────────────────────────────────────

export function insertPendingLogin(
  db: Executor,
  values: { tokenHash: string; userId: number; method: string; at: Date; expiresAt: Date },
): Promise<PendingLoginRow> {
  return db
    .insertInto('pending_logins')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      method: values.method,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The open pending sign-in with this token hash (not completed, not expired). */
export function findOpenPendingLogin(db: Executor, tokenHash: string, now: Date): Promise<PendingLoginRow | undefined> {
  return db
    .selectFrom('pending_logins')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export function findPendingLoginById(db: Executor, id: number) {
  return db.selectFrom('pending_logins').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markPendingTwoFactorVerified(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('pending_logins').set({ two_factor_verified_at: at }).where('id', '=', id).execute();
}

/** Completes a pending sign-in once; false when it was already completed (a replay). */
export async function completePendingLogin(db: Executor, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('pending_logins')
    .set({ completed_at: at })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a pending sign-in a new cookie token (the old cookie stops working). */
export async function rotatePendingLoginToken(db: Executor, id: number, tokenHash: string): Promise<void> {
  await db.updateTable('pending_logins').set({ token_hash: tokenHash }).where('id', '=', id).execute();
}

export async function completePendingLoginsOfUser(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('pending_logins')
    .set({ completed_at: at })
    .where('user_id', '=', userId)
    .where('completed_at', 'is', null)
    .execute();
}

// ── two-factor codes ────────────────────────────────────────────────────────────────────────────

export function latestTwoFactorCode(db: Executor, pendingLoginId: number): Promise<TwoFactorCodeRow | undefined> {
  return db
    .selectFrom('two_factor_codes')
    .selectAll()
    .where('pending_login_id', '=', pendingLoginId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Ends every live code of a pending sign-in (a new code replaces them). */
export async function retireTwoFactorCodes(db: Executor, pendingLoginId: number, at: Date): Promise<void> {
  await db
    .updateTable('two_factor_codes')
    .set({ consumed_at: at })
    .where('pending_login_id', '=', pendingLoginId)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertTwoFactorCode(
  db: Executor,
  values: { pendingLoginId: number; userId: number; codeHash: string; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('two_factor_codes')
    .values({
      pending_login_id: values.pendingLoginId,
      user_id: values.userId,
      code_hash: values.codeHash,
      attempts: 0,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Counts a wrong try; returns the new count. */
export async function countWrongTwoFactorTry(db: Executor, id: number): Promise<number> {
  const row = await db
    .updateTable('two_factor_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Consumes a code once; false when another request consumed it first. */
export async function consumeTwoFactorCode(db: Executor, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ── one-time tokens (confirmation, verification, reset, Microsoft hand-over) ───────────────────

export type TokenPurpose = 'confirm_registration' | 'verify_email' | 'password_reset' | 'microsoft_handoff';

export async function insertOneTimeToken(
  db: Executor,
  values: {
    purpose: TokenPurpose;
    userId: number;
    tokenHash: string;
    at: Date;
    expiresAt: Date;
    secondaryHash?: string;
    secondaryExpiresAt?: Date;
    pendingLoginId?: number;
  },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      purpose: values.purpose,
      user_id: values.userId,
      token_hash: values.tokenHash,
      secondary_hash: values.secondaryHash ?? null,
      secondary_expires_at: values.secondaryExpiresAt ?? null,
      pending_login_id: values.pendingLoginId ?? null,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * Takes a live token of this purpose and marks it used in one statement, so a token works once
 * even under concurrent requests. Undefined when unknown, used or expired.
 */
export function consumeOneTimeToken(
  db: Executor,
  purpose: TokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .updateTable('one_time_tokens')
    .set({ consumed_at: now })
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Retires the live tokens of a user for a purpose (a new link replaces the old ones). */
export async function retireOneTimeTokens(db: Executor, userId: number, purpose: TokenPurpose, at: Date) {
  await db
    .updateTable('one_time_tokens')
    .set({ consumed_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

// ── failed sign-ins ─────────────────────────────────────────────────────────────────────────────

export async function recordLoginFailure(db: Executor, emailKey: string, ip: string | null, at: Date): Promise<void> {
  await db.insertInto('login_failures').values({ email_key: emailKey, ip, created_at: at }).execute();
}

/** Failures for this e-mail key since `since`: from every address, and from `ip` alone. */
export async function countLoginFailures(
  db: Executor,
  values: { emailKey: string; ip: string | null; since: Date },
): Promise<{ account: number; fromAddress: number }> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('account'),
      eb.fn
        .countAll<number>()
        .filterWhere('ip', '=', values.ip ?? '')
        .as('from_address'),
    ])
    .where('email_key', '=', values.emailKey)
    .where('created_at', '>', values.since)
    .executeTakeFirstOrThrow();
  return { account: Number(row.account), fromAddress: Number(row.from_address) };
}

/** Failures from one address since `since`, whatever the e-mail. */
export async function countLoginFailuresFromAddress(db: Executor, ip: string | null, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip ?? '')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── wrong two-factor codes per account ──────────────────────────────────────────────────────────

/** Who typed a wrong code: the sign-in attempt (null for a signed-in user's re-check) and its class. */
export interface TwoFactorFailureSource {
  userId: number;
  pendingLoginId: number | null;
  knownDevice: boolean;
  ip: string | null;
}

export async function recordTwoFactorFailure(db: Executor, source: TwoFactorFailureSource, at: Date) {
  await db
    .insertInto('two_factor_failures')
    .values({
      user_id: source.userId,
      pending_login_id: source.pendingLoginId,
      known_device: source.knownDevice,
      ip: source.ip,
      created_at: at,
    })
    .execute();
}

/** Wrong codes of one sign-in attempt, whatever its codes and resends. */
export async function countTwoFactorFailuresOfAttempt(db: Executor, pendingLoginId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pending_login_id', '=', pendingLoginId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the account's wrong codes of one class (known device or not) since `since` happened, newest first. */
export async function twoFactorFailureTimes(
  db: Executor,
  input: { userId: number; knownDevice: boolean; since: Date },
): Promise<Date[]> {
  const rows = await db
    .selectFrom('two_factor_failures')
    .select('created_at')
    .where('user_id', '=', input.userId)
    .where('known_device', '=', input.knownDevice)
    .where('created_at', '>', input.since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.created_at);
}

/**
 * Locks the account's two-factor step until `until`, unless a lock is already running; true when
 * this call set it (so only one request tells the owner, even under concurrent wrong codes).
 */
export async function lockTwoFactor(db: Executor, userId: number, until: Date, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ two_factor_locked_until: until })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_locked_until', 'is', null), eb('two_factor_locked_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
