import type { Executor } from '../../db/database.js';

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; userId: number; method: string; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      method: values.method,
      created_at: values.at,
      last_activity_at: values.at,
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findSessionByTokenHash(db: Executor, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchSession(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_activity_at: at }).where('id', '=', id).execute();
}

export async function revokeSession(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSessionsOfUser(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
