// risk_counts for a writer that set `vigil.stats_by_writer` (the combolist's overlapping batches):
// the triggers leave the counters to it, and it adds what they would have, in key order.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

export interface CountChange {
  severity: string;
  status: string;
  n: number;
}

/** Adds changes to the counters of one company's own findings of a kind without due dates. */
export async function addRiskCounts(
  db: Executor,
  input: { companyId: number; module: string; kind: string; changes: readonly CountChange[] },
): Promise<void> {
  const changes = input.changes.filter((c) => c.n !== 0);
  if (changes.length === 0) return;
  await sql`
    insert into risk_counts (company_id, supplier_id, module, kind, severity, status, due_day, n)
    select ${input.companyId}, null, ${input.module}, ${input.kind}, t.severity, t.status, null, t.n
    from unnest(${changes.map((c) => c.severity)}::text[], ${changes.map((c) => c.status)}::text[],
      ${changes.map((c) => c.n)}::bigint[]) as t(severity, status, n)
    on conflict (company_id, supplier_id, module, kind, severity, status, due_day)
      do update set n = risk_counts.n + excluded.n`.execute(db);
}
