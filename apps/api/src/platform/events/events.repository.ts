import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { and, capped, type PageInput, pageOf } from '../findings/findings.query.js';
import type { Module, Severity } from '../findings/findings.table.js';

export type EventKind =
  | 'finding.created'
  | 'findings.created'
  | 'finding.status_changed'
  | 'finding.reopened'
  | 'finding.updated'
  | 'finding.commented'
  | 'score.changed'
  | 'import.succeeded'
  | 'import.failed'
  | 'import.cancelled'
  /** A probe run of the attack surface ended: its one event, with its counts. */
  | 'probes.finished'
  /** A page's script scan ended: its one event, with its counts. */
  | 'scripts.scanned'
  /** A store blacklist entry was added or changed (status, notes, takedown reference, a re-check's finding). */
  | 'store_blacklist.changed';

export interface NewEvent {
  companyId: number;
  module: Module;
  kind: EventKind;
  severity: Severity | null;
  title: string;
  findingId?: number | null;
  jobId?: number | null;
  actorUserId?: number | null;
  details?: Record<string, unknown> | null;
  at: Date;
}

/** Writes events; call it with the transaction that makes the change. */
export async function insertEvents(db: Executor, events: NewEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 1000) {
    await db
      .insertInto('events')
      .values(
        events.slice(i, i + 1000).map((e) => ({
          company_id: e.companyId,
          module: e.module,
          kind: e.kind,
          severity: e.severity,
          title: e.title,
          finding_id: e.findingId ?? null,
          job_id: e.jobId ?? null,
          actor_user_id: e.actorUserId ?? null,
          details: e.details ? JSON.stringify(e.details) : null,
          at: e.at,
        })),
      )
      .execute();
  }
}

export interface EventFilters extends PageInput {
  module?: Module | undefined;
  severity?: Severity[] | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  finding_id?: number | undefined;
}

export function listEventRows(db: Executor, scope: TenantScope, filters: EventFilters) {
  const c = [tenantFilter('e', scope)];
  if (filters.module) c.push(sql`e.module = ${filters.module}`);
  if (filters.severity?.length) c.push(sql`e.severity in (${sql.join(filters.severity)})`);
  if (filters.kind) c.push(sql`e.kind = ${filters.kind}`);
  if (filters.from) c.push(sql`e.at >= ${new Date(filters.from)}`);
  if (filters.to) c.push(sql`e.at < ${new Date(filters.to)}`);
  if (filters.finding_id) c.push(sql`e.finding_id = ${filters.finding_id}`);
  const base = db.selectFrom('events as e').where(and(c));
  const query = base
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select([
      'e.id',
      'e.kind',
      'e.module',
      'e.severity',
      'e.title',
      'e.finding_id',
      'e.job_id',
      'e.actor_user_id',
      'u.name as actor_name',
      'e.details',
      'e.at',
    ])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc');
  return pageOf(db, query, capped(base), filters);
}
