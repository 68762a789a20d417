// Sessions: opaque 256-bit tokens, stored as SHA-256, 12 h absolute and 30 min idle lifetime.

import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { addMs, HOUR, MINUTE } from '../../shared/clock.js';
import { randomToken, sha256 } from '../../shared/secrets.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import type { TenantScope } from '../../shared/tenant.js';
import { toUserJson } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { findSessionWithUser, insertSession, revokeSession, touchSession } from './session.repository.js';
import type { SessionRow } from './session.table.js';

export const SESSION_LIFETIME_MS = 12 * HOUR;
export const SESSION_IDLE_MS = 30 * MINUTE;
const TOUCH_INTERVAL_MS = MINUTE;

export interface AuthContext {
  /** The signed-in session; null when an API token calls (identity/api-tokens). */
  session: SessionRow | null;
  /** The API token that calls, with its scopes; null for a session. */
  token: { id: number; scopes: readonly string[] } | null;
  user: UserRow;
  /** The user's current company, when the user still belongs to it. */
  scope: TenantScope | null;
  /** The user's role in that company (administrator, analyst, viewer); null without one. */
  role: string | null;
}

/** Where a sign-in comes from: kept on the session for the active-sessions list. */
export interface SessionClient {
  ip: string | null;
  userAgent?: string | null | undefined;
}

/** A User-Agent longer than this is cut (it is only shown, never trusted). */
const USER_AGENT_MAX = 512;

export interface NewSession {
  accessToken: string;
  body: {
    access_token: string;
    token_type: 'Bearer';
    expires_in: number;
    user: ReturnType<typeof toUserJson>;
  };
}

/** Creates a session inside the caller's transaction. */
export async function createSession(
  ctx: AppContext,
  trx: Executor,
  user: UserRow,
  method: 'password' | 'microsoft',
  client: SessionClient,
): Promise<NewSession> {
  const { ip } = client;
  const now = ctx.clock.now();
  const accessToken = randomToken(32);
  await insertSession(trx, {
    tokenHash: sha256(accessToken),
    userId: user.id,
    method,
    at: now,
    expiresAt: addMs(now, SESSION_LIFETIME_MS),
    userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
    ip,
  });
  await recordAudit(trx, {
    event: 'login.succeeded',
    at: now,
    userId: user.id,
    companyId: user.current_company_id,
    ip,
    details: { method },
  });
  return {
    accessToken,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.floor(SESSION_LIFETIME_MS / 1000),
      user: toUserJson(user),
    },
  };
}

/**
 * Resolves a bearer token to its session. `countsAsActivity` is false for the inactivity check,
 * which must not keep a session alive by itself.
 */
export async function authenticate({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { token: string | undefined; countsAsActivity: boolean; ip: string | null };
}): Promise<AuthContext> {
  if (!input.token) throw new ServiceError('unauthenticated', messages.unauthenticated);
  const row = await findSessionWithUser(ctx.db, sha256(input.token));
  if (!row || row.session_revoked_at) throw new ServiceError('unauthenticated', messages.unauthenticated);
  const {
    session_id,
    session_token_hash,
    session_method,
    session_created_at,
    session_last_activity_at,
    session_expires_at,
    session_revoked_at,
    session_user_agent,
    session_ip,
    member_company_id,
    member_role,
    ...user
  } = row;
  const session: SessionRow = {
    id: session_id,
    token_hash: session_token_hash,
    user_id: user.id,
    method: session_method,
    created_at: session_created_at,
    last_activity_at: session_last_activity_at,
    expires_at: session_expires_at,
    revoked_at: session_revoked_at,
    user_agent: session_user_agent,
    ip: session_ip,
  };
  const now = ctx.clock.now();
  if (session.expires_at <= now) throw new ServiceError('unauthenticated', messages.sessionExpired);
  if (now.getTime() - session.last_activity_at.getTime() > SESSION_IDLE_MS) {
    await ctx.db.transaction().execute(async (trx) => {
      await revokeSession(trx, session.id, now);
      await recordAudit(trx, { event: 'session.expired', at: now, userId: session.user_id, ip: input.ip });
    });
    throw new ServiceError('unauthenticated', messages.sessionIdle);
  }
  if (!user.active) throw new ServiceError('unauthenticated', messages.unauthenticated);
  // Activity is recorded at most once a minute: one write per minute per session, not per call.
  if (input.countsAsActivity && now.getTime() - session.last_activity_at.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, session.id, now);
  }
  const scope = member_company_id === null ? null : { userId: user.id, companyId: member_company_id };
  return { session, token: null, user, scope, role: scope ? (member_role ?? null) : null };
}

/** The one company an API token's reads across companies keep to; undefined for a session (ADR 0048). */
export function tokenCompanyOf(auth: AuthContext): number | undefined {
  return auth.token ? (auth.scope?.companyId ?? -1) : undefined;
}

/**
 * The session of a call that only a session may make (the api-routes plugin refuses API tokens
 * every account, session and two-factor operation before their handlers run).
 */
export function sessionOf(auth: AuthContext): SessionRow {
  if (!auth.session) throw new ServiceError('forbidden', messages.sessionOnly);
  return auth.session;
}

export function checkUser({ auth }: { auth: AuthContext }) {
  const session = sessionOf(auth);
  const idleEnds = addMs(session.last_activity_at, SESSION_IDLE_MS);
  return {
    status: 'active' as const,
    idle_expires_at: idleEnds.toISOString(),
    expires_at: session.expires_at.toISOString(),
  };
}

export async function logout({ ctx, auth, ip }: { ctx: AppContext; auth: AuthContext; ip: string | null }) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, sessionOf(auth).id, now);
    await recordAudit(trx, {
      event: 'logout',
      at: now,
      userId: auth.user.id,
      companyId: auth.user.current_company_id,
      ip,
    });
  });
  return { message: 'Logged out.' };
}
