// The user list of a company, for its administrators (x-roles [administrator] in the contract):
// roles, activation of accounts awaiting validation, deactivation, removal. Every change is one
// transaction with its audit row; the last active administrator is checked inside it, under lock.
import type { Executor } from '../../db/database.js';
import { type AuditEvent, recordAudit } from '../../platform/audit/audit.repository.js';
import { queueMail } from '../../platform/mail/mail.repository.js';
import { accountActivatedMail } from '../../platform/mail/mail.templates.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope, type TenantScope } from '../../shared/tenant.js';
import { revokeSessionsOfUser } from '../session/session.repository.js';
import { methodOf } from '../two-factor/two-factor.service.js';
import { updateUser } from '../users/users.repository.js';
import { invitationJson } from './invitations.service.js';
import {
  deleteMembership,
  findMember,
  listMembers as listMemberRows,
  listOpenInvitations,
  lockActiveAdministrators,
  type MemberRow,
  memberHistory as memberHistoryRows,
  otherCompanyOf,
  updateMembership,
} from './members.repository.js';
import type { Call, Role } from './members.types.js';

export const LAST_ADMINISTRATOR =
  'The last active administrator of a company cannot be demoted, deactivated or removed. Make another member an administrator first.';
export const MEMBER_NOT_FOUND = 'Member not found.';

function statusOf(member: MemberRow): 'active' | 'awaiting_validation' | 'deactivated' {
  if (member.deactivated_at) return 'deactivated';
  return member.active ? 'active' : 'awaiting_validation';
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function memberJson(member: MemberRow) {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    position: member.position,
    role: member.role as Role,
    status: statusOf(member),
    last_sign_in_at: iso(member.last_sign_in_at),
    two_factor: methodOf(Boolean(member.has_authenticator), member.two_factor_enabled),
    joined_at: iso(member.joined_at) as string,
  };
}

export async function listMembers({ ctx, auth }: Omit<Call<undefined>, 'input' | 'ip'>) {
  const scope = requireScope(auth.scope);
  const [members, invitations] = await Promise.all([listMemberRows(ctx.db, scope), listOpenInvitations(ctx.db, scope)]);
  const now = ctx.clock.now();
  return {
    data: members.map(memberJson),
    invitations: invitations.map((i) => invitationJson(i, now)),
  };
}

/**
 * One change to a member, in one transaction: the member is read in the session's company (404
 * otherwise), `change` may refuse, and the audit row names who did it.
 */
async function changeMember(
  { ctx, auth, input, ip }: Call<{ id: number }>,
  event: AuditEvent,
  change: (trx: Executor, member: MemberRow, scope: TenantScope, now: Date) => Promise<Record<string, unknown>>,
) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const data = await ctx.db.transaction().execute(async (trx) => {
    const member = await findMember(trx, scope, input.id);
    if (!member) throw new ServiceError('not_found', MEMBER_NOT_FOUND);
    const details = await change(trx, member, scope, now);
    await recordAudit(trx, {
      event,
      at: now,
      userId: member.id,
      companyId: scope.companyId,
      ip,
      details: { by: auth.user.id, ...details },
    });
    return memberJson((await findMember(trx, scope, member.id)) ?? member);
  });
  void ctx.mail.flush();
  return { data };
}

/** Refuses a change that would leave the company without an active administrator (rows locked). */
async function keepAnAdministrator(trx: Executor, scope: TenantScope, member: MemberRow): Promise<void> {
  const administrators = await lockActiveAdministrators(trx, scope);
  if (administrators.length === 1 && administrators[0] === member.id)
    throw new ServiceError('conflict', LAST_ADMINISTRATOR);
}

export function changeMemberRole(call: Call<{ id: number; role: Role }>) {
  return changeMember(call, 'member.role_changed', async (trx, member, scope) => {
    if (member.role === call.input.role) return { role: member.role };
    if (member.role === 'administrator') await keepAnAdministrator(trx, scope, member);
    await updateMembership(trx, scope, member.id, { role: call.input.role });
    return { from: member.role, role: call.input.role };
  });
}

/** Validates an account awaiting validation (the sign-in flow's `active_validation_required`). */
export function activateMember(call: Call<{ id: number }>) {
  return changeMember(call, 'account.activated', async (trx, member, _scope, now) => {
    if (member.active) throw new ServiceError('conflict', 'This account is already active.');
    await updateUser(trx, member.id, { active: true, updated_at: now });
    await queueMail(trx, accountActivatedMail(member.email, member.name, `${call.ctx.publicUrl}/signin`), now);
    return {};
  });
}

/** Ends the membership's access to this company and every session of the user at once. */
export function deactivateMember(call: Call<{ id: number }>) {
  return changeMember(call, 'member.deactivated', async (trx, member, scope, now) => {
    if (member.deactivated_at) throw new ServiceError('conflict', 'This member is already deactivated.');
    if (member.role === 'administrator') await keepAnAdministrator(trx, scope, member);
    await updateMembership(trx, scope, member.id, { deactivated_at: now });
    await revokeSessionsOfUser(trx, member.id, now);
    return {};
  });
}

export function reactivateMember(call: Call<{ id: number }>) {
  return changeMember(call, 'member.reactivated', async (trx, member, scope) => {
    if (!member.deactivated_at) throw new ServiceError('conflict', 'This member is not deactivated.');
    await updateMembership(trx, scope, member.id, { deactivated_at: null });
    return {};
  });
}

/** Takes the member out of this company (the account stays, with its other companies). */
export async function removeMember(call: Call<{ id: number }>) {
  await changeMember(call, 'member.removed', async (trx, member, scope, now) => {
    if (member.role === 'administrator') await keepAnAdministrator(trx, scope, member);
    await deleteMembership(trx, scope, member.id);
    if (member.current_company_id === scope.companyId) {
      await updateUser(trx, member.id, {
        current_company_id: await otherCompanyOf(trx, scope, member.id),
        updated_at: now,
      });
    }
    await revokeSessionsOfUser(trx, member.id, now);
    return { email: member.email, role: member.role };
  });
  // The member is gone once removed: the answer is a message, not the member.
  return { message: 'Member removed.' };
}

export async function memberHistory({ ctx, auth, input }: Omit<Call<{ id: number }>, 'ip'>) {
  const scope = requireScope(auth.scope);
  if (!(await findMember(ctx.db, scope, input.id))) throw new ServiceError('not_found', MEMBER_NOT_FOUND);
  const rows = await memberHistoryRows(ctx.db, scope, input.id);
  return {
    data: rows.map((r) => {
      const details = r.details ? (JSON.parse(r.details) as Record<string, unknown>) : {};
      return {
        id: r.id,
        event: r.event,
        at: r.created_at.toISOString(),
        by: r.actor_name ? { name: r.actor_name, email: r.actor_email ?? '' } : null,
        role: typeof details.role === 'string' ? details.role : null,
        from: typeof details.from === 'string' ? details.from : null,
      };
    }),
  };
}
