// The store dork search's verbs: list (filters, sort, paging), CSV export, one candidate with its
// captures, a capture's screenshot, a run now (a provider run of the web search provider), and the
// promotion of a candidate to the store blacklist. Always within the session's company.
import type { AppContext } from '../../../app-context.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { csvStream, EXPORT_BATCH } from '../../../platform/findings/findings.csv.js';
import { capped, orderOf, orderSql, type PageInput, pageOf } from '../../../platform/findings/findings.query.js';
import { queueProviderRun } from '../../../platform/providers/provider-runs.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, tenantFilter } from '../../../shared/tenant.js';
import { addToStoreBlacklist } from '../blacklists/store-blacklist.service.js';
import {
  type CloneFilters,
  capturesOf,
  filteredClones,
  screenshotOf,
  selectClones,
  toCapture,
  toClone,
} from './clones.repository.js';
import { CLONE_JOB } from './clones.values.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const SORTS = {
  similarity: 'c.similarity',
  last_seen_at: 'c.last_seen_at',
  first_seen_at: 'c.first_seen_at',
  domain: 'c.domain',
};

export async function listStoreClones({ ctx, auth, input }: Verb<CloneFilters & PageInput & { sort?: string }>) {
  const scope = requireScope(auth.scope);
  const order = orderOf(input.sort, SORTS, '-similarity');
  const query = selectClones(ctx.db, scope, input).orderBy(orderSql(order, true)).orderBy('c.id', order.dir);
  const count = capped(filteredClones(ctx.db, scope, input).select('c.id'));
  const { rows, meta } = await pageOf(ctx.db, query, count, input);
  return { data: rows.map(toClone), meta };
}

export function exportStoreClones({ ctx, auth, input }: Verb<CloneFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      'domain',
      'url',
      'sources',
      'permutation',
      'matched_terms',
      'fingerprints',
      'resolves',
      'address',
      'similarity',
      'content_sha256',
      'store',
      'severity',
      'status',
      'first_seen',
      'last_seen',
      'last_checked',
    ],
    (after) =>
      selectClones(ctx.db, scope, input).where('c.id', '>', after).orderBy('c.id').limit(EXPORT_BATCH).execute(),
    (r) => [
      r.domain,
      r.url,
      r.sources,
      r.permutation,
      r.matched_terms,
      r.fingerprints,
      r.resolves,
      r.address,
      r.similarity,
      r.content_sha256,
      r.store_name,
      r.finding_severity,
      r.finding_status,
      r.first_seen_at,
      r.last_seen_at,
      r.last_checked_at,
    ],
  );
}

async function candidateOf(ctx: AppContext, auth: AuthContext, id: number) {
  const scope = requireScope(auth.scope);
  const row = await selectClones(ctx.db, scope, {}).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new ServiceError('not_found', 'Lookalike storefront not found.');
  return { scope, row };
}

export async function getStoreClone({ ctx, auth, input }: Verb<{ id: number }>) {
  const { scope, row } = await candidateOf(ctx, auth, input.id);
  const captures = await capturesOf(ctx.db, scope, row.id, 20);
  const reference = row.store_id
    ? await ctx.db
        .selectFrom('store_pages')
        .select('url')
        .where(tenantFilter('store_pages', scope))
        .where('store_id', '=', row.store_id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const referenceUrl = reference ? `${new URL(reference.url).origin}/` : null;
  return { data: { ...toClone(row), captures: captures.map(toCapture), reference_url: referenceUrl } };
}

export async function storeCloneScreenshot({ ctx, auth, input }: Verb<{ id: number; capture_id: number }>) {
  const scope = requireScope(auth.scope);
  const png = await screenshotOf(ctx.db, scope, input.id, input.capture_id);
  if (!png) throw new ServiceError('not_found', 'Screenshot not found.');
  return png;
}

export async function startStoreCloneRun({ ctx, auth }: Verb<unknown>) {
  const scope = requireScope(auth.scope);
  const run = await ctx.db.transaction().execute(async (trx) => {
    const store = await trx.selectFrom('stores').select('id').where(tenantFilter('stores', scope)).executeTakeFirst();
    if (!store)
      throw validationError({ store: ['Add an online store first: its domains are what the search permutes.'] });
    return queueProviderRun(trx, {
      companyId: scope.companyId,
      module: 'scripts',
      kind: CLONE_JOB,
      provider: 'web-search',
      createdBy: auth.user.id,
      isDemo: false,
      now: ctx.clock.now(),
    });
  });
  if (!run) throw new ServiceError('conflict', 'A store dork search is already queued or running.');
  return { data: { run_id: run.id, job_id: run.job_id } };
}

export async function blacklistStoreClone({ ctx, auth, input }: Verb<{ id: number }>) {
  const { scope, row } = await candidateOf(ctx, auth, input.id);
  const added = await ctx.db.transaction().execute((trx) =>
    addToStoreBlacklist(trx, {
      companyId: scope.companyId,
      domain: row.domain,
      url: row.capture_final_url ?? row.url,
      candidateId: row.id,
      evidence: {
        similarity: row.similarity,
        content_sha256: row.content_sha256,
        fingerprints: row.fingerprints,
        capture_id: row.capture_id,
        sources: row.sources,
        permutation: row.permutation,
      },
      actorUserId: auth.user.id,
      isDemo: row.is_demo,
      now: ctx.clock.now(),
    }),
  );
  if (!added.created) throw new ServiceError('conflict', 'This domain is already on the store blacklist.');
  return { data: { entry_id: added.id } };
}
