import type { Generated } from 'kysely';
import type { Severity } from '../findings/findings.table.js';

/** The timeline: new findings, status and score changes, imports. `details` is JSON text. */
export interface EventsTable {
  id: Generated<number>;
  company_id: number;
  module: string;
  kind: string;
  severity: Severity | null;
  title: string;
  finding_id: number | null;
  job_id: number | null;
  actor_user_id: number | null;
  details: string | null;
  at: Date;
}
