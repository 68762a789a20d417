import type { CompiledQuery, InferResult } from 'kysely';
import type { Executor } from '../../db/database.js';

export async function insertSession(
  db: Executor,
  values: {
    tokenHash: string;
    userId: number;
    method: string;
    at: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
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
      user_agent: values.userAgent,
      ip: values.ip,
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

/** Revokes every open session of the user, except `keepId` when given (the caller's own). */
export async function revokeSessionsOfUser(db: Executor, userId: number, at: Date, keepId?: number): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId !== undefined) query = query.where('id', '<>', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user's sessions still usable at `now` (not revoked, not past either expiry), newest first. */
export function listOpenSessions(db: Executor, userId: number, now: Date, idleSince: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'method', 'created_at', 'last_activity_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_activity_at', '>=', idleSince)
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Revokes one open session of this user; false when there is none with that id. */
export async function revokeSessionOfUser(db: Executor, userId: number, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function sessionWithUserQuery(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'users.id')
        .onRef('memberships.company_id', '=', 'users.current_company_id')
        // A deactivated member keeps the account but no longer works under the company.
        .on('memberships.deactivated_at', 'is', null),
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
      'sessions.user_agent as session_user_agent',
      'sessions.ip as session_ip',
      'memberships.company_id as member_company_id',
      'memberships.role as member_role',
    ])
    .where('sessions.token_hash', '=', tokenHash);
}

type SessionWithUser = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

/** The query above compiled once per database: building it cost more than the query on PGlite. */
const compiledSessionWithUser = new WeakMap<Executor, CompiledQuery<SessionWithUser>>();

/**
 * The session, its user and whether the user still belongs to the current company, in one query
 * (this runs on every authenticated call). Always read from the database: nothing is cached but
 * the SQL text, so a revoked session is refused at once.
 */
export async function findSessionWithUser(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  let compiled = compiledSessionWithUser.get(db);
  if (!compiled) {
    compiled = sessionWithUserQuery(db, '').compile();
    // The token hash is its only parameter (checked once): each call sends its own.
    if (compiled.parameters.length !== 1) throw new Error('The session query takes exactly one parameter.');
    compiledSessionWithUser.set(db, compiled);
  }
  const query: CompiledQuery<SessionWithUser> = { ...compiled, parameters: [tokenHash] };
  const { rows } = await db.executeQuery(query);
  return rows[0];
}
