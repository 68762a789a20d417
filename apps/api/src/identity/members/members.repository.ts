// The members of a company and its invitations. Every query starts from the session's company
// (tenantFilter): an administrator never reads or changes another company's member.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { MembershipRole } from '../clients/clients.table.js';
import type { InvitationRow } from './members.table.js';

function memberQuery(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .selectAll('users')
    .select([
      'memberships.role',
      'memberships.deactivated_at',
      'memberships.created_at as joined_at',
      sql<Date | null>`(select max(a.created_at) from audit_events a where a.user_id = users.id and a.event = 'login.succeeded')`.as(
        'last_sign_in_at',
      ),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('authenticators')
              .select('authenticators.user_id')
              .whereRef('authenticators.user_id', '=', 'users.id')
              .where('authenticators.confirmed_at', 'is not', null),
          )
          .as('has_authenticator'),
    ])
    .where(tenantFilter('memberships', scope));
}

export type MemberRow = Awaited<ReturnType<typeof findMember>> & {};

export function listMembers(db: Executor, scope: TenantScope) {
  return memberQuery(db, scope).orderBy('users.name').orderBy('users.id').execute();
}

export function findMember(db: Executor, scope: TenantScope, userId: number) {
  return memberQuery(db, scope).where('users.id', '=', userId).executeTakeFirst();
}

/**
 * The company's active administrators, their membership rows locked until the transaction ends:
 * two administrators demoting each other at once are served one after the other, and the second
 * sees that only one administrator is left.
 */
export async function lockActiveAdministrators(db: Executor, scope: TenantScope): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('memberships.user_id')
    .where(tenantFilter('memberships', scope))
    .where('memberships.role', '=', 'administrator')
    .where('memberships.deactivated_at', 'is', null)
    .where('users.active', '=', true)
    .orderBy('memberships.user_id')
    .forUpdate('memberships')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function updateMembership(
  db: Executor,
  scope: TenantScope,
  userId: number,
  changes: { role?: MembershipRole; deactivated_at?: Date | null },
): Promise<void> {
  await db
    .updateTable('memberships')
    .set(changes)
    .where(tenantFilter('memberships', scope))
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(db: Executor, scope: TenantScope, userId: number): Promise<void> {
  await db.deleteFrom('memberships').where(tenantFilter('memberships', scope)).where('user_id', '=', userId).execute();
}

/** Another company the user still works under (for their current company once removed from this one). */
export async function otherCompanyOf(db: Executor, scope: TenantScope, userId: number) {
  const row = await db
    .selectFrom('memberships')
    .select('company_id')
    .where('user_id', '=', userId)
    .where('company_id', '<>', scope.companyId)
    .where('deactivated_at', 'is', null)
    .orderBy('company_id')
    .executeTakeFirst();
  return row?.company_id ?? null;
}

export function listOpenInvitations(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where(tenantFilter('invitations', scope))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('email')
    .execute();
}

export function findOpenInvitation(db: Executor, scope: TenantScope, id: number): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where(tenantFilter('invitations', scope))
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The invitation of a link, with its company's name; locked when accepting, so a link is accepted once. */
export function findInvitationByToken(db: Executor, tokenHash: string, lock: boolean) {
  const query = db
    .selectFrom('invitations')
    .innerJoin('companies', 'companies.id', 'invitations.company_id')
    .selectAll('invitations')
    .select('companies.name as company_name')
    .where('invitations.token_hash', '=', tokenHash);
  return (lock ? query.forUpdate('invitations') : query).executeTakeFirst();
}

/** The new invitation, or undefined when the address has an open one in this company already. */
export function insertInvitation(db: Executor, values: Omit<InvitationRow, 'id'>) {
  return db
    .insertInto('invitations')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['company_id', 'email']).where('accepted_at', 'is', null).where('revoked_at', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function updateInvitation(
  db: Executor,
  id: number,
  changes: Partial<Pick<InvitationRow, 'token_hash' | 'expires_at' | 'accepted_at' | 'revoked_at' | 'role'>>,
): Promise<void> {
  await db.updateTable('invitations').set(changes).where('id', '=', id).execute();
}

/** What was done to a member in this company, newest first, with the names of who did it. */
export function memberHistory(db: Executor, scope: TenantScope, userId: number) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users as actor', (join) =>
      join.on(sql<boolean>`actor.id = (audit_events.details::jsonb ->> 'by')::integer`),
    )
    .select([
      'audit_events.id',
      'audit_events.event',
      'audit_events.details',
      'audit_events.created_at',
      'actor.name as actor_name',
      'actor.email as actor_email',
    ])
    .where(tenantFilter('audit_events', scope))
    .where('audit_events.user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('audit_events.event', 'like', 'member.%'), eb('audit_events.event', '=', 'account.activated')]),
    )
    .orderBy('audit_events.id', 'desc')
    .limit(200)
    .execute();
}
