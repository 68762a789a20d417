// Row → wire shapes shared by every module's list.
import { iso } from './findings.query.js';
import type { FindingStatus, Severity } from './findings.table.js';

export interface CoreRow {
  id: number;
  module: string;
  title: string;
  severity: Severity;
  status: FindingStatus;
  assignee_id: number | null;
  assignee_name: string | null;
  risk_accepted_until: Date | null;
  due_at: Date | null;
  first_seen_at: Date;
  last_seen_at: Date;
  resolved_at: Date | null;
  reopen_count: number;
  comment_count: number;
  is_demo: boolean;
}

export function toFindingCore(row: CoreRow) {
  return {
    id: row.id,
    module: row.module,
    title: row.title,
    severity: row.severity,
    status: row.status,
    assignee:
      row.assignee_id !== null && row.assignee_name !== null ? { id: row.assignee_id, name: row.assignee_name } : null,
    risk_accepted_until: iso(row.risk_accepted_until),
    due_at: iso(row.due_at),
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    resolved_at: iso(row.resolved_at),
    reopen_count: row.reopen_count,
    comment_count: row.comment_count,
    is_demo: row.is_demo,
  };
}
