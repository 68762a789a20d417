import type { ColumnType, Generated, Selectable } from 'kysely';

/** A date column: written as `YYYY-MM-DD`, read back as a Date (midnight UTC). */
type Day = ColumnType<Date, string, string>;

export const reportStatuses = ['queued', 'rendering', 'done', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** One report of a company's period: its rendering status, then its PDF (ADR 0033). */
export interface ReportsTable {
  id: Generated<number>;
  company_id: number;
  period_from: Day;
  period_to: Day;
  language: string;
  status: ReportStatus;
  error: string | null;
  pages: number | null;
  size: number | null;
  pdf: Uint8Array | null;
  requested_by: number | null;
  scheduled: Generated<boolean>;
  job_id: number | null;
  /** SHA-256 of the rendering's one-time print token; null once used or when none is out. */
  print_token_hash: string | null;
  print_token_expires_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
}

/** A company's monthly report: on or off, its language, the last period it sent. */
export interface ReportSchedulesTable {
  company_id: number;
  enabled: Generated<boolean>;
  language: string;
  last_period_to: ColumnType<Date | null, string | null, string | null>;
  last_sent_at: Date | null;
  updated_by: number | null;
  updated_at: Date;
}

export interface ReportRecipientsTable {
  company_id: number;
  user_id: number;
}

export type ReportRow = Selectable<ReportsTable>;

declare module '../../db/database.js' {
  interface Database {
    reports: ReportsTable;
    report_schedules: ReportSchedulesTable;
    report_recipients: ReportRecipientsTable;
  }
}
