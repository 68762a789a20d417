// Platform operators: a role above companies (users.is_admin). They alone write shared reference
// data (the CVE catalogue's feed files) and validate accounts. Granted by configuration
// (VIGIL_OPERATORS, at each start) or by the operator CLI (src/cli/operator.ts).
import type { Executor } from '../../db/database.js';
import { normalizeEmail } from '../../identity/users/users.repository.js';

/** Makes these users operators (or not); returns the e-mails that matched no user. */
export async function setOperators(
  db: Executor,
  emails: readonly string[],
  operator: boolean,
  now: Date,
): Promise<{ changed: string[]; unknown: string[] }> {
  const wanted = [...new Set(emails.map(normalizeEmail))];
  if (wanted.length === 0) return { changed: [], unknown: [] };
  const rows = await db
    .updateTable('users')
    .set({ is_admin: operator, updated_at: now })
    .where('email', 'in', wanted)
    .returning('email')
    .execute();
  const changed = rows.map((row) => row.email);
  return { changed, unknown: wanted.filter((email) => !changed.includes(email)) };
}

export function listOperators(db: Executor): Promise<{ email: string; name: string }[]> {
  return db.selectFrom('users').select(['email', 'name']).where('is_admin', '=', true).orderBy('email').execute();
}

/** The operator CLI's work: `grant <email>…`, `revoke <email>…` or `list`; returns what to print. */
export async function operatorCommand(db: Executor, argv: readonly string[], now: Date): Promise<string> {
  const [command, ...emails] = argv;
  if (command === 'list') {
    const operators = await listOperators(db);
    return operators.length === 0
      ? 'No platform operators.'
      : operators.map((o) => `${o.email}  (${o.name})`).join('\n');
  }
  if ((command === 'grant' || command === 'revoke') && emails.length > 0) {
    const { changed, unknown } = await setOperators(db, emails, command === 'grant', now);
    const lines = changed.map(
      (email) => `${email}: ${command === 'grant' ? 'now a platform operator' : 'no longer a platform operator'}`,
    );
    for (const email of unknown) lines.push(`${email}: no such user (nothing changed)`);
    return lines.join('\n');
  }
  throw new Error('Usage: npm run operator -- grant <email>… | revoke <email>… | list');
}
