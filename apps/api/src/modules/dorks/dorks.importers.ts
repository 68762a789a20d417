// The dorks module's import kinds:
//  - `ghdb` (platform reference data, company null): Exploit-DB's ghdb.xml, upserted by GHDB id;
//    a company's choice of GHDB entries (off until chosen) is kept across imports;
//  - `search-results` (a company's): saved Programmable Search JSON pages, written like a run's
//    results; a page whose query (without its `site:` part) is a catalogue dork counts for it.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  companyOf,
  defineImporter,
  type RegisteredImporter,
  type WriteContext,
  type WriteOutcome,
} from '../../platform/imports/import.types.js';
import { companyDomains, type DorkHit, writeDorkHits } from './dork-results.ingest.js';
import type { GhdbCategory } from './dorks.table.js';
import { type GhdbRecord, parseGhdb } from './ghdb.parser.js';
import { parseSearchPage, type SearchPageRecord } from './search-page.parser.js';

export async function writeGhdb(db: Executor, context: WriteContext, records: GhdbRecord[]): Promise<WriteOutcome> {
  const unique = [...new Map(records.map((r) => [r.ghdbId, r])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, ignored: 0 };
  const now = context.now;
  const result = await sql<{ inserted: boolean }>`
    insert into dorks as d (company_id, source, ghdb_id, category, title, query, author, published_on, enabled,
      created_at, updated_at)
    select null, 'ghdb', t.id, t.category, t.title, t.query, t.author, t.published_on, true, ${now}::timestamptz, ${now}::timestamptz
    from unnest(${unique.map((r) => r.ghdbId)}::int[], ${unique.map((r) => r.category)}::text[],
      ${unique.map((r) => r.title)}::text[], ${unique.map((r) => r.query)}::text[], ${unique.map((r) => r.author)}::text[],
      ${unique.map((r) => r.publishedOn)}::date[]) as t(id, category, title, query, author, published_on)
    on conflict (ghdb_id) where source = 'ghdb' do update set
      category = excluded.category, title = excluded.title, query = excluded.query, author = excluded.author,
      published_on = excluded.published_on, updated_at = excluded.updated_at
    returning (xmax = 0) as inserted`.execute(db);
  const added = result.rows.filter((r) => r.inserted).length;
  return { added, updated: result.rows.length - added, ignored: records.length - unique.length };
}

/** A query without its `site:` operators, spaces collapsed: how a saved page is matched to a dork. */
export function queryWithoutSite(query: string): string {
  return query
    .replace(/(^|\s)-?site:\S+/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface PageState {
  domains: string[];
  dorks: Map<string, { id: number; category: GhdbCategory }>;
}

/** The company's domains and the catalogue it sees, by query. */
async function pageState(db: Executor, companyId: number): Promise<PageState> {
  const rows = await db
    .selectFrom('dorks')
    .select(['id', 'query', 'category'])
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
    .orderBy('id')
    .execute();
  const dorks = new Map<string, { id: number; category: GhdbCategory }>();
  for (const row of rows) {
    const key = queryWithoutSite(row.query);
    if (!dorks.has(key)) dorks.set(key, { id: row.id, category: row.category });
  }
  return { domains: await companyDomains(db, companyId), dorks };
}

/** An imported page of a query that is not in the catalogue: the GHDB's catch-all category. */
const UNMATCHED: GhdbCategory = 'files_containing_juicy_info';

export async function writeSearchPage(
  db: Executor,
  context: WriteContext,
  state: PageState,
  records: SearchPageRecord[],
): Promise<WriteOutcome> {
  const hits: DorkHit[] = records.map((r) => {
    const dork = state.dorks.get(queryWithoutSite(r.query));
    return { ...r, dorkId: dork?.id ?? null, category: dork?.category ?? UNMATCHED };
  });
  const outcome = await writeDorkHits(
    db,
    {
      companyId: companyOf(context.job),
      domains: state.domains,
      provider: 'import',
      runId: null,
      jobId: context.job.id,
      isDemo: context.job.is_demo,
      seenAt: context.seenAt,
      now: context.now,
    },
    hits,
  );
  return { added: outcome.added, updated: outcome.results - outcome.added, ignored: outcome.ignored };
}

export const dorksImporters: readonly RegisteredImporter[] = [
  defineImporter({
    kind: 'ghdb',
    module: 'dorks',
    files: ['.xml'],
    expects: "Exploit-DB's ghdb.xml (<entry> elements) or its older export (<signature> elements)",
    platform: true,
    concurrency: 1,
    prepare: async () => undefined,
    parse: parseGhdb,
    write: (trx, context, _state, records) => writeGhdb(trx, context, records),
  }),
  defineImporter({
    kind: 'search-results',
    module: 'dorks',
    files: ['.json'],
    expects: 'Programmable Search JSON pages (customsearch#search, with items), or an array of them',
    prepare: (db, job) => pageState(db, companyOf(job)),
    parse: parseSearchPage,
    write: writeSearchPage,
  }),
];
