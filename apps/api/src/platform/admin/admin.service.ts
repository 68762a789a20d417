// Validation of accounts by an administrator, limited to the administrator's own companies.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { updateUser } from '../../identity/users/users.repository.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import { queueMail } from '../mail/mail.repository.js';
import { accountActivatedMail } from '../mail/mail.templates.js';
import { findInactiveUserOfAdmin, listInactiveUsersOfAdmin } from './admin.repository.js';

function requireAdmin(auth: AuthContext): void {
  if (!auth.user.is_admin) throw new ServiceError('forbidden', 'This action is reserved for administrators.');
}

export async function listUsersAwaitingValidation({ ctx, auth }: { ctx: AppContext; auth: AuthContext }) {
  requireAdmin(auth);
  const rows = await listInactiveUsersOfAdmin(ctx.db, auth.user.id);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      position: r.position,
      email_verified: r.email_verified_at !== null,
      companies: r.companies ?? [],
      created_at: r.created_at.toISOString(),
    })),
  };
}

export async function activateUser({
  ctx,
  auth,
  input,
  ip,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { userId: number };
  ip: string | null;
}) {
  requireAdmin(auth);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await findInactiveUserOfAdmin(trx, auth.user.id, input.userId);
    if (!user) throw new ServiceError('not_found', messages.userNotFound);
    await updateUser(trx, user.id, { active: true, updated_at: now });
    await queueMail(trx, accountActivatedMail(user.email, user.name, `${ctx.publicUrl}/signin`), now);
    await recordAudit(trx, {
      event: 'account.activated',
      at: now,
      userId: user.id,
      companyId: user.current_company_id,
      ip,
      details: { by: auth.user.id },
    });
  });
  void ctx.mail.flush();
  return { message: 'Account activated.' };
}
