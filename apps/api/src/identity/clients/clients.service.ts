import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import { type AuthContext, tokenCompanyOf } from '../session/session.service.js';
import { updateUser } from '../users/users.repository.js';
import { findCompanyOfUser, listCompaniesOfUser } from './clients.repository.js';

export async function listClients({ ctx, auth }: { ctx: AppContext; auth: AuthContext }) {
  const companies = await listCompaniesOfUser(ctx.db, auth.user.id, tokenCompanyOf(auth));
  if (companies.length === 0) throw new ServiceError('not_found', 'No clients found.');
  return {
    data: companies.map((c) => ({
      idCliente: c.id,
      name: c.name,
      domains: c.domains,
      current: c.id === auth.scope?.companyId,
      role: c.role,
    })),
  };
}

/** `selectCompany` as the client sends it: a number or a numeric string. */
export function parseCompanyId(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,9}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export async function switchClient({
  ctx,
  auth,
  input,
  ip,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { selectCompany: unknown };
  ip: string | null;
}) {
  const companyId = parseCompanyId(input.selectCompany);
  if (companyId === undefined) throw new ServiceError('invalid', messages.invalidCompany);
  // A company the user does not belong to answers exactly like one that does not exist.
  const company = await findCompanyOfUser(ctx.db, auth.user.id, companyId);
  if (!company) throw new ServiceError('not_found', messages.companyNotFound);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, auth.user.id, { current_company_id: company.id, updated_at: now });
    await recordAudit(trx, {
      event: 'company.switched',
      at: now,
      userId: auth.user.id,
      companyId: company.id,
      ip,
      details: { from: auth.user.current_company_id, to: company.id },
    });
  });
  return { message: 'Company updated.', data: { idCliente: company.id } };
}
