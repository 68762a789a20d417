// The dorks module's verbs: the catalogue (list, the company's own dorks, switching any dork on or
// off for the company), the results (list, export, detail) and running the searches now.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { coreCells, coreHeader } from '../../platform/findings/findings.export.js';
import { type CoreRow, toFindingCore } from '../../platform/findings/findings.mapper.js';
import { getProviders } from '../../platform/providers/providers.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { companyDomains } from './dork-results.ingest.js';
import { enabledDorks } from './dorks.catalogue.js';
import {
  type DorkListInput,
  type DorkResultListInput,
  dorkRefs,
  dorkResultBatchAfter,
  findDork,
  findDorkResult,
  listDorkResultRows,
  listDorkRows,
} from './dorks.repository.js';
import { queueDorkRun } from './dorks.run.js';
import type { DorkSource, GhdbCategory } from './dorks.table.js';

interface Verb<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export const PLATFORM_DORK_REFUSED = "Vigil's and the GHDB's dorks cannot be changed: switch it off instead.";

type DorkRow = NonNullable<Awaited<ReturnType<typeof findDork>>>;

function toDork(row: DorkRow) {
  return {
    id: row.id,
    source: row.source,
    category: row.category,
    title: row.title,
    query: row.query,
    ghdb_id: row.ghdb_id,
    key: row.key,
    author: row.author,
    published_on: row.published_on,
    enabled: row.enabled,
    editable: row.company_id !== null,
    results: row.results,
  };
}

export async function listDorks({ ctx, auth, input }: Verb<DorkListInput>) {
  const { rows, meta } = await listDorkRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toDork), meta };
}

async function visibleDork(ctx: AppContext, scope: TenantScope, id: number): Promise<DorkRow> {
  const row = await findDork(ctx.db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Dork not found.');
  return row;
}

interface DorkInput {
  title: string;
  category: GhdbCategory;
  query: string;
}

/** The row's fields, or 422 naming the field: the run adds `site:` itself. */
function fieldsOf(input: DorkInput) {
  const title = input.title.trim();
  const query = input.query.trim().replace(/\s+/g, ' ');
  const problems: Record<string, string[]> = {};
  if (title === '') problems.title = ['The title field is required.'];
  if (query === '') problems.query = ['The query field is required.'];
  else if (/(^|\s)-?site:/i.test(query)) {
    problems.query = ['Leave out site: (each run adds the company domains).'];
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return { title, query, category: input.category };
}

export async function createDork({ ctx, auth, input }: Verb<DorkInput>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .insertInto('dorks')
      .values({
        ...fields,
        company_id: scope.companyId,
        source: 'company' satisfies DorkSource,
        enabled: true,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { data: toDork(await visibleDork(ctx, scope, row.id)) };
}

/** The company's own dork, 404 when it sees none, 409 for a platform one. */
async function ownDork(ctx: AppContext, scope: TenantScope, id: number) {
  const row = await visibleDork(ctx, scope, id);
  if (row.company_id === null) throw new ServiceError('conflict', PLATFORM_DORK_REFUSED);
  return row;
}

export async function updateDork({ ctx, auth, input }: Verb<DorkInput & { id: number }>) {
  const scope = requireScope(auth.scope);
  const fields = fieldsOf(input);
  const row = await ownDork(ctx, scope, input.id);
  await ctx.db.transaction().execute((trx) =>
    trx
      .updateTable('dorks')
      .set({ ...fields, updated_at: ctx.clock.now() })
      .where(tenantFilter('dorks', scope))
      .where('id', '=', row.id)
      .execute(),
  );
  return { data: toDork(await visibleDork(ctx, scope, row.id)) };
}

export async function deleteDork({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await ownDork(ctx, scope, input.id);
  await ctx.db
    .transaction()
    .execute((trx) => trx.deleteFrom('dorks').where(tenantFilter('dorks', scope)).where('id', '=', row.id).execute());
  return { message: 'Dork deleted.' };
}

export async function setDorkEnabled({ ctx, auth, input }: Verb<{ id: number; enabled: boolean }>) {
  const scope = requireScope(auth.scope);
  const row = await visibleDork(ctx, scope, input.id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (row.company_id !== null) {
      await trx
        .updateTable('dorks')
        .set({ enabled: input.enabled, updated_at: now })
        .where(tenantFilter('dorks', scope))
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const setting = { enabled: input.enabled, updated_by: auth.user.id, updated_at: now };
    await trx
      .insertInto('dork_settings')
      .values({ ...setting, company_id: scope.companyId, dork_id: row.id })
      .onConflict((oc) => oc.columns(['company_id', 'dork_id']).doUpdateSet(setting))
      .execute();
  });
  return { data: toDork(await visibleDork(ctx, scope, row.id)) };
}

type ResultRow = CoreRow & {
  result_id: number;
  url: string;
  host: string;
  page_title: string;
  snippet: string;
  category: GhdbCategory;
  dork_ids: number[];
  provider: string;
  seen_count: number;
};
type Refs = Awaited<ReturnType<typeof dorkRefs>>;

function toResult(row: ResultRow, refs: Refs) {
  return {
    ...toFindingCore(row),
    result_id: row.result_id,
    url: row.url,
    host: row.host,
    page_title: row.page_title,
    snippet: row.snippet,
    category: row.category,
    dorks: row.dork_ids.flatMap((id) => {
      const ref = refs.get(id);
      return ref ? [ref] : [];
    }),
    provider: row.provider,
    seen_count: row.seen_count,
  };
}

export async function listDorkResults({ ctx, auth, input }: Verb<DorkResultListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listDorkResultRows(ctx.db, scope, input);
  const refs = await dorkRefs(
    ctx.db,
    scope,
    rows.flatMap((r) => r.dork_ids),
  );
  return { data: rows.map((r) => toResult(r, refs)), meta };
}

export function exportDorkResults({ ctx, auth, input }: Verb<DorkResultListInput>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [...coreHeader, 'url', 'host', 'page_title', 'category', 'dork_ids', 'provider', 'seen_count'],
    (after) => dorkResultBatchAfter(ctx.db, scope, input, after),
    (r) => [...coreCells(r), r.url, r.host, r.page_title, r.category, r.dork_ids, r.provider, r.seen_count],
  );
}

export async function getDorkResult({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await findDorkResult(ctx.db, scope, input.id);
  if (!row) throw new ServiceError('not_found', 'Result not found.');
  return { data: toResult(row, await dorkRefs(ctx.db, scope, row.dork_ids)) };
}

export async function startDorkRun({ ctx, auth }: Verb) {
  const scope = requireScope(auth.scope);
  const search = getProviders(ctx)
    .status()
    .find((p) => p.id === 'web-search');
  if (!search?.configured) {
    throw new ServiceError(
      'conflict',
      `The web search provider is not configured: set ${search?.settings.join(', ') ?? 'it'}.`,
    );
  }
  if ((await companyDomains(ctx.db, scope.companyId)).length === 0) {
    throw new ServiceError('conflict', 'The company has no domain to search.');
  }
  if ((await enabledDorks(ctx.db, scope.companyId)).length === 0)
    throw new ServiceError('conflict', 'No dork is enabled.');
  const run = await ctx.db
    .transaction()
    .execute((trx) =>
      queueDorkRun(trx, { companyId: scope.companyId, createdBy: auth.user.id, isDemo: false, now: ctx.clock.now() }),
    );
  if (!run) throw new ServiceError('conflict', 'A dork run is already queued or running.');
  return { id: run.id, job_id: run.job_id, status: run.status };
}
