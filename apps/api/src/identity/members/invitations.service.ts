// Invitations by e-mail: a single-use link valid 7 days (256-bit token, stored as SHA-256). A new
// address sets its name and password on the link's page; an address that has an account already
// only gains the membership (its password and name stay theirs) — see ADR 0014.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { type AuditEvent, recordAudit } from '../../platform/audit/audit.repository.js';
import { queueMail } from '../../platform/mail/mail.repository.js';
import { spendAction } from '../../shared/action-limits.js';
import { addMs, DAY } from '../../shared/clock.js';
import { hashPassword, laneOf } from '../../shared/passwords.js';
import { randomToken, sha256 } from '../../shared/secrets.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { passwordProblems } from '../auth/accounts.service.js';
import { addMembership, findCompanyOfUser } from '../clients/clients.repository.js';
import type { AuthContext } from '../session/session.service.js';
import { findUserByEmail, insertUser, normalizeEmail, updateUser } from '../users/users.repository.js';
import { invitationMail } from './invitation.mail.js';
import {
  findInvitationByToken,
  findMember,
  findOpenInvitation,
  insertInvitation,
  updateInvitation,
} from './members.repository.js';
import type { InvitationRow } from './members.table.js';
import type { Call, Role } from './members.types.js';

export const INVITATION_LIFETIME_MS = 7 * DAY;
export const ALREADY_INVITED = 'An invitation to this address is open already: re-send it from the list.';
export const INVALID_INVITATION = 'This invitation link is invalid, was used already or has expired.';

/** An invitation as the user list shows it (status "invited"; `expired` once its link is dead). */
export function invitationJson(invitation: InvitationRow, now: Date) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role as Role,
    status: 'invited' as const,
    created_at: invitation.created_at.toISOString(),
    expires_at: invitation.expires_at.toISOString(),
    expired: invitation.expires_at <= now,
  };
}

/**
 * A fresh link for the invitation, inside the caller's transaction: a new token (the old one stops
 * working), 7 more days, the e-mail queued and the audit row written.
 */
async function sendLink(
  { ctx, auth, ip }: Omit<Call<unknown>, 'input'>,
  trx: Executor,
  invitation: InvitationRow,
  event: AuditEvent,
) {
  await spendAction(trx, ctx.clock, ctx.limits.actions, 'invitation', {
    userId: auth.user.id,
    companyId: invitation.company_id,
  });
  const now = ctx.clock.now();
  const token = randomToken(32);
  const expiresAt = addMs(now, INVITATION_LIFETIME_MS);
  await updateInvitation(trx, invitation.id, { token_hash: sha256(token), expires_at: expiresAt });
  const company = await findCompanyOfUser(trx, auth.user.id, invitation.company_id);
  const link = `${ctx.publicUrl}/invitation?token=${token}`;
  const mail = { company: company?.name ?? '', inviter: auth.user.name, link, language: invitation.language };
  await queueMail(trx, invitationMail(invitation.email, mail), now);
  const existing = await findUserByEmail(trx, invitation.email);
  await recordAudit(trx, {
    event,
    at: now,
    userId: existing?.id ?? null,
    companyId: invitation.company_id,
    ip,
    details: { by: auth.user.id, email: invitation.email, role: invitation.role, invitation: invitation.id },
  });
  return invitationJson({ ...invitation, expires_at: expiresAt }, now);
}

/** Runs one invitation change in a transaction, then sends the mail it queued. */
async function inTransaction<T>(ctx: AppContext, work: (trx: Executor) => Promise<T>): Promise<{ data: T }> {
  const data = await ctx.db.transaction().execute(work);
  void ctx.mail.flush();
  return { data };
}

export function inviteMember(call: Call<{ email: string; role: Role }>) {
  const { ctx, auth, input } = call;
  const scope = requireScope(auth.scope);
  const email = normalizeEmail(input.email);
  return inTransaction(ctx, async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing && (await findMember(trx, scope, existing.id))) {
      throw new ServiceError('conflict', 'This address is already a member of the company.');
    }
    const now = ctx.clock.now();
    const invitation = await insertInvitation(trx, {
      company_id: scope.companyId,
      email,
      role: input.role,
      language: auth.user.language,
      // Replaced by sendLink below: this placeholder is random too, and never e-mailed.
      token_hash: sha256(randomToken(32)),
      invited_by: auth.user.id,
      created_at: now,
      expires_at: now,
      accepted_at: null,
      revoked_at: null,
    });
    if (!invitation) throw new ServiceError('conflict', ALREADY_INVITED);
    return sendLink(call, trx, invitation, 'member.invited');
  });
}

async function openInvitation(trx: Executor, auth: AuthContext, id: number) {
  const invitation = await findOpenInvitation(trx, requireScope(auth.scope), id);
  if (!invitation) throw new ServiceError('not_found', 'Invitation not found.');
  return invitation;
}

export function resendInvitation(call: Call<{ id: number }>) {
  return inTransaction(call.ctx, async (trx) =>
    sendLink(call, trx, await openInvitation(trx, call.auth, call.input.id), 'member.invitation_resent'),
  );
}

export async function revokeInvitation({ ctx, auth, input, ip }: Call<{ id: number }>) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await openInvitation(trx, auth, input.id);
    await updateInvitation(trx, invitation.id, { revoked_at: now });
    await recordAudit(trx, {
      event: 'member.invitation_revoked',
      at: now,
      companyId: invitation.company_id,
      ip,
      details: { by: auth.user.id, email: invitation.email, invitation: invitation.id },
    });
  });
  return { message: 'Invitation revoked.' };
}

/** What the link's page shows: the company, the address, and whether it only needs accepting. */
export async function lookupInvitation({ ctx, input }: { ctx: AppContext; input: { token: string } }) {
  const invitation = await usableInvitation(ctx, ctx.db, input.token, false);
  const account = await findUserByEmail(ctx.db, invitation.email);
  return { data: { email: invitation.email, company: invitation.company_name, account_exists: account !== undefined } };
}

async function usableInvitation(ctx: AppContext, db: Executor, token: string, lock = true) {
  const invitation = await findInvitationByToken(db, sha256(token), lock);
  if (!invitation || invitation.accepted_at || invitation.revoked_at || invitation.expires_at <= ctx.clock.now()) {
    throw new ServiceError('invalid', INVALID_INVITATION);
  }
  return invitation;
}

export async function acceptInvitation({
  ctx,
  input,
  ip,
}: {
  ctx: AppContext;
  input: { token: string; name?: string; password?: string; password_confirmation?: string };
  ip: string | null;
}) {
  // The password is hashed before the transaction (argon2id takes a while; no lock is held meanwhile).
  const passwordHash = input.password ? await hashPassword(input.password, laneOf(ip)) : null;
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const invitation = await usableInvitation(ctx, trx, input.token);
    let user = await findUserByEmail(trx, invitation.email);
    if (!user) {
      const name = input.name?.trim() ?? '';
      const errors = passwordProblems(input.password ?? '', input.password_confirmation ?? '', invitation.email);
      if (name === '') errors.name = ['The name field is required.'];
      if (Object.keys(errors).length > 0 || !passwordHash) throw validationError(errors);
      user = await insertUser(trx, {
        email: invitation.email,
        name,
        position: null,
        password_hash: passwordHash,
        // The link proved the mailbox and an administrator asked for the account: nothing to validate.
        active: true,
        is_admin: false,
        two_factor_enabled: true,
        email_verified_at: now,
        registration_confirmed_at: now,
        terms_version: null,
        terms_accepted_at: null,
        language: invitation.language,
        current_company_id: invitation.company_id,
        created_at: now,
        updated_at: now,
      });
    } else if (user.current_company_id === null) {
      await updateUser(trx, user.id, { current_company_id: invitation.company_id, updated_at: now });
    }
    await addMembership(trx, user.id, invitation.company_id, invitation.role, now);
    await updateInvitation(trx, invitation.id, { accepted_at: now });
    await recordAudit(trx, {
      event: 'member.joined',
      at: now,
      userId: user.id,
      companyId: invitation.company_id,
      ip,
      details: { by: invitation.invited_by, role: invitation.role, invitation: invitation.id },
    });
    return { message: `You joined ${invitation.company_name}. Sign in to continue.` };
  });
}
