// How an API token authenticates a call (ADR 0048). The token's own company is the call's company
// (never the owner's current one), its role the owner's current role there, and what it may call is
// its scopes: a GET needs `read`, a write the scope its operation names in the contract
// (`x-token-scope`), and the account, session, two-factor, company and token operations are never a
// token's. Nothing is cached: revoking, deactivating or changing a role applies to the next call.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { MINUTE } from '../../shared/clock.js';
import { sha256 } from '../../shared/secrets.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import { type AuthContext, authenticate } from '../session/session.service.js';
import { readAccessToken } from '../session/sign-in-cookies.js';
import { findTokenForAuth, rememberAddress, touchToken } from './api-tokens.repository.js';
import { looksLikeApiToken, wellFormedToken } from './api-tokens.secret.js';
import type { ApiTokenScope } from './api-tokens.table.js';

export type TokenScope = ApiTokenScope;
export const TOKEN_SCOPES: readonly TokenScope[] = ['read', 'triage', 'import', 'mcp'];

export const TOKEN_MESSAGES = {
  expired: 'This API token has expired.',
  revoked: 'This API token has been revoked.',
  notMember: "This API token's owner no longer works in its company.",
  missingScope: (scope: TokenScope) => `This API token does not have the ${scope} scope.`,
};

/** Operations of these tags act on a person's own account or session: never a token's. */
const SESSION_ONLY_TAGS = new Set([
  'auth',
  'session',
  'account',
  'two-factor',
  'preferences',
  'microsoft',
  'admin',
  'members',
  'advisor',
  'api-tokens',
]);

/** Last used time is written at most once a minute (and whenever the address changes). */
const TOUCH_INTERVAL_MS = MINUTE;

/** The scope an operation needs from a token, or null when tokens may not call it. */
export function requiredTokenScope(op: { method: string; tag: string | undefined; tokenScope: string | undefined }) {
  if (op.tokenScope !== undefined) return op.tokenScope as TokenScope;
  if (op.method === 'GET' && (op.tag === undefined || !SESSION_ONLY_TAGS.has(op.tag))) return 'read';
  return null;
}

/** Refuses the call when the token lacks `scope` (null: no token may make it). Sessions pass. */
export function checkTokenScope(auth: AuthContext, scope: TokenScope | null): void {
  if (!auth.token) return;
  if (scope === null) throw new ServiceError('forbidden', messages.sessionOnly);
  if (!auth.token.scopes.includes(scope)) throw new ServiceError('forbidden', TOKEN_MESSAGES.missingScope(scope));
}

/** Resolves an API token's secret to who calls, in which company, with which role and scopes. */
export async function authenticateApiToken(
  ctx: AppContext,
  input: { token: string; ip: string | null },
): Promise<AuthContext> {
  if (!wellFormedToken(input.token)) throw new ServiceError('unauthenticated', messages.unauthenticated);
  const row = await findTokenForAuth(ctx.db, sha256(input.token));
  if (!row) throw new ServiceError('unauthenticated', messages.unauthenticated);
  const now = ctx.clock.now();
  const {
    token_id,
    token_company_id,
    token_scopes,
    token_expires_at,
    token_revoked_at,
    token_last_used_at,
    token_last_used_ip,
    member_role,
    ...user
  } = row;
  if (token_revoked_at) throw new ServiceError('unauthenticated', TOKEN_MESSAGES.revoked);
  if (token_expires_at <= now) throw new ServiceError('unauthenticated', TOKEN_MESSAGES.expired);
  if (!user.active) throw new ServiceError('unauthenticated', messages.unauthenticated);
  if (!member_role) throw new ServiceError('unauthenticated', TOKEN_MESSAGES.notMember);
  const newAddress = input.ip !== null && input.ip !== token_last_used_ip;
  if (newAddress || !token_last_used_at || now.getTime() - token_last_used_at.getTime() >= TOUCH_INTERVAL_MS) {
    await ctx.db.transaction().execute(async (trx) => {
      await touchToken(trx, { id: token_id, at: now, ip: input.ip });
      if (
        input.ip !== null &&
        newAddress &&
        (await rememberAddress(trx, { tokenId: token_id, ip: input.ip, at: now }))
      ) {
        await recordAudit(trx, {
          event: 'api_token.used_from_new_address',
          at: now,
          userId: user.id,
          companyId: token_company_id,
          ip: input.ip,
          details: { api_credential: token_id },
        });
      }
    });
  }
  return {
    session: null,
    token: { id: token_id, scopes: token_scopes },
    // Whatever reads the user's current company sees the token's.
    user: { ...user, current_company_id: token_company_id },
    scope: { userId: user.id, companyId: token_company_id },
    role: member_role,
  };
}

/** A bearer API token or a session, whichever the request carries. */
export function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
  options: { countsAsActivity: boolean },
): Promise<AuthContext> {
  const token = readAccessToken(request);
  if (token !== undefined && looksLikeApiToken(token)) return authenticateApiToken(ctx, { token, ip: request.ip });
  return authenticate({ ctx, input: { token, countsAsActivity: options.countsAsActivity, ip: request.ip } });
}

/**
 * A request outside the contract (TAXII) authenticated by a bearer API token holding `scope`, or a
 * session. Throws ServiceError 'unauthenticated' / 'forbidden'.
 */
export async function authenticateFor(
  ctx: AppContext,
  request: FastifyRequest,
  scope: TokenScope,
): Promise<AuthContext> {
  const auth = await authenticateRequest(ctx, request, { countsAsActivity: true });
  checkTokenScope(auth, scope);
  return auth;
}
