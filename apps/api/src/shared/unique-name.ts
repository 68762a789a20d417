// A company's rows of some kinds (suppliers, stores) are named uniquely: a clash is a 422 on `name`,
// which the forms show under the field, rather than the database's unique violation.
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { validationError } from './service-error.js';
import type { TenantScope } from './tenant.js';

/** Refuses `name` when another row of the company's `table` has it (`except`: the row being renamed). */
export async function checkNameFree(
  db: Executor,
  table: 'stores' | 'suppliers',
  scope: TenantScope,
  input: { name: string; except: number | null; message: string },
): Promise<void> {
  const clash = await sql<{ id: number }>`select id from ${sql.table(table)}
    where company_id = ${scope.companyId} and name = ${input.name} and id <> ${input.except ?? 0} limit 1`.execute(db);
  if (clash.rows.length > 0) throw validationError({ name: [input.message] });
}
