// Findings of every module: the shared columns, history and comments. Every query filters by the
// scope's company; a row of another company is simply not found.
import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import {
  and,
  capped,
  type FindingFilters,
  findingConditions,
  likePrefix,
  orderOf,
  orderSql,
  type PageInput,
  pageOf,
  SEVERITY_RANK,
} from './findings.query.js';
import type { FindingsTable } from './findings.table.js';

/** The FindingCore columns, from `findings as f` left-joined to `users as au` (the assignee). */
export const coreColumns = [
  'f.id',
  'f.module',
  'f.title',
  'f.severity',
  'f.status',
  'f.assignee_id',
  'au.name as assignee_name',
  'f.risk_accepted_until',
  'f.due_at',
  'f.first_seen_at',
  'f.last_seen_at',
  'f.resolved_at',
  'f.reopen_count',
  'f.comment_count',
  'f.is_demo',
] as const;

export type FindingSort =
  | '-last_seen_at'
  | 'last_seen_at'
  | '-first_seen_at'
  | 'first_seen_at'
  | '-severity'
  | 'severity'
  | 'status'
  | '-status'
  | 'due_at'
  | '-due_at';

export interface FindingListInput extends FindingFilters, PageInput {
  q?: string | undefined;
  sort?: FindingSort | undefined;
}

export function findingListBase(db: Executor, scope: TenantScope, input: FindingListInput) {
  const c = findingConditions(scope, input);
  if (input.q) c.push(sql`f.title ilike ${`%${likePrefix(input.q.trim())}`}`);
  return db.selectFrom('findings as f').where(and(c));
}

const findingOrder = {
  severity: SEVERITY_RANK,
  status: 'f.status',
  due_at: 'f.due_at',
  first_seen_at: 'f.first_seen_at',
  last_seen_at: 'f.last_seen_at',
} as const;

export function listFindingRows(db: Executor, scope: TenantScope, input: FindingListInput) {
  const base = findingListBase(db, scope, input);
  const order = orderOf(input.sort, findingOrder, '-last_seen_at');
  const query = base
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select(coreColumns)
    .orderBy(orderSql(order, order.column === findingOrder.due_at))
    .orderBy('f.id', order.dir);
  return pageOf(db, query, capped(base), input);
}

export function findFinding(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('findings as f')
    .leftJoin('users as au', 'au.id', 'f.assignee_id')
    .select([...coreColumns, 'f.fingerprint', 'f.company_id'])
    .where(tenantFilter('f', scope))
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** Locks the scope's findings for a change (the rows of other companies are never returned). */
export function lockFindings(db: Executor, scope: TenantScope, ids: number[]) {
  return db
    .selectFrom('findings')
    .selectAll()
    .where(tenantFilter('findings', scope))
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function updateFindingRow(
  db: Executor,
  scope: TenantScope,
  id: number,
  values: Updateable<FindingsTable>,
): Promise<void> {
  await db.updateTable('findings').set(values).where(tenantFilter('findings', scope)).where('id', '=', id).execute();
}

export interface NewChange {
  companyId: number;
  findingId: number;
  field: string;
  from: string | null;
  to: string | null;
  actorUserId?: number | null;
  jobId?: number | null;
  at: Date;
}

export async function insertChanges(db: Executor, changes: NewChange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 1000) {
    await db
      .insertInto('finding_changes')
      .values(
        changes.slice(i, i + 1000).map((c) => ({
          company_id: c.companyId,
          finding_id: c.findingId,
          field: c.field,
          from_value: c.from,
          to_value: c.to,
          actor_user_id: c.actorUserId ?? null,
          job_id: c.jobId ?? null,
          at: c.at,
        })),
      )
      .execute();
  }
}

/**
 * The people an assignee change names, joined through the company's memberships: a user who has
 * left the company (or another company's user) is not found, and the browser shows a former member.
 */
const personOf = (membership: 'mf' | 'mt', value: 'c.from_value' | 'c.to_value', scope: TenantScope) =>
  sql<boolean>`${sql.ref(`${membership}.company_id`)} = ${scope.companyId} and c.field = 'assignee'
    and ${sql.ref(`${membership}.user_id`)}::text = ${sql.ref(value)}`;

export function listChanges(db: Executor, scope: TenantScope, findingId: number) {
  return db
    .selectFrom('finding_changes as c')
    .leftJoin('users as u', 'u.id', 'c.actor_user_id')
    .leftJoin('memberships as mf', (join) => join.on(personOf('mf', 'c.from_value', scope)))
    .leftJoin('users as uf', 'uf.id', 'mf.user_id')
    .leftJoin('memberships as mt', (join) => join.on(personOf('mt', 'c.to_value', scope)))
    .leftJoin('users as ut', 'ut.id', 'mt.user_id')
    .select([
      'c.id',
      'c.field',
      'c.from_value',
      'c.to_value',
      'c.at',
      'c.actor_user_id',
      'u.name as actor_name',
      'c.job_id',
      'uf.id as from_user_id',
      'uf.name as from_user_name',
      'uf.email as from_user_email',
      'ut.id as to_user_id',
      'ut.name as to_user_name',
      'ut.email as to_user_email',
    ])
    .where(tenantFilter('c', scope))
    .where('c.finding_id', '=', findingId)
    .orderBy('c.id', 'desc')
    .limit(500)
    .execute();
}

export function listComments(db: Executor, scope: TenantScope, findingId: number) {
  return db
    .selectFrom('finding_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.body', 'c.created_at', 'c.author_id', 'u.name as author_name'])
    .where(tenantFilter('c', scope))
    .where('c.finding_id', '=', findingId)
    .orderBy('c.id')
    .execute();
}

export async function insertComment(
  db: Executor,
  scope: TenantScope,
  values: { findingId: number; authorId: number; body: string; at: Date },
) {
  const row = await db
    .insertInto('finding_comments')
    .values({
      company_id: scope.companyId,
      finding_id: values.findingId,
      author_id: values.authorId,
      body: values.body,
      created_at: values.at,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('findings')
    .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
    .where(tenantFilter('findings', scope))
    .where('id', '=', values.findingId)
    .execute();
  return row.id;
}

export function listMembers(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where(tenantFilter('m', scope))
    .where('m.deactivated_at', 'is', null)
    .where('u.active', '=', true)
    .orderBy('u.name')
    .execute();
}

export async function isMember(db: Executor, scope: TenantScope, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where(tenantFilter('memberships', scope))
    .where('user_id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The Jira issues ticket channels opened for a finding (ADR 0050), oldest first. */
export function listTickets(db: Executor, scope: TenantScope, findingId: number) {
  return db
    .selectFrom('finding_tickets')
    .select(['issue_key', 'url', 'resolved_at'])
    .where(tenantFilter('finding_tickets', scope))
    .where('finding_id', '=', findingId)
    .orderBy('id')
    .execute();
}
