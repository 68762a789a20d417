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

declare module '../../db/database.js' {
  interface Database {
    risk_snapshots: RiskSnapshotsTable;
  }
}
