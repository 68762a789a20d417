import type { Generated, Selectable } from 'kysely';

/** A registered monitoring module's id (platform/monitoring/module-registry.ts). */
export type Module = string;
export const severities = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof severities)[number];
export const findingStatuses = [
  'new',
  'in_review',
  'confirmed',
  'false_positive',
  'risk_accepted',
  'resolved',
] as const;
export type FindingStatus = (typeof findingStatuses)[number];
/** Statuses that still need work (KPIs, SLA). */
export const openStatuses: FindingStatus[] = ['new', 'in_review', 'confirmed'];

/** A finding of any module; the module's own columns live in its detail table (1:1 on finding_id). */
export interface FindingsTable {
  id: Generated<number>;
  company_id: number;
  module: Module;
  fingerprint: string;
  title: string;
  severity: Severity;
  status: Generated<FindingStatus>;
  /** The status an import found before it last touched the row (tells a reopen from a re-sighting). */
  prev_status: string | null;
  assignee_id: number | null;
  risk_accepted_until: Date | null;
  due_at: Date | null;
  first_seen_at: Date;
  last_seen_at: Date;
  resolved_at: Date | null;
  reopen_count: Generated<number>;
  comment_count: Generated<number>;
  last_job_id: number | null;
  reopened_by_job_id: number | null;
  is_demo: Generated<boolean>;
  /** The supplier whose asset the finding is on (attack surface); null for the company's own. */
  supplier_id: Generated<number | null>;
  created_at: Date;
  updated_at: Date;
}

/** Counters kept by statement triggers on findings, so KPIs never count a million rows. */
export interface FindingStatsTable {
  company_id: number;
  module: string;
  severity: string;
  status: string;
  n: string;
}

export interface FindingDailyTable {
  company_id: number;
  module: string;
  day: Date;
  /** What kind of finding of its module (its fingerprint's prefix: combo, breach, stealer, device, cve, nuclei). */
  kind: string;
  n: string;
}

/** New and reopened findings of one import by severity, added batch by batch (its summary event). */
export interface ImportFindingCountsTable {
  job_id: number;
  severity: Severity;
  created: string;
  reopened: string;
}

export interface FindingChangesTable {
  id: Generated<number>;
  company_id: number;
  finding_id: number;
  field: string;
  from_value: string | null;
  to_value: string | null;
  actor_user_id: number | null;
  job_id: number | null;
  at: Date;
}

export interface FindingCommentsTable {
  id: Generated<number>;
  company_id: number;
  finding_id: number;
  author_id: number | null;
  body: string;
  created_at: Date;
}

export type FindingRow = Selectable<FindingsTable>;
