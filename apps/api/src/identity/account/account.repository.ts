import type { Executor } from '../../db/database.js';

export async function savePicture(
  db: Executor,
  row: { userId: number; version: string; contentType: string; bytes: Buffer; at: Date },
): Promise<void> {
  const values = { version: row.version, content_type: row.contentType, bytes: row.bytes, created_at: row.at };
  await db
    .insertInto('user_pictures')
    .values({ user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deletePicture(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_pictures').where('user_id', '=', userId).execute();
}

export function findPicture(db: Executor, userId: number, version: string) {
  return db
    .selectFrom('user_pictures')
    .select(['content_type', 'bytes'])
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** True when the two users are members of at least one same company. */
export async function shareACompany(db: Executor, userId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as mine')
    .innerJoin('memberships as theirs', 'theirs.company_id', 'mine.company_id')
    .select('mine.company_id')
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', '=', otherId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
