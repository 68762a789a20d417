import type { Generated } from 'kysely';

/** Security events. `details` never holds a password, token or code. */
export interface AuditEventsTable {
  id: Generated<number>;
  event: string;
  user_id: number | null;
  company_id: number | null;
  ip: string | null;
  details: string | null;
  created_at: Date;
}
