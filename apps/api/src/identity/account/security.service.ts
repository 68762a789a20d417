// /account-setting: password change and the active-sessions list. Wrong current passwords count as
// failed sign-ins of the account (same table, same limits and delays: ADR 0006), so a stolen
// session cannot guess the password faster than the sign-in page allows.
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { queueMail } from '../../platform/mail/mail.repository.js';
import { hashPassword, laneOf, verifyPassword } from '../../shared/passwords.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { passwordProblems } from '../auth/accounts.service.js';
import { recordLoginFailure } from '../auth/auth.repository.js';
import { emailKey } from '../auth/sign-in.service.js';
import { checkSignInLimits, waitForAccountSlot } from '../auth/sign-in-throttle.js';
import { listOpenSessions, revokeSessionOfUser, revokeSessionsOfUser } from '../session/session.repository.js';
import { type AuthContext, SESSION_IDLE_MS, sessionOf } from '../session/session.service.js';
import { updateUser } from '../users/users.repository.js';
import { describeDevice } from './device.js';
import { passwordChangedMail } from './password-changed.mail.js';

interface Call<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
  ip: string | null;
}

export async function changePassword({
  ctx,
  auth,
  input,
  ip,
}: Call<{ current_password: string; password: string; password_confirmation: string }>) {
  const { user } = auth;
  const now = ctx.clock.now();
  const key = emailKey(user.email);
  const { delayMs } = await checkSignInLimits(ctx, { emailKey: key, ip, now });
  await waitForAccountSlot(ctx, key, delayMs);
  if (!user.password_hash) {
    throw validationError({
      current_password: ['This account signs in with Microsoft and has no password to change.'],
    });
  }
  if (!(await verifyPassword(user.password_hash, input.current_password, laneOf(ip, user.id)))) {
    await ctx.db.transaction().execute(async (trx) => {
      await recordLoginFailure(trx, key, ip, now);
      await recordAudit(trx, { event: 'password.change_failed', at: now, userId: user.id, ip });
    });
    throw validationError({ current_password: ['The current password is incorrect.'] });
  }
  const errors = passwordProblems(input.password, input.password_confirmation, user.email);
  if (!errors.password && input.password === input.current_password) {
    errors.password = ['The new password must be different from the current one.'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const passwordHash = await hashPassword(input.password, laneOf(ip, user.id));
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    // A lock of the code step ends now and wrong codes before count no more: whoever guessed with
    // the old password cannot go on (two-factor-lock.ts).
    await updateUser(trx, user.id, { password_hash: passwordHash, two_factor_locked_until: now, updated_at: now });
    const count = await revokeSessionsOfUser(trx, user.id, now, sessionOf(auth).id);
    await queueMail(trx, passwordChangedMail(user.email, user.name, { language: user.language, at: now, ip }), now);
    await recordAudit(trx, {
      event: 'password.changed',
      at: now,
      userId: user.id,
      companyId: user.current_company_id,
      ip,
      details: { revoked_sessions: count },
    });
    return count;
  });
  return { message: 'Your password has been changed. Every other session was signed out.', revoked_sessions: revoked };
}

export async function listSessions({ ctx, auth }: Omit<Call, 'ip' | 'input'>) {
  const now = ctx.clock.now();
  const rows = await listOpenSessions(ctx.db, auth.user.id, now, new Date(now.getTime() - SESSION_IDLE_MS));
  return {
    data: rows.map((row) => ({
      id: row.id,
      method: row.method,
      created_at: row.created_at.toISOString(),
      last_activity_at: row.last_activity_at.toISOString(),
      ip: row.ip,
      user_agent: row.user_agent,
      ...describeDevice(row.user_agent),
      current: row.id === sessionOf(auth).id,
    })),
  };
}

export async function revokeOneSession({ ctx, auth, input, ip }: Call<{ id: number }>) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await revokeSessionOfUser(trx, auth.user.id, input.id, now))) {
      throw new ServiceError('not_found', 'Session not found.');
    }
    await recordAudit(trx, {
      event: 'session.revoked',
      at: now,
      userId: auth.user.id,
      ip,
      details: { session: input.id },
    });
  });
  return { message: 'The session was signed out.' };
}

export async function revokeOtherSessions({ ctx, auth, ip }: Omit<Call, 'input'>) {
  const now = ctx.clock.now();
  const count = await ctx.db.transaction().execute(async (trx) => {
    const revoked = await revokeSessionsOfUser(trx, auth.user.id, now, sessionOf(auth).id);
    await recordAudit(trx, {
      event: 'session.revoked_others',
      at: now,
      userId: auth.user.id,
      ip,
      details: { revoked_sessions: revoked },
    });
    return revoked;
  });
  return { message: 'Every other session was signed out.', revoked_sessions: count };
}
