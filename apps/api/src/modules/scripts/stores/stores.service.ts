// The online stores and their monitored pages: list (with each page's last scan and PCI DSS status),
// one, add, change and remove (with the pages' scans, inventory and script findings). Only the
// company's administrators write them: a page URL decides what the scanner's browser loads.
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import { checkNameFree } from '../../../shared/unique-name.js';
import type { StorePageRow, StoreRow } from '../scripts/scripts.table.js';
import { pageCompliance, storeStatus } from './compliance.js';
import {
  countStores,
  findPages,
  findStores,
  type PageState,
  pageStates,
  type StoreFilter,
} from './stores.repository.js';
import { MAX_STORES, onDomains, type StoreInput, storeFields } from './stores.values.js';

export interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toPage(row: StorePageRow, state: PageState, now: Date) {
  const scan = state.lastScan;
  const compliance = pageCompliance(
    {
      enabled: row.enabled,
      scanIntervalHours: row.scan_interval_hours,
      lastFinishedStatus: state.lastFinished?.status === 'failed' ? 'failed' : state.lastFinished ? 'done' : null,
      lastDoneAt: state.lastDone?.finished_at ?? null,
      scripts: state.scripts,
      unhandledFindings: state.unhandledFindings,
    },
    now,
  );
  return {
    id: row.id,
    store_id: row.store_id,
    url: row.url,
    page_type: row.page_type,
    scan_interval_hours: row.scan_interval_hours,
    steps: JSON.parse(row.steps),
    enabled: row.enabled,
    last_scanned_at: iso(row.last_scanned_at),
    next_scan_at: iso(row.next_scan_at),
    last_scan: scan && {
      id: scan.id,
      status: scan.status,
      started_at: scan.started_at.toISOString(),
      finished_at: iso(scan.finished_at),
      scripts: scan.scripts,
      new_scripts: scan.new_scripts,
      changed_scripts: scan.changed_scripts,
      removed_scripts: scan.removed_scripts,
      new_destinations: scan.new_destinations,
      findings_opened: scan.findings_opened,
      error: scan.error,
    },
    active_scripts: state.scripts.length,
    open_findings: state.openFindings,
    ...compliance,
    is_demo: row.is_demo,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type PageView = ReturnType<typeof toPage>;

function toStore(row: StoreRow, pages: PageView[]) {
  const status = (pick: (p: PageView) => { status: 'pass' | 'fail' | 'unknown' }) =>
    storeStatus(pages.map((p) => ({ enabled: p.enabled, status: pick(p).status })));
  return {
    id: row.id,
    name: row.name,
    platform: row.platform,
    account_name: row.account_name,
    domains: row.domains,
    checkout_url: row.checkout_url,
    pages,
    pci_6_4_3: status((p) => p.pci_6_4_3),
    pci_11_6_1: status((p) => p.pci_11_6_1),
    is_demo: row.is_demo,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type StoreView = ReturnType<typeof toStore>;

export async function pageViews(ctx: AppContext, scope: TenantScope, rows: StorePageRow[]) {
  const now = ctx.clock.now();
  const states = await pageStates(
    ctx.db,
    scope,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => toPage(row, states.get(row.id) as PageState, now));
}

/** The company's stores (or the one asked for: 404 when it is not the company's) with their pages. */
export async function storeViews(ctx: AppContext, scope: TenantScope, filter: StoreFilter): Promise<StoreView[]> {
  const stores = await findStores(ctx.db, scope, filter);
  if (filter.storeId !== undefined && stores.length === 0) throw new ServiceError('not_found', 'Store not found.');
  const pages = await pageViews(ctx, scope, await findPages(ctx.db, scope, { storeIds: stores.map((s) => s.id) }));
  return stores.map((store) =>
    toStore(
      store,
      pages.filter((p) => p.store_id === store.id),
    ),
  );
}

export async function listStores({ ctx, auth, input }: Verb<{ is_demo?: boolean | undefined }>) {
  return { data: await storeViews(ctx, requireScope(auth.scope), { isDemo: input.is_demo }) };
}

async function storeOf(ctx: AppContext, scope: TenantScope, id: number) {
  const [store] = await storeViews(ctx, scope, { storeId: id });
  return { data: store as StoreView };
}

export function getStore({ ctx, auth, input }: Verb<{ id: number }>) {
  return storeOf(ctx, requireScope(auth.scope), input.id);
}

const nameTaken = (name: string, except: number | null) => ({
  name,
  except,
  message: 'A store of this name already exists.',
});

/** Inserts one store of the company (the demo's setup writes through it too). */
export async function insertStore(
  db: Executor,
  companyId: number,
  fields: ReturnType<typeof storeFields>,
  meta: { createdBy: number | null; now: Date; isDemo: boolean },
): Promise<number> {
  const row = await db
    .insertInto('stores')
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

export async function createStore({ ctx, auth, input }: Verb<StoreInput>) {
  const scope = requireScope(auth.scope);
  const fields = storeFields(input);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkNameFree(trx, 'stores', scope, nameTaken(fields.name, null));
    if ((await countStores(trx, scope)) >= MAX_STORES) {
      throw validationError({ name: [`A company has at most ${MAX_STORES} stores.`] });
    }
    return insertStore(trx, scope.companyId, fields, { createdBy: auth.user.id, now: ctx.clock.now(), isDemo: false });
  });
  return storeOf(ctx, scope, id);
}

export async function updateStore({ ctx, auth, input }: Verb<StoreInput & { id: number }>) {
  const scope = requireScope(auth.scope);
  const fields = storeFields(input);
  await ctx.db.transaction().execute(async (trx) => {
    await checkNameFree(trx, 'stores', scope, nameTaken(fields.name, input.id));
    const stranded = (await findPages(trx, scope, { storeIds: [input.id] })).find(
      (p) => !onDomains(p.url, fields.domains),
    );
    if (stranded) {
      throw validationError({ domains: [`The page ${stranded.url} is on a domain no longer listed.`] });
    }
    const updated = await trx
      .updateTable('stores')
      .set({ ...fields, updated_at: ctx.clock.now() })
      .where(tenantFilter('stores', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ServiceError('not_found', 'Store not found.');
  });
  return storeOf(ctx, scope, input.id);
}

/** Removes the script findings of the pages (the rest of a page's data goes with it by cascade). */
export async function deletePageFindings(trx: Executor, scope: TenantScope, pageIds: number[]) {
  if (pageIds.length === 0) return;
  await trx
    .deleteFrom('findings')
    .where(tenantFilter('findings', scope))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('script_findings')
        .select('finding_id')
        .where(tenantFilter('script_findings', scope))
        .where('page_id', 'in', pageIds),
    )
    .execute();
}

export async function deleteStore({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  await ctx.db.transaction().execute(async (trx) => {
    const pages = await findPages(trx, scope, { storeIds: [input.id] });
    await deletePageFindings(
      trx,
      scope,
      pages.map((p) => p.id),
    );
    const deleted = await trx
      .deleteFrom('stores')
      .where(tenantFilter('stores', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Store not found.');
  });
  return { message: 'Store removed.' };
}
