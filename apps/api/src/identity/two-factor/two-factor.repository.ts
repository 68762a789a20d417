import type { Executor } from '../../db/database.js';
import type { AuthenticatorRow } from './two-factor.table.js';

/** The user's authenticator row, locked for the transaction's duration (replay check and update). */
export function authenticatorForUpdate(db: Executor, userId: number): Promise<AuthenticatorRow | undefined> {
  return db.selectFrom('authenticators').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** Whether the user's authenticator app is set up and confirmed. */
export async function hasActiveAuthenticator(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('authenticators')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Starts (or restarts) an enrolment: a new, unconfirmed secret replaces any unconfirmed one. */
export async function putPendingAuthenticator(db: Executor, userId: number, secretSealed: string, at: Date) {
  await db
    .insertInto('authenticators')
    .values({ user_id: userId, secret_sealed: secretSealed, created_at: at, confirmed_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, created_at: at, confirmed_at: null, last_step: null }),
    )
    .execute();
}

/** Records an accepted step; false when a step at or after it was accepted meanwhile (a replay). */
export async function acceptStep(db: Executor, userId: number, step: number, confirmAt?: Date): Promise<boolean> {
  const row = await db
    .updateTable('authenticators')
    .set({ last_step: step, ...(confirmAt ? { confirmed_at: confirmAt } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteAuthenticator(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('authenticators').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Replaces the user's recovery codes (the old ones stop working). */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], at: Date): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Uses a recovery code once; false when unknown or already used. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
