// The daily rating snapshots (migration 2026-11-29-1000): one a day per company, and per supplier
// of a company; the trend and the score-change events read them.
import type { ColumnType } from 'kysely';

export interface RiskSnapshotsTable {
  company_id: number;
  /** null: the company's own rating. */
  supplier_id: number | null;
  /** The UTC day, written as `YYYY-MM-DD`. */
  day: ColumnType<Date, string, string>;
  /** 0–100 with one decimal (numeric: read as a string). */
  score: ColumnType<string, number, number>;
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  /** Each factor's grade, score and whether it has data, as JSON text. */
  factors: string;
  computed_at: Date;
}

/**
 * Findings counted by what the rating groups them by (migration 2026-11-29-1300, kept by statement
 * triggers on findings): `due_day` is set for open findings with a due date.
 */
export interface RiskCountsTable {
  company_id: number;
  supplier_id: number | null;
  module: string;
  kind: string;
  severity: string;
  status: string;
  due_day: ColumnType<Date | null, string | null, string | null>;
  n: ColumnType<string, number, number>;
}

declare module '../../db/database.js' {
  interface Database {
    risk_counts: RiskCountsTable;
    risk_snapshots: RiskSnapshotsTable;
  }
}
