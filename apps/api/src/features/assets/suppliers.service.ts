// The supplier portfolio: list, one supplier, add, change and remove (with its assets, scope and
// findings, which the database cascades). Names are unique within a company.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { HttpError, validationError } from '../../shared/http-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import type { AuthContext } from '../session/session.service.js';
import type { SuppliersTable, SupplierTier } from './assets.table.js';
import {
  findSupplier,
  listSupplierRows,
  type SupplierListInput,
  type SupplierListRow,
} from './suppliers.repository.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export interface SupplierInput {
  name: string;
  tier: SupplierTier;
  website?: string | null | undefined;
  contact_name?: string | null | undefined;
  contact_email?: string | null | undefined;
  contract_start?: string | null | undefined;
  contract_end?: string | null | undefined;
  notes?: string | null | undefined;
  questionnaire_status?: SuppliersTable['questionnaire_status'] | undefined;
}

function toSupplier(r: SupplierListRow) {
  const score = r.score === null ? null : Number(r.score);
  const previous = r.previous_score === null ? null : Number(r.previous_score);
  return {
    id: r.id,
    name: r.name,
    tier: r.tier,
    website: r.website,
    contact_name: r.contact_name,
    contact_email: r.contact_email,
    contract_start: r.contract_start,
    contract_end: r.contract_end,
    notes: r.notes,
    questionnaire_status: r.questionnaire_status,
    rating:
      score === null || r.grade === null || r.rating_day === null
        ? null
        : {
            score,
            grade: r.grade,
            day: r.rating_day,
            change_30d: previous === null ? null : Math.round((score - previous) * 10) / 10,
          },
    open_findings: r.open_findings,
    asset_count: r.asset_count,
    domains: r.domains,
    is_demo: r.is_demo,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function listSuppliers({ ctx, auth, input }: Verb<SupplierListInput>) {
  const { rows, meta } = await listSupplierRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toSupplier), meta };
}

async function supplierOf(db: Executor, scope: TenantScope, id: number) {
  const row = await findSupplier(db, scope, id);
  if (!row) throw new HttpError(404, 'Supplier not found.');
  return { data: toSupplier(row) };
}

export function getSupplier({ ctx, auth, input }: Verb<{ id: number }>) {
  return supplierOf(ctx.db, requireScope(auth.scope), input.id);
}

const blank = (value: string | null | undefined) => value?.trim() || null;

/** The row's fields from the input, or 422 naming what is wrong. */
function fieldsOf(input: SupplierInput) {
  const name = input.name.trim();
  if (name === '') throw validationError({ name: ['The name is required.'] });
  const email = blank(input.contact_email);
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw validationError({ contact_email: ['The contact e-mail must be a valid e-mail address.'] });
  }
  const start = blank(input.contract_start);
  const end = blank(input.contract_end);
  if (start && end && end < start) {
    throw validationError({ contract_end: ['The contract end must be on or after its start.'] });
  }
  return {
    name,
    tier: input.tier,
    website: blank(input.website),
    contact_name: blank(input.contact_name),
    contact_email: email,
    contract_start: start,
    contract_end: end,
    notes: blank(input.notes),
    questionnaire_status: input.questionnaire_status ?? null,
  };
}

async function checkNameFree(db: Executor, scope: TenantScope, name: string, except: number | null) {
  const clash = await db
    .selectFrom('suppliers')
    .select('id')
    .where(tenantFilter('suppliers', scope))
    .where('name', '=', name)
    .$if(except !== null, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  if (clash) throw validationError({ name: ['A supplier of this name already exists.'] });
}

/** Inserts one supplier of the company (the demo's setup writes through it too). */
export async function insertSupplier(
  db: Executor,
  companyId: number,
  fields: ReturnType<typeof fieldsOf>,
  meta: { createdBy: number | null; now: Date; isDemo: boolean },
): Promise<number> {
  const row = await db
    .insertInto('suppliers')
    .values({
      ...fields,
      company_id: companyId,
      is_demo: meta.isDemo,
      created_by: meta.createdBy,
      created_at: meta.now,
      updated_at: meta.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createSupplier({ ctx, auth, input }: Verb<SupplierInput>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkNameFree(trx, scope, fields.name, null);
    return insertSupplier(trx, scope.companyId, fields, {
      createdBy: auth.user.id,
      now: ctx.clock.now(),
      isDemo: false,
    });
  });
  return supplierOf(ctx.db, scope, id);
}

export async function updateSupplier({ ctx, auth, input }: Verb<SupplierInput & { id: number }>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  await ctx.db.transaction().execute(async (trx) => {
    await checkNameFree(trx, scope, fields.name, input.id);
    const updated = await trx
      .updateTable('suppliers')
      .set({ ...fields, updated_at: ctx.clock.now() })
      .where(tenantFilter('suppliers', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new HttpError(404, 'Supplier not found.');
  });
  return supplierOf(ctx.db, scope, input.id);
}

export async function deleteSupplier({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx.deleteFrom('suppliers').where(tenantFilter('suppliers', scope)).where('id', '=', input.id).executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new HttpError(404, 'Supplier not found.');
  return { message: 'Supplier removed.' };
}

export { fieldsOf as supplierFields };
