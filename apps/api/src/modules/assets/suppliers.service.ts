// The supplier portfolio: list, one supplier, add, change and remove (with its assets, scope and
// findings, which the database cascades). Names are unique within a company.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ratingOf } from '../../platform/risk/risk.service.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { checkNameFree } from '../../shared/unique-name.js';
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

type SupplierRating = {
  score: number;
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  day: string;
  change_30d: number | null;
} | null;

/** The latest snapshot's rating and its change from the one about 30 days before. */
function snapshotRating(r: SupplierListRow): SupplierRating {
  if (r.score === null || r.grade === null || r.rating_day === null) return null;
  const score = Number(r.score);
  const previous = r.previous_score === null ? null : Number(r.previous_score);
  const change = previous === null ? null : Math.round((score - previous) * 10) / 10;
  return { score, grade: r.grade, day: r.rating_day, change_30d: change };
}

/**
 * Each row's rating: its latest daily snapshot, or (a supplier added since the last snapshot run)
 * its rating now, from the same formula (risk.service.ts ratingOf), without a trend yet.
 */
async function withRatings(ctx: AppContext, scope: TenantScope, rows: SupplierListRow[]) {
  const now = ctx.clock.now();
  return Promise.all(
    rows.map(async (r) => {
      const snapshot = snapshotRating(r);
      if (snapshot) return toSupplier(r, snapshot);
      const live = await ratingOf(ctx.db, { companyId: scope.companyId, supplierId: r.id }, now, ctx.modules.modules);
      const rating =
        live.score === null || live.grade === null
          ? null
          : { score: live.score, grade: live.grade, day: now.toISOString().slice(0, 10), change_30d: null };
      return toSupplier(r, rating);
    }),
  );
}

function toSupplier(r: SupplierListRow, rating: SupplierRating) {
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
    rating,
    open_findings: r.open_findings,
    asset_count: r.asset_count,
    domains: r.domains,
    is_demo: r.is_demo,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function listSuppliers({ ctx, auth, input }: Verb<SupplierListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listSupplierRows(ctx.db, scope, input);
  return { data: await withRatings(ctx, scope, rows), meta };
}

async function supplierOf(ctx: AppContext, scope: TenantScope, id: number) {
  const row = await findSupplier(ctx.db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Supplier not found.');
  const [supplier] = await withRatings(ctx, scope, [row]);
  if (!supplier) throw new ServiceError('not_found', 'Supplier not found.');
  return { data: supplier };
}

export function getSupplier({ ctx, auth, input }: Verb<{ id: number }>) {
  return supplierOf(ctx, requireScope(auth.scope), input.id);
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

const nameTaken = (name: string, except: number | null) => ({
  name,
  except,
  message: 'A supplier of this name already exists.',
});

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
    await checkNameFree(trx, 'suppliers', scope, nameTaken(fields.name, null));
    return insertSupplier(trx, scope.companyId, fields, {
      createdBy: auth.user.id,
      now: ctx.clock.now(),
      isDemo: false,
    });
  });
  return supplierOf(ctx, scope, id);
}

export async function updateSupplier({ ctx, auth, input }: Verb<SupplierInput & { id: number }>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  await ctx.db.transaction().execute(async (trx) => {
    await checkNameFree(trx, 'suppliers', scope, nameTaken(fields.name, input.id));
    const updated = await trx
      .updateTable('suppliers')
      .set({ ...fields, updated_at: ctx.clock.now() })
      .where(tenantFilter('suppliers', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ServiceError('not_found', 'Supplier not found.');
  });
  return supplierOf(ctx, scope, input.id);
}

export async function deleteSupplier({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx.deleteFrom('suppliers').where(tenantFilter('suppliers', scope)).where('id', '=', input.id).executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Supplier not found.');
  return { message: 'Supplier removed.' };
}

export { fieldsOf as supplierFields };
