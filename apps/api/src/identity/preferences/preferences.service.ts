import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { messages, ServiceError } from '../../shared/service-error.js';
import type { AuthContext } from '../session/session.service.js';
import { type Language, parseLanguage } from '../users/languages.js';
import { updateUser } from '../users/users.repository.js';

export { LANGUAGES, type Language, parseLanguage } from '../users/languages.js';

/** A user's stored language, English when none or an unknown one is stored. */
export function languageOf(value: string | null | undefined): Language {
  return parseLanguage(value ?? '') ?? 'en';
}

export async function switchLanguage({
  ctx,
  auth,
  input,
  ip,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { language: string };
  ip: string | null;
}) {
  const language = parseLanguage(input.language);
  if (!language) throw new ServiceError('invalid', messages.invalidLanguage);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, auth.user.id, { language, updated_at: now });
    await recordAudit(trx, {
      event: 'language.switched',
      at: now,
      userId: auth.user.id,
      companyId: auth.user.current_company_id,
      ip,
      details: { language },
    });
  });
  return { status: 'success' as const, message: 'Language updated.', language };
}
