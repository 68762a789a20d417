// Each company's proof-of-control token (ADR 0041): random, made once, kept so administrators can
// see it again, and published by them as a DNS TXT record or a /.well-known file to prove a domain.
import type { Executor } from '../../db/database.js';
import { randomToken } from '../../shared/secrets.js';

export const TXT_PREFIX = 'vigil-verification=';
export const CHALLENGE_LABEL = '_vigil-challenge';
export const FILE_PATH = '/.well-known/vigil-verification.txt';

/** The company's token, made on first use. */
export async function tokenOf(db: Executor, companyId: number, now: Date): Promise<string> {
  const found = await db
    .selectFrom('scope_tokens')
    .select('token')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (found) return found.token;
  await db
    .insertInto('scope_tokens')
    .values({ company_id: companyId, token: randomToken(24), created_at: now })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('scope_tokens')
    .select('token')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** How to prove a domain: the TXT record's value and where, or the file's path and contents. */
export function instructionsOf(token: string) {
  const value = `${TXT_PREFIX}${token}`;
  return {
    txt_value: value,
    txt_names: ['<domain>', `${CHALLENGE_LABEL}.<domain>`],
    file_path: FILE_PATH,
    file_contents: value,
  };
}

/** Whether a TXT string or a file's body holds the token (the file may hold the bare token). */
export function holdsToken(text: string, token: string): boolean {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .some((line) => line === `${TXT_PREFIX}${token}` || line === token);
}
