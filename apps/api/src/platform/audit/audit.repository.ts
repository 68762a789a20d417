import type { Executor } from '../../db/database.js';

export type AuditEvent =
  | 'account.registered'
  | 'account.registration_declined'
  | 'account.confirmed'
  | 'account.activated'
  | 'email.verified'
  | 'login.succeeded'
  | 'login.failed'
  | 'login.blocked'
  | 'two_factor.sent'
  | 'two_factor.verified'
  | 'two_factor.failed'
  | 'two_factor.locked'
  | 'two_factor.account_locked'
  | 'two_factor.authenticator_enrolled'
  | 'two_factor.authenticator_disabled'
  | 'two_factor.recovery_codes_regenerated'
  | 'two_factor.recovery_code_used'
  | 'terms.accepted'
  | 'logout'
  | 'session.expired'
  | 'password.reset_requested'
  | 'password.reset'
  | 'company.switched'
  | 'language.switched'
  | 'microsoft.signed_in'
  | 'microsoft.refused'
  | 'member.invited'
  | 'member.invitation_resent'
  | 'member.invitation_revoked'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.deactivated'
  | 'member.reactivated'
  | 'member.removed'
  | 'profile.updated'
  | 'profile.picture_changed'
  | 'profile.picture_removed'
  | 'password.changed'
  | 'password.change_failed'
  | 'session.revoked'
  | 'session.revoked_others'
  | 'theme.changed'
  | 'scope.verified'
  | 'scope.verification_lost'
  | 'scope.approved'
  | 'api_token.created'
  | 'api_token.revoked'
  | 'api_token.used_from_new_address';

export interface AuditEntry {
  event: AuditEvent;
  at: Date;
  userId?: number | null;
  companyId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

const secretKey = /pass(word)?|token|code|secret|key|hash|cookie|authorization/i;

/** Drops every key that could hold a secret, at any depth. */
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !secretKey.test(key))
        .map(([key, inner]) => [key, stripSecrets(inner)]),
    );
  }
  return value;
}

/** Writes an audit row; call it with the transaction that makes the change. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      event: entry.event,
      user_id: entry.userId ?? null,
      company_id: entry.companyId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(stripSecrets(entry.details)) : null,
      created_at: entry.at,
    })
    .execute();
}

export function listAuditEvents(db: Executor, userId: number) {
  return db.selectFrom('audit_events').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}
