import type { Executor } from '../../db/database.js';

export interface SlaDays {
  critical_days: number;
  high_days: number;
  medium_days: number;
  low_days: number;
}

export const defaultSla: SlaDays = { critical_days: 7, high_days: 30, medium_days: 90, low_days: 180 };

export async function slaOf(db: Executor, companyId: number): Promise<SlaDays> {
  const row = await db
    .selectFrom('sla_policies')
    .select(['critical_days', 'high_days', 'medium_days', 'low_days'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ?? defaultSla;
}

/** The SLA due date of a finding first seen at `from`; none for info. */
export function dueDate(sla: SlaDays, severity: string, from: Date): Date | null {
  const days =
    severity === 'critical'
      ? sla.critical_days
      : severity === 'high'
        ? sla.high_days
        : severity === 'medium'
          ? sla.medium_days
          : severity === 'low'
            ? sla.low_days
            : null;
  return days === null ? null : new Date(from.getTime() + days * 86_400_000);
}
