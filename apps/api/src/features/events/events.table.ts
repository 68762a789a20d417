import type { Generated } from 'kysely';

/** The timeline: new findings, status and score changes, imports. `details` is JSON text. */
export interface EventsTable {
  id: Generated<number>;
  company_id: number;
  module: string;
  kind: string;
  severity: string | null;
  title: string;
  finding_id: number | null;
  job_id: number | null;
  actor_user_id: number | null;
  details: string | null;
  at: Date;
}
