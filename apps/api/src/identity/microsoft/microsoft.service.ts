// Microsoft sign-in and sign-up. Users are matched by tenant id + object id (never by e-mail alone);
// a new user needs an e-mail domain of a client company. The browser gets back a single-use
// redirect_key and a 60-second temp_token, which retrieveToken exchanges for the next step.

import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { addMs, MINUTE, SECOND } from '../../shared/clock.js';
import { randomToken, safeEqual, sha256 } from '../../shared/secrets.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import { domainOf } from '../auth/accounts.service.js';
import {
  consumeOneTimeToken,
  findPendingLoginById,
  insertOneTimeToken,
  insertPendingLogin,
  rotatePendingLoginToken,
} from '../auth/auth.repository.js';
import { advanceSignIn, PENDING_LOGIN_MS, pendingCookieHash, type SignInResult } from '../auth/sign-in.steps.js';
import { addMembership, companyForDomain } from '../clients/clients.repository.js';
import { findUserByEmail, findUserById, findUserByMicrosoftId, insertUser } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import type { IdentityClaims, OidcClient } from './microsoft.client.js';
import { consumeOauthFlow, insertOauthFlow } from './microsoft.repository.js';

export const OAUTH_FLOW_MS = 10 * MINUTE;
export const REDIRECT_KEY_MS = 5 * MINUTE;
export const TEMP_TOKEN_MS = 60 * SECOND;

// Not configured (production without MICROSOFT_*) or the provider unreachable: the server works but
// this service is unavailable, a 503 with its reason (the web app shows its catalogue's text).
function requireClient(client: OidcClient | undefined): OidcClient {
  if (!client) throw new ServiceError('unavailable', messages.microsoftNotConfigured);
  return client;
}

export async function startMicrosoft({
  ctx,
  client,
  input,
}: {
  ctx: AppContext;
  client: OidcClient | undefined;
  input: {
    intent: 'login' | 'register';
    loginHint?: string | undefined;
    name?: string | undefined;
    position?: string | undefined;
  };
}) {
  let started: Awaited<ReturnType<OidcClient['start']>>;
  try {
    started = await requireClient(client).start({ loginHint: input.loginHint });
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(
      'unavailable',
      `Microsoft sign-${input.intent === 'login' ? 'in' : 'up'} is not available right now.`,
    );
  }
  const now = ctx.clock.now();
  await insertOauthFlow(ctx.db, {
    stateHash: sha256(started.state),
    intent: input.intent,
    codeVerifier: started.codeVerifier,
    nonce: started.nonce,
    name: input.name?.trim() || null,
    position: input.position?.trim() || null,
    at: now,
    expiresAt: addMs(now, OAUTH_FLOW_MS),
  });
  return { url: started.url, state: started.state };
}

function signinUrl(ctx: AppContext, params: Record<string, string>): string {
  // encodeURIComponent (%20, not '+') so that any reader of the query decodes it the same way.
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${ctx.publicUrl}/signin?${query}`;
}

type Matched = { user: UserRow } | { refused: Record<string, string> };

async function matchOrCreateUser(
  ctx: AppContext,
  claims: IdentityClaims,
  flow: { name: string | null; position: string | null },
  ip: string | null,
): Promise<Matched> {
  const existing = await findUserByMicrosoftId(ctx.db, claims.tid, claims.oid);
  if (existing) return { user: existing };
  const company = await companyForDomain(ctx.db, domainOf(claims.email));
  if (!company) {
    return { refused: { status: 'error', message: messages.domainNotRecognized, email: claims.email } };
  }
  if (await findUserByEmail(ctx.db, claims.email)) {
    // Linking by e-mail would let any tenant that can mint this address take the account over.
    return {
      refused: {
        status: 'error',
        message: 'An account with this e-mail already exists. Sign in with your password.',
        email: claims.email,
      },
    };
  }
  const now = ctx.clock.now();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, {
      email: claims.email,
      name: flow.name ?? claims.name,
      position: flow.position,
      password_hash: null,
      active: false,
      is_admin: false,
      two_factor_enabled: true,
      email_verified_at: now,
      registration_confirmed_at: now,
      current_company_id: company.id,
      microsoft_tid: claims.tid,
      microsoft_oid: claims.oid,
      created_at: now,
      updated_at: now,
    });
    await addMembership(trx, created.id, company.id, 'analyst', now);
    await recordAudit(trx, {
      event: 'account.registered',
      at: now,
      userId: created.id,
      companyId: company.id,
      ip,
      details: { method: 'microsoft' },
    });
    return created;
  });
  return { user };
}

/** Handles the return from Microsoft; resolves to where the browser goes next. */
export async function completeMicrosoftSignIn({
  ctx,
  client,
  input,
  ip,
}: {
  ctx: AppContext;
  client: OidcClient | undefined;
  input: {
    state: string;
    code?: string | undefined;
    error?: string | undefined;
    errorDescription?: string | undefined;
    callbackUrl: URL;
  };
  ip: string | null;
}): Promise<{ location: string }> {
  const now = ctx.clock.now();
  const flow = await consumeOauthFlow(ctx.db, sha256(input.state), now);
  if (!flow) return { location: signinUrl(ctx, { status: 'error', message: 'Invalid or expired sign-in request.' }) };
  if (input.error || !input.code) {
    const message = input.errorDescription || input.error || 'Microsoft sign-in was cancelled.';
    return { location: signinUrl(ctx, { status: 'error', message }) };
  }
  let claims: IdentityClaims;
  try {
    claims = await requireClient(client).redeem(input.callbackUrl, {
      state: input.state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    });
  } catch {
    return { location: signinUrl(ctx, { status: 'error', message: 'Microsoft sign-in failed.' }) };
  }
  const matched = await matchOrCreateUser(ctx, claims, flow, ip);
  if ('refused' in matched) {
    await recordAudit(ctx.db, {
      event: 'microsoft.refused',
      at: now,
      ip,
      details: { reason: matched.refused.message, domain: domainOf(claims.email) },
    });
    return { location: signinUrl(ctx, matched.refused) };
  }
  const { user } = matched;
  if (!user.active) {
    return {
      location: signinUrl(ctx, {
        status: 'error',
        active_validation_required: 'true',
        message: 'Your account is awaiting validation.',
        email: user.email,
        user_id: String(user.id),
      }),
    };
  }
  const redirectKey = randomToken(32);
  const tempToken = randomToken(32);
  await ctx.db.transaction().execute(async (trx) => {
    const pending = await insertPendingLogin(trx, {
      tokenHash: pendingCookieHash(randomToken(32)),
      userId: user.id,
      method: 'microsoft',
      at: now,
      expiresAt: addMs(now, PENDING_LOGIN_MS),
    });
    await insertOneTimeToken(trx, {
      purpose: 'microsoft_handoff',
      userId: user.id,
      tokenHash: sha256(redirectKey),
      secondaryHash: sha256(tempToken),
      secondaryExpiresAt: addMs(now, TEMP_TOKEN_MS),
      pendingLoginId: pending.id,
      at: now,
      expiresAt: addMs(now, REDIRECT_KEY_MS),
    });
    await recordAudit(trx, { event: 'microsoft.signed_in', at: now, userId: user.id, ip });
  });
  return {
    location: signinUrl(ctx, { redirect_key: redirectKey, temp_token: tempToken, state: input.state }),
  };
}

/** Exchanges the hand-over for the next step; the pending cookie is issued here (rotated token). */
export async function retrieveMicrosoftToken({
  ctx,
  input,
  ip,
  userAgent,
}: {
  ctx: AppContext;
  input: { redirectKey: string; tempToken: string };
  ip: string | null;
  userAgent?: string | undefined;
}): Promise<SignInResult> {
  const now = ctx.clock.now();
  // The key is consumed before the temporary token is checked: a wrong guess burns the key.
  const handoff = await consumeOneTimeToken(ctx.db, 'microsoft_handoff', sha256(input.redirectKey), now);
  if (!handoff || handoff.pending_login_id === null) throw new ServiceError('invalid', messages.invalidKey);
  const tempOk =
    handoff.secondary_hash !== null &&
    handoff.secondary_expires_at !== null &&
    handoff.secondary_expires_at > now &&
    safeEqual(handoff.secondary_hash, sha256(input.tempToken));
  if (!tempOk) throw new ServiceError('unauthenticated', messages.invalidTempToken);
  const user = await findUserById(ctx.db, handoff.user_id);
  const pending = await findPendingLoginById(ctx.db, handoff.pending_login_id);
  if (!user || !pending || pending.completed_at) throw new ServiceError('invalid', messages.invalidKey);
  const pendingToken = randomToken(32);
  return ctx.db.transaction().execute(async (trx) => {
    await rotatePendingLoginToken(trx, pending.id, pendingCookieHash(pendingToken));
    const result = await advanceSignIn(ctx, trx, { user, pending, method: 'microsoft', ip, userAgent });
    return result.step.kind === 'session' || result.step.kind === 'active_validation'
      ? result
      : { ...result, pendingToken };
  });
}
