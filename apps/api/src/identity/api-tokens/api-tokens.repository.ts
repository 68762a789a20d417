import type { Executor } from '../../db/database.js';
import type { ApiTokenScope } from './api-tokens.table.js';

export async function insertToken(
  db: Executor,
  values: {
    companyId: number;
    userId: number;
    name: string;
    hint: string;
    tokenHash: string;
    scopes: ApiTokenScope[];
    at: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      company_id: values.companyId,
      user_id: values.userId,
      name: values.name,
      hint: values.hint,
      token_hash: values.tokenHash,
      scopes: values.scopes,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function tokensWithOwner(db: Executor) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.hint',
      'api_tokens.scopes',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.last_used_ip',
      'api_tokens.revoked_at',
      'api_tokens.user_id',
      'users.name as owner_name',
      'users.email as owner_email',
    ]);
}

/** A company's tokens, or only one member's when `userId` is given; newest first, at most 500. */
export function listTokens(db: Executor, input: { companyId: number; userId?: number }) {
  let query = tokensWithOwner(db).where('api_tokens.company_id', '=', input.companyId);
  if (input.userId !== undefined) query = query.where('api_tokens.user_id', '=', input.userId);
  return query.orderBy('api_tokens.id', 'desc').limit(500).execute();
}

/** How many of a member's tokens in a company still work at `now` (not revoked, not expired). */
export async function countActiveTokens(db: Executor, input: { companyId: number; userId: number; now: Date }) {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findToken(db: Executor, input: { id: number; companyId: number }) {
  return tokensWithOwner(db)
    .where('api_tokens.id', '=', input.id)
    .where('api_tokens.company_id', '=', input.companyId)
    .executeTakeFirst();
}

export type ApiTokenWithOwner = NonNullable<Awaited<ReturnType<typeof findToken>>>;

export async function revokeToken(db: Executor, input: { id: number; at: Date; by: number }): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: input.at, revoked_by: input.by })
    .where('id', '=', input.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The token of this hash with its owner and the owner's membership of the token's company (only
 * while not deactivated), in one query: this runs on every call a token makes, and nothing is cached,
 * so a revocation, a deactivation or a role change applies to the next call.
 */
export function findTokenForAuth(db: Executor, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'api_tokens.user_id')
        .onRef('memberships.company_id', '=', 'api_tokens.company_id')
        .on('memberships.deactivated_at', 'is', null),
    )
    .selectAll('users')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.company_id as token_company_id',
      'api_tokens.scopes as token_scopes',
      'api_tokens.expires_at as token_expires_at',
      'api_tokens.revoked_at as token_revoked_at',
      'api_tokens.last_used_at as token_last_used_at',
      'api_tokens.last_used_ip as token_last_used_ip',
      'memberships.role as member_role',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Executor, input: { id: number; at: Date; ip: string | null }): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: input.at, last_used_ip: input.ip })
    .where('id', '=', input.id)
    .execute();
}

/** Remembers an address the token was used from; true when it had not been seen before. */
export async function rememberAddress(db: Executor, input: { tokenId: number; ip: string; at: Date }) {
  const inserted = await db
    .insertInto('api_token_addresses')
    .values({ token_id: input.tokenId, ip: input.ip, first_seen_at: input.at })
    .onConflict((conflict) => conflict.columns(['token_id', 'ip']).doNothing())
    .returning('token_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
