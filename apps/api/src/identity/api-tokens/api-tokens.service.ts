// API tokens of the current company (ADR 0048): each member creates and revokes their own; the
// company's administrators also see and revoke every member's. The secret is answered once.
import type { operations } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { addMs, DAY } from '../../shared/clock.js';
import { sha256 } from '../../shared/secrets.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import type { AuthContext } from '../session/session.service.js';
import {
  type ApiTokenWithOwner,
  countActiveTokens,
  findToken,
  insertToken,
  listTokens,
  revokeToken,
} from './api-tokens.repository.js';
import { hintOf, newTokenSecret } from './api-tokens.secret.js';

type CreateInput = operations['createApiToken']['requestBody']['content']['application/json'];
type ListQuery = NonNullable<operations['listApiTokens']['parameters']['query']>;

export const DEFAULT_EXPIRY_DAYS = 90;
/** Active tokens one member may hold in one company. */
export const ACTIVE_TOKENS_MAX = 50;
const ADMINS_ONLY = "Only the company's administrators can see every member's API tokens.";

interface Call<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
  ip: string | null;
}

function statusOf(row: ApiTokenWithOwner, now: Date) {
  if (row.revoked_at) return 'revoked' as const;
  return row.expires_at <= now ? ('expired' as const) : ('active' as const);
}

function toJson(row: ApiTokenWithOwner, now: Date) {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes,
    status: statusOf(row, now),
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email },
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listApiTokens({ ctx, auth, input }: Omit<Call<ListQuery>, 'ip'>) {
  const scope = requireScope(auth.scope);
  const company = input.owner === 'company';
  if (company && auth.role !== 'administrator') throw new ServiceError('forbidden', ADMINS_ONLY);
  const rows = await listTokens(ctx.db, { companyId: scope.companyId, ...(company ? {} : { userId: scope.userId }) });
  const now = ctx.clock.now();
  return { data: rows.map((row) => toJson(row, now)) };
}

export async function createApiToken({ ctx, auth, input, ip }: Call<CreateInput>) {
  const scope = requireScope(auth.scope);
  const name = input.name.trim();
  if (!name) throw validationError({ name: ['Give the token a name.'] });
  const scopes = [...new Set(input.scopes)];
  if (scopes.includes('mcp') && !scopes.includes('read')) {
    throw validationError({ scopes: ["The mcp scope needs read too: the assistant's tools read through the API."] });
  }
  const now = ctx.clock.now();
  const secret = newTokenSecret();
  const id = await ctx.db.transaction().execute(async (trx) => {
    // Counted in SQL: the list stops at 500 rows, and revoked tokens would push active ones out of it.
    if (
      (await countActiveTokens(trx, { companyId: scope.companyId, userId: scope.userId, now })) >= ACTIVE_TOKENS_MAX
    ) {
      throw validationError({ name: [`You have ${ACTIVE_TOKENS_MAX} active API tokens here: revoke one first.`] });
    }
    const tokenId = await insertToken(trx, {
      companyId: scope.companyId,
      userId: scope.userId,
      name,
      hint: hintOf(secret),
      tokenHash: sha256(secret),
      scopes,
      at: now,
      expiresAt: addMs(now, (input.expires_in_days ?? DEFAULT_EXPIRY_DAYS) * DAY),
    });
    await recordAudit(trx, {
      event: 'api_token.created',
      at: now,
      userId: scope.userId,
      companyId: scope.companyId,
      ip,
      details: { api_credential: tokenId, name, scopes },
    });
    return tokenId;
  });
  const row = await findToken(ctx.db, { id, companyId: scope.companyId });
  if (!row) throw new ServiceError('not_found', 'API token not found.');
  return { data: toJson(row, now), token: secret };
}

export async function revokeApiToken({ ctx, auth, input, ip }: Call<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await findToken(trx, { id: input.id, companyId: scope.companyId });
    // Another member's token is not even named to a non-administrator.
    if (!found || (found.user_id !== scope.userId && auth.role !== 'administrator')) {
      throw new ServiceError('not_found', 'API token not found.');
    }
    if (!found.revoked_at) {
      await revokeToken(trx, { id: found.id, at: now, by: scope.userId });
      await recordAudit(trx, {
        event: 'api_token.revoked',
        at: now,
        userId: scope.userId,
        companyId: scope.companyId,
        ip,
        details: { api_credential: found.id, owner: found.user_id },
      });
    }
    return findToken(trx, { id: found.id, companyId: scope.companyId });
  });
  if (!row) throw new ServiceError('not_found', 'API token not found.');
  return { data: toJson(row, now) };
}
