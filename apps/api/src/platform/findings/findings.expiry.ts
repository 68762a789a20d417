// Risk acceptance ends on its date: the finding goes back to in_review, with a history row and a
// status event (no user is the actor), so an accepted risk is looked at again.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { insertEvents } from '../events/events.repository.js';
import { insertChanges } from './findings.repository.js';
import type { Module, Severity } from './findings.table.js';

export async function expireRiskAcceptances(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; company_id: number; module: Module; title: string; severity: Severity }>`
      update findings set status = 'in_review', risk_accepted_until = null, updated_at = ${now}
      where status = 'risk_accepted' and risk_accepted_until <= ${now}
      returning id, company_id, module, title, severity`.execute(trx);
    if (rows.length === 0) return 0;
    await insertChanges(
      trx,
      rows.map((r) => ({
        companyId: r.company_id,
        findingId: r.id,
        field: 'status',
        from: 'risk_accepted',
        to: 'in_review',
        at: now,
      })),
    );
    await insertEvents(
      trx,
      rows.map((r) => ({
        companyId: r.company_id,
        module: r.module,
        kind: 'finding.status_changed' as const,
        severity: r.severity,
        title: `${r.title}: risk acceptance ended → in_review`,
        findingId: r.id,
        details: { from: 'risk_accepted', to: 'in_review', reason: 'risk acceptance expired' },
        at: now,
      })),
    );
    return rows.length;
  });
}
