// The probes' scope: the domains (with their subdomains) and netblocks of the company, or of one of
// its suppliers, that probes may contact. Administrators change it; every member reads it.
import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { checkSupplier } from './assets.service.js';
import type { ScopeProofMethod, ScopeStatus } from './assets.table.js';
import { hostName, netblock } from './assets.values.js';
import { instructionsOf, tokenOf } from './scope-token.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const columns = [
  'id',
  'supplier_id',
  'kind',
  'value',
  'created_at',
  'status',
  'method',
  'verified_at',
  'checked_at',
  'check_note',
] as const;

export function toScope(r: {
  id: number;
  supplier_id: number | null;
  kind: 'domain' | 'netblock';
  value: string;
  created_at: Date;
  status: ScopeStatus;
  method: ScopeProofMethod | null;
  verified_at: Date | null;
  checked_at: Date | null;
  check_note: string | null;
}) {
  return {
    ...r,
    created_at: r.created_at.toISOString(),
    verified_at: r.verified_at?.toISOString() ?? null,
    checked_at: r.checked_at?.toISOString() ?? null,
  };
}

/** The widest netblocks a company may declare: a /16 of IPv4, a /48 of IPv6 (ADR 0041). */
const WIDEST = { 4: 16, 6: 48 } as const;

/** Why a (normalised) netblock may not be declared, or undefined. */
export function netblockTooWide(cidr: string): string | undefined {
  const [address = '', bits = ''] = cidr.split('/');
  const family = isIP(address) as 4 | 6;
  const widest = WIDEST[family];
  if (widest === undefined || Number(bits) >= widest) return undefined;
  return `${cidr} is wider than a /${widest}: declare the ${family === 4 ? 'IPv4' : 'IPv6'} netblocks you hold, at most a /${widest} each.`;
}

export async function listAssetScopes({ ctx, auth, input }: Verb<{ supplier_id?: number | undefined }>) {
  const scope = requireScope(auth.scope);
  if (input.supplier_id !== undefined) {
    const supplier = await ctx.db
      .selectFrom('suppliers')
      .select('id')
      .where(tenantFilter('suppliers', scope))
      .where('id', '=', input.supplier_id)
      .executeTakeFirst();
    if (!supplier) throw new ServiceError('not_found', 'Supplier not found.');
  }
  const rows = await ctx.db
    .selectFrom('asset_scopes')
    .select(columns)
    .where(tenantFilter('asset_scopes', scope))
    .where('supplier_id', input.supplier_id === undefined ? 'is' : '=', input.supplier_id ?? null)
    .orderBy('kind')
    .orderBy('value')
    .execute();
  const companyDomains = input.supplier_id === undefined ? await companyDomainsOf(ctx.db, scope.companyId) : [];
  const token = await tokenOf(ctx.db, scope.companyId, ctx.clock.now());
  return { data: rows.map(toScope), company_domains: companyDomains, verification: instructionsOf(token) };
}

async function companyDomainsOf(db: Executor, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', companyId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain.toLowerCase());
}

/**
 * The names passive work may use for one inventory (recon imports, certificate transparency,
 * archives, search): its declared domains (with their subdomains) and netblocks, verified or not,
 * and for the company's own also the company's registered domains. Never what probes contact.
 */
export async function scopeOf(
  db: Executor,
  inventory: { companyId: number; supplierId: number | null },
): Promise<{ domains: string[]; netblocks: string[] }> {
  const rows = await db
    .selectFrom('asset_scopes')
    .select(['kind', 'value'])
    .where('company_id', '=', inventory.companyId)
    .where('supplier_id', inventory.supplierId === null ? 'is' : '=', inventory.supplierId)
    .execute();
  const own = inventory.supplierId === null ? await companyDomainsOf(db, inventory.companyId) : [];
  const declared = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.value);
  return { domains: [...new Set([...own, ...declared('domain')])].sort(), netblocks: declared('netblock').sort() };
}

/**
 * What ACTIVE probes may contact for one inventory: its verified entries only (ADR 0041). The
 * company's registered domains are not among them unless an entry of the scope proves them.
 */
export function verifiedScopeOf(
  db: Executor,
  inventory: { companyId: number; supplierId: number | null },
): Promise<{ kind: 'domain' | 'netblock'; value: string; status: 'verified' }[]> {
  return db
    .selectFrom('asset_scopes')
    .select(['kind', 'value', sql<'verified'>`status`.as('status')])
    .where('company_id', '=', inventory.companyId)
    .where('supplier_id', inventory.supplierId === null ? 'is' : '=', inventory.supplierId)
    .where('status', '=', 'verified')
    .orderBy('kind')
    .orderBy('value')
    .execute();
}

/** Adds scope rows (already checked); existing ones are left as they are. */
export async function insertScopes(
  db: Executor,
  scope: Pick<TenantScope, 'companyId'>,
  supplierId: number | null,
  entries: { kind: 'domain' | 'netblock'; value: string }[],
  meta: { createdBy: number | null; now: Date },
) {
  if (entries.length === 0) return;
  await db
    .insertInto('asset_scopes')
    .values(
      entries.map((e) => ({
        company_id: scope.companyId,
        supplier_id: supplierId,
        kind: e.kind,
        value: e.value,
        created_by: meta.createdBy,
        created_at: meta.now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function createAssetScope({
  ctx,
  auth,
  input,
}: Verb<{ kind: 'domain' | 'netblock'; value: string; supplier_id?: number | undefined }>) {
  const scope = requireScope(auth.scope);
  const checked = input.kind === 'domain' ? hostName(input.value) : netblock(input.value);
  if (!checked.ok) throw validationError({ value: [checked.reason] });
  const tooWide = input.kind === 'netblock' ? netblockTooWide(checked.value) : undefined;
  if (tooWide) throw validationError({ value: [tooWide] });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const supplierId = await checkSupplier(trx, scope, input.supplier_id);
    const exists = await trx
      .selectFrom('asset_scopes')
      .select('id')
      .where(tenantFilter('asset_scopes', scope))
      .where('supplier_id', supplierId === null ? 'is' : '=', supplierId)
      .where('kind', '=', input.kind)
      .where('value', '=', checked.value)
      .executeTakeFirst();
    if (exists) throw validationError({ value: ['Already in scope.'] });
    return trx
      .insertInto('asset_scopes')
      .values({
        company_id: scope.companyId,
        supplier_id: supplierId,
        kind: input.kind,
        value: checked.value,
        created_by: auth.user.id,
        created_at: ctx.clock.now(),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
  return { data: toScope(row) };
}

export async function deleteAssetScope({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx
        .deleteFrom('asset_scopes')
        .where(tenantFilter('asset_scopes', scope))
        .where('id', '=', input.id)
        .executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Scope entry not found.');
  return { message: 'Removed from scope.' };
}
