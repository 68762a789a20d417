// A store's monitored pages: add (its first scan queued at once), one, change (a new interval
// reschedules the next scan) and remove (with its scans, inventory and script findings).
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import { queueScan } from '../scans/scan-queue.js';
import { countPages, findPages } from './stores.repository.js';
import { deletePageFindings, pageViews, type Verb } from './stores.service.js';
import { MAX_PAGES_PER_STORE, pageFields, type StorePageInput } from './stores.values.js';

async function storeDomains(db: Executor, scope: TenantScope, storeId: number): Promise<string[]> {
  const store = await db
    .selectFrom('stores')
    .select('domains')
    .where(tenantFilter('stores', scope))
    .where('id', '=', storeId)
    .executeTakeFirst();
  if (!store) throw new ServiceError('not_found', 'Store not found.');
  return store.domains;
}

async function checkUrlFree(db: Executor, scope: TenantScope, storeId: number, url: string, except: number | null) {
  const clash = await db
    .selectFrom('store_pages')
    .select('id')
    .where(tenantFilter('store_pages', scope))
    .where('store_id', '=', storeId)
    .where('url', '=', url)
    .$if(except !== null, (q) => q.where('id', '!=', except ?? 0))
    .executeTakeFirst();
  if (clash) throw validationError({ url: ['The store already monitors this URL.'] });
}

/** Inserts one page of a store, due for a scan at `now` (the demo's setup writes through it too). */
export async function insertStorePage(
  db: Executor,
  ids: { companyId: number; storeId: number },
  fields: ReturnType<typeof pageFields>,
  meta: { now: Date; isDemo: boolean },
): Promise<number> {
  const row = await db
    .insertInto('store_pages')
    .values({
      ...fields,
      company_id: ids.companyId,
      store_id: ids.storeId,
      next_scan_at: meta.now,
      is_demo: meta.isDemo,
      created_at: meta.now,
      updated_at: meta.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function pageOf(ctx: AppContext, scope: TenantScope, id: number) {
  const [page] = await pageViews(ctx, scope, await findPages(ctx.db, scope, { pageId: id }));
  if (!page) throw new ServiceError('not_found', 'Page not found.');
  return { data: page };
}

export function getStorePage({ ctx, auth, input }: Verb<{ id: number }>) {
  return pageOf(ctx, requireScope(auth.scope), input.id);
}

export async function createStorePage({ ctx, auth, input }: Verb<StorePageInput & { storeId: number }>) {
  const scope = requireScope(auth.scope);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const fields = pageFields(input, await storeDomains(trx, scope, input.storeId));
    await checkUrlFree(trx, scope, input.storeId, fields.url, null);
    if ((await countPages(trx, scope, input.storeId)) >= MAX_PAGES_PER_STORE) {
      throw validationError({ url: [`A store has at most ${MAX_PAGES_PER_STORE} pages.`] });
    }
    const ids = { companyId: scope.companyId, storeId: input.storeId };
    const now = ctx.clock.now();
    const pageId = await insertStorePage(trx, ids, fields, { now, isDemo: false });
    // Its first scan at once: the inventory (PCI DSS 6.4.3) starts from the moment it is monitored.
    if (fields.enabled)
      await queueScan(trx, { companyId: scope.companyId, pageId, createdBy: auth.user.id, isDemo: false, now });
    return pageId;
  });
  return pageOf(ctx, scope, id);
}

export async function updateStorePage({ ctx, auth, input }: Verb<StorePageInput & { id: number }>) {
  const scope = requireScope(auth.scope);
  await ctx.db.transaction().execute(async (trx) => {
    const [page] = await findPages(trx, scope, { pageId: input.id });
    if (!page) throw new ServiceError('not_found', 'Page not found.');
    const fields = pageFields(input, await storeDomains(trx, scope, page.store_id));
    await checkUrlFree(trx, scope, page.store_id, fields.url, page.id);
    const now = ctx.clock.now();
    // The next scan follows the last one by the (new) interval; a page never scanned is due now.
    const next = page.last_scanned_at
      ? new Date(page.last_scanned_at.getTime() + fields.scan_interval_hours * 3_600_000)
      : now;
    await trx
      .updateTable('store_pages')
      .set({ ...fields, next_scan_at: next, updated_at: now })
      .where(tenantFilter('store_pages', scope))
      .where('id', '=', page.id)
      .execute();
  });
  return pageOf(ctx, scope, input.id);
}

export async function deleteStorePage({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  await ctx.db.transaction().execute(async (trx) => {
    await deletePageFindings(trx, scope, [input.id]);
    const deleted = await trx
      .deleteFrom('store_pages')
      .where(tenantFilter('store_pages', scope))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Page not found.');
  });
  return { message: 'Page removed.' };
}
