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

/**
 * The session, its user and whether the user still belongs to the current company, in one query
 * (this runs on every authenticated call).
 */
export function findSessionWithUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'users.id')
        .onRef('memberships.company_id', '=', 'users.current_company_id'),
    )
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.method as session_method',
      'sessions.created_at as session_created_at',
      'sessions.last_activity_at as session_last_activity_at',
      'sessions.expires_at as session_expires_at',
      'sessions.revoked_at as session_revoked_at',
      'memberships.company_id as member_company_id',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
