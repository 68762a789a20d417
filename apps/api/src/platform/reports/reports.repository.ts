// The reports' rows: every query of a company's reports goes through tenantFilter(); the print
// token is the one way in without a session, and finds its report by the token's hash alone.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { randomToken, sha256 } from '../../shared/secrets.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { ReportStatus } from './reports.table.js';

/** A print token lives this long: the renderer uses it within seconds of making it. */
export const PRINT_TOKEN_MS = 5 * 60_000;

const listed = [
  'r.id',
  'r.company_id',
  'r.period_from',
  'r.period_to',
  'r.language',
  'r.status',
  'r.error',
  'r.pages',
  'r.size',
  'r.scheduled',
  'r.created_at',
  'r.finished_at',
  'u.name as requested_by',
] as const;

export function listReports(db: Executor, scope: TenantScope, limit: number) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(listed)
    .where(tenantFilter('r', scope))
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export function findReport(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(listed)
    .where(tenantFilter('r', scope))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export type ListedReport = NonNullable<Awaited<ReturnType<typeof findReport>>>;

export async function insertReport(
  db: Executor,
  input: {
    companyId: number;
    from: string;
    to: string;
    language: string;
    requestedBy: number | null;
    scheduled: boolean;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('reports')
    .values({
      company_id: input.companyId,
      period_from: input.from,
      period_to: input.to,
      language: input.language,
      status: 'queued',
      requested_by: input.requestedBy,
      scheduled: input.scheduled,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setReportJob(db: Executor, id: number, jobId: number): Promise<void> {
  await db.updateTable('reports').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** The PDF of a done report of the scope's company. */
export function findPdf(db: Executor, scope: TenantScope, id: number) {
  return db
    .selectFrom('reports as r')
    .select(['r.pdf', 'r.period_from', 'r.period_to'])
    .where(tenantFilter('r', scope))
    .where('r.id', '=', id)
    .where('r.status', '=', 'done')
    .executeTakeFirst();
}

export async function deleteReport(db: Executor, scope: TenantScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('reports as r')
    .where(tenantFilter('r', scope))
    .where('r.id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The report a rendering job works on (the job names it; its company is the job's). */
export function reportOfJob(db: Executor, id: number, companyId: number) {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Moves the report to `rendering` with a fresh print token (stored hashed); the token. */
export async function issuePrintToken(db: Executor, id: number, now: Date): Promise<string> {
  const token = randomToken();
  await db
    .updateTable('reports')
    .set({
      status: 'rendering',
      error: null,
      print_token_hash: sha256(token),
      print_token_expires_at: new Date(now.getTime() + PRINT_TOKEN_MS),
    })
    .where('id', '=', id)
    .execute();
  return token;
}

/**
 * The report a print token opens, once: the token is consumed by this read (a second use, an
 * expired token, another report's token or a report no longer rendering find nothing).
 */
export async function consumePrintToken(db: Executor, id: number, token: string, now: Date) {
  return db
    .updateTable('reports')
    .set({ print_token_hash: null, print_token_expires_at: null })
    .where('id', '=', id)
    .where('print_token_hash', '=', sha256(token))
    .where('print_token_expires_at', '>', now)
    .where('status', '=', 'rendering')
    .returningAll()
    .executeTakeFirst();
}

export async function finishReport(
  db: Executor,
  id: number,
  outcome: { status: Extract<ReportStatus, 'done' | 'failed'>; pdf?: Uint8Array; pages?: number; error?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('reports')
    .set({
      status: outcome.status,
      pdf: outcome.pdf ?? null,
      pages: outcome.pages ?? null,
      size: outcome.pdf?.byteLength ?? null,
      error: outcome.error?.slice(0, 500) ?? null,
      print_token_hash: null,
      print_token_expires_at: null,
      finished_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export function companyName(db: Executor, companyId: number) {
  return db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
}

export function userName(db: Executor, userId: number | null) {
  if (userId === null) return Promise.resolve(undefined);
  return db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
}

/** Active members of the company among the given users (a recipient must be one). */
export function activeMembers(db: Executor, companyId: number, userIds?: readonly number[]) {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.name', 'u.email'])
    .where('m.company_id', '=', companyId)
    .where('m.deactivated_at', 'is', null)
    .where('u.active', '=', true);
  if (userIds) query = query.where('u.id', 'in', userIds.length ? userIds : [0]);
  return query.orderBy('u.name').execute();
}

export function findSchedule(db: Executor, scope: TenantScope) {
  return db.selectFrom('report_schedules as s').selectAll().where(tenantFilter('s', scope)).executeTakeFirst();
}

/** The schedule's recipients who are still active members (a departed one stops receiving). */
export function scheduleRecipients(db: Executor, companyId: number) {
  return db
    .selectFrom('report_recipients as r')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'r.user_id').onRef('m.company_id', '=', 'r.company_id'),
    )
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id as user_id', 'u.name', 'u.email'])
    .where('r.company_id', '=', companyId)
    .where('m.deactivated_at', 'is', null)
    .where('u.active', '=', true)
    .orderBy('u.name')
    .execute();
}

/** The enabled schedules whose last sent period ended before `periodTo` (or that never sent). */
export function dueSchedules(db: Executor, periodTo: string) {
  return db
    .selectFrom('report_schedules')
    .select(['company_id', 'language'])
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('last_period_to', 'is', null), eb('last_period_to', '<', sql<Date>`${periodTo}::date`)]))
    .orderBy('company_id')
    .execute();
}
