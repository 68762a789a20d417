// Account verbs: register, confirm, verify e-mail (and resend), password reset. Every secret in a
// link is random (256 bits), stored as SHA-256, single use and expiring.

import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { queueMail } from '../../platform/mail/mail.repository.js';
import {
  alreadyRegisteredMail,
  confirmRegistrationMail,
  passwordResetMail,
  registrationNotClientMail,
  verifyEmailMail,
} from '../../platform/mail/mail.templates.js';
import { addMs, HOUR, MINUTE } from '../../shared/clock.js';
import { hashPassword, laneOf } from '../../shared/passwords.js';
import { randomToken, sha256 } from '../../shared/secrets.js';
import { messages, ServiceError, validationError } from '../../shared/service-error.js';
import { addMembership, companyForDomain } from '../clients/clients.repository.js';
import { revokeSessionsOfUser } from '../session/session.repository.js';
import { findUserByEmail, findUserById, insertUser, normalizeEmail, updateUser } from '../users/users.repository.js';
import {
  completePendingLoginsOfUser,
  consumeOneTimeToken,
  insertOneTimeToken,
  retireOneTimeTokens,
} from './auth.repository.js';
import { boundPending } from './sign-in.service.js';

export const LINK_LIFETIME_MS = 24 * HOUR;
export const RESET_LIFETIME_MS = 60 * MINUTE;
export const PASSWORD_MIN_LENGTH = 10;

interface Request<I> {
  ctx: AppContext;
  input: I;
  ip: string | null;
}

export function passwordProblems(password: string, confirmation: string, email: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (password.length < PASSWORD_MIN_LENGTH) {
    errors.password = [`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`];
  } else if (normalizeEmail(password) === normalizeEmail(email)) {
    errors.password = ['The password must not be the e-mail address.'];
  }
  if (password !== confirmation) errors.password_confirmation = ['The password confirmation does not match.'];
  return errors;
}

export function domainOf(email: string): string {
  return normalizeEmail(email).split('@')[1] ?? '';
}

const registrationReceived = 'Registration received. Check your e-mail for the next step.';

/**
 * Registration answers the same whatever the e-mail (ADR 0006): only what the form itself gets
 * wrong is a 422. Whether the domain is a client's, or the address already has an account, is
 * said by e-mail, from work that runs after the answer (`afterResponse`).
 */
export function register({
  ctx,
  input,
  ip,
}: Request<{ name: string; email: string; position?: string; password: string; password_confirmation: string }>) {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const errors = passwordProblems(input.password, input.password_confirmation, email);
  if (name === '') errors.name = ['The name field is required.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const form = { email, name, position: input.position?.trim() || null, password: input.password };
  return {
    answer: { message: registrationReceived, data: { email, name } },
    afterResponse: () => completeRegistration(ctx, form, ip),
  };
}

async function completeRegistration(
  ctx: AppContext,
  form: { email: string; name: string; position: string | null; password: string },
  ip: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx.db, form.email);
  const company = existing ? undefined : await companyForDomain(ctx.db, domainOf(form.email));
  if (existing || !company) {
    await ctx.db.transaction().execute(async (trx) => {
      const mail = existing
        ? alreadyRegisteredMail(
            existing.email,
            existing.name,
            `${ctx.publicUrl}/signin`,
            `${ctx.publicUrl}/reset-password`,
          )
        : registrationNotClientMail(form.email);
      await queueMail(trx, mail, now);
      await recordAudit(trx, {
        event: 'account.registration_declined',
        at: now,
        userId: existing?.id ?? null,
        ip,
        details: { reason: existing ? 'existing account' : 'not a client domain' },
      });
    });
    await ctx.mail.flush();
    return;
  }
  const passwordHash = await hashPassword(form.password, laneOf(ip));
  const token = randomToken(32);
  await ctx.db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, {
      email: form.email,
      name: form.name,
      position: form.position,
      password_hash: passwordHash,
      active: false,
      is_admin: false,
      two_factor_enabled: true,
      current_company_id: company.id,
      created_at: now,
      updated_at: now,
    });
    await addMembership(trx, created.id, company.id, 'analyst', now);
    await insertOneTimeToken(trx, {
      purpose: 'confirm_registration',
      userId: created.id,
      tokenHash: sha256(token),
      at: now,
      expiresAt: addMs(now, LINK_LIFETIME_MS),
    });
    const link = `${ctx.publicUrl}/confirm-registration/${created.id}/${token}`;
    await queueMail(trx, confirmRegistrationMail(form.email, created.name, link), now);
    await recordAudit(trx, {
      event: 'account.registered',
      at: now,
      userId: created.id,
      companyId: company.id,
      ip,
      details: { method: 'password' },
    });
  });
  await ctx.mail.flush();
}

export async function confirmRegistration({ ctx, input, ip }: Request<{ id: number; token: string }>) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const token = await consumeOneTimeToken(trx, 'confirm_registration', sha256(input.token), now);
    if (!token || token.user_id !== input.id) {
      throw new ServiceError('invalid', 'Invalid or expired confirmation link.');
    }
    const user = await findUserById(trx, token.user_id);
    if (!user) throw new ServiceError('not_found', messages.userNotFound);
    await updateUser(trx, user.id, {
      registration_confirmed_at: now,
      email_verified_at: user.email_verified_at ?? now,
      updated_at: now,
    });
    await recordAudit(trx, { event: 'account.confirmed', at: now, userId: user.id, ip });
    return {
      message: user.active
        ? 'Registration confirmed. You can sign in now.'
        : 'Registration confirmed. An administrator of your company will validate your account.',
    };
  });
}

export async function verifyEmail({ ctx, input, ip }: Request<{ token: string }>) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const token = await consumeOneTimeToken(trx, 'verify_email', sha256(input.token), now);
    if (!token) throw new ServiceError('invalid', 'Invalid or expired verification link.');
    const user = await findUserById(trx, token.user_id);
    if (!user) throw new ServiceError('not_found', messages.userNotFound);
    await updateUser(trx, user.id, { email_verified_at: now, updated_at: now });
    await recordAudit(trx, { event: 'email.verified', at: now, userId: user.id, ip });
    return { message: 'Your e-mail address is verified. You can sign in now.' };
  });
}

export async function resendVerificationEmail({
  ctx,
  input,
  ip,
}: Request<{ userId: number; pendingToken: string | undefined }>) {
  const { user } = await boundPending(ctx, input.pendingToken, input.userId);
  if (user.email_verified_at) return { message: 'Your e-mail address is already verified.' };
  const now = ctx.clock.now();
  const token = randomToken(32);
  await ctx.db.transaction().execute(async (trx) => {
    await retireOneTimeTokens(trx, user.id, 'verify_email', now);
    await insertOneTimeToken(trx, {
      purpose: 'verify_email',
      userId: user.id,
      tokenHash: sha256(token),
      at: now,
      expiresAt: addMs(now, LINK_LIFETIME_MS),
    });
    await queueMail(trx, verifyEmailMail(user.email, user.name, `${ctx.publicUrl}/verify-email/${token}`), now);
    await recordAudit(trx, { event: 'email.verified', at: now, userId: user.id, ip, details: { sent: true } });
  });
  void ctx.mail.flush();
  return { message: 'A new verification link was sent to your e-mail.' };
}

const resetAnswer = { message: 'If an account exists for this e-mail, a reset link is on its way.' };

/**
 * Answers the same for active, inactive and unknown e-mails with the same work before the answer
 * (none): the lookup, the link and its e-mail run after it (`afterResponse`, ADR 0006).
 */
export function requestPasswordReset({ ctx, input, ip }: Request<{ email: string }>) {
  return { answer: resetAnswer, afterResponse: () => sendPasswordResetLink(ctx, input.email, ip) };
}

async function sendPasswordResetLink(ctx: AppContext, email: string, ip: string | null): Promise<void> {
  const now = ctx.clock.now();
  const user = await findUserByEmail(ctx.db, email);
  const token = randomToken(32);
  await ctx.db.transaction().execute(async (trx) => {
    if (user?.active) {
      await retireOneTimeTokens(trx, user.id, 'password_reset', now);
      await insertOneTimeToken(trx, {
        purpose: 'password_reset',
        userId: user.id,
        tokenHash: sha256(token),
        at: now,
        expiresAt: addMs(now, RESET_LIFETIME_MS),
      });
      const link = `${ctx.publicUrl}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
      await queueMail(trx, passwordResetMail(user.email, user.name, link), now);
    }
    await recordAudit(trx, {
      event: 'password.reset_requested',
      at: now,
      userId: user?.id ?? null,
      ip,
      details: { known: user !== undefined },
    });
  });
  await ctx.mail.flush();
}

export async function resetPassword({
  ctx,
  input,
  ip,
}: Request<{ email: string; password: string; password_confirmation: string; token: string }>) {
  const errors = passwordProblems(input.password, input.password_confirmation, input.email);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const passwordHash = await hashPassword(input.password, laneOf(ip));
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const token = await consumeOneTimeToken(trx, 'password_reset', sha256(input.token), now);
    const user = token ? await findUserById(trx, token.user_id) : undefined;
    if (!token || !user || user.email !== normalizeEmail(input.email)) {
      throw new ServiceError('invalid', messages.invalidResetToken);
    }
    // A lock of the code step ends now and wrong codes before count no more: whoever guessed with
    // the old password cannot go on (two-factor-lock.ts).
    await updateUser(trx, user.id, { password_hash: passwordHash, two_factor_locked_until: now, updated_at: now });
    await revokeSessionsOfUser(trx, user.id, now);
    await completePendingLoginsOfUser(trx, user.id, now);
    await recordAudit(trx, { event: 'password.reset', at: now, userId: user.id, ip });
    return { message: 'Your password has been reset. You can sign in with the new password.' };
  });
}
