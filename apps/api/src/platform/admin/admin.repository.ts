import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Inactive users of the companies this administrator belongs to. */
export function listInactiveUsersOfAdmin(db: Executor, adminId: number) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.position',
      'users.email_verified_at',
      'users.created_at',
      sql<
        string[]
      >`(select array_agg(c.name order by c.name) from memberships m join companies c on c.id = m.company_id where m.user_id = users.id)`.as(
        'companies',
      ),
    ])
    .where('users.active', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as target')
          .innerJoin('memberships as mine', 'mine.company_id', 'target.company_id')
          .select(sql`1`.as('one'))
          .whereRef('target.user_id', '=', 'users.id')
          .where('mine.user_id', '=', adminId),
      ),
    )
    .orderBy('users.id')
    .execute();
}

export function findInactiveUserOfAdmin(db: Executor, adminId: number, userId: number) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '=', userId)
    .where('users.active', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as target')
          .innerJoin('memberships as mine', 'mine.company_id', 'target.company_id')
          .select(sql`1`.as('one'))
          .whereRef('target.user_id', '=', 'users.id')
          .where('mine.user_id', '=', adminId),
      ),
    )
    .executeTakeFirst();
}
