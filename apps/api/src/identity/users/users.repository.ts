import type { Executor } from '../../db/database.js';
import { parseLanguage } from './languages.js';
import type { NewUser, UserRow, UserUpdate } from './users.table.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByMicrosoftId(db: Executor, tid: string, oid: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('microsoft_tid', '=', tid)
    .where('microsoft_oid', '=', oid)
    .executeTakeFirst();
}

export function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...user, email: normalizeEmail(user.email) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** The user as the contract's `User` schema shows it. */
export function toUserJson(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    position: user.position,
    idCliente: user.current_company_id,
    active: user.active,
    picture: user.picture,
    // The contract's languages only: a stored one the product no longer speaks reads as none.
    language: user.language === null ? null : (parseLanguage(user.language) ?? null),
    theme: user.theme,
    operator: user.is_admin,
  };
}

export type UserJson = ReturnType<typeof toUserJson>;

/** `a***@example.com`: enough to recognise the address, not to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
