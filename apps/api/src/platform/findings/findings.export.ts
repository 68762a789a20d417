import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { requireScope } from '../../shared/tenant.js';
import { csvStream, EXPORT_BATCH } from './findings.csv.js';
import { coreColumns, type FindingListInput, findingListBase } from './findings.repository.js';

export const coreHeader = [
  'id',
  'module',
  'title',
  'severity',
  'status',
  'assignee',
  'risk_accepted_until',
  'due_at',
  'first_seen_at',
  'last_seen_at',
  'resolved_at',
  'reopen_count',
  'is_demo',
] as const;

export function coreCells(r: {
  id: number;
  module: string;
  title: string;
  severity: string;
  status: string;
  assignee_name: string | null;
  risk_accepted_until: Date | null;
  due_at: Date | null;
  first_seen_at: Date;
  last_seen_at: Date;
  resolved_at: Date | null;
  reopen_count: number;
  is_demo: boolean;
}): unknown[] {
  return [
    r.id,
    r.module,
    r.title,
    r.severity,
    r.status,
    r.assignee_name,
    r.risk_accepted_until,
    r.due_at,
    r.first_seen_at,
    r.last_seen_at,
    r.resolved_at,
    r.reopen_count,
    r.is_demo,
  ];
}

export function exportFindings({ ctx, auth, input }: { ctx: AppContext; auth: AuthContext; input: FindingListInput }) {
  const scope = requireScope(auth.scope);
  return csvStream(
    coreHeader,
    (after) =>
      findingListBase(ctx.db, scope, input)
        .leftJoin('users as au', 'au.id', 'f.assignee_id')
        .select(coreColumns)
        .where(sql<boolean>`f.id > ${after}`)
        .orderBy('f.id')
        .limit(EXPORT_BATCH)
        .execute(),
    coreCells,
  );
}
