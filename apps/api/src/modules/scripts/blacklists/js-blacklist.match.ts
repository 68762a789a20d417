// The JS blacklist's entry points for the scan writer: the company's active entries loaded once per
// scan into three lookups (host, URL, SHA-256), then a script or a connection matched by its host
// or any parent domain of it, its URL without fragment, or (a script) its content's hash.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { ScannedConnection, ScannedScript } from '../scanner/scan.types.js';
import { hostAndParents } from './js-blacklist.values.js';

export interface BlacklistHit {
  entryId: number;
  kind: 'host' | 'url' | 'sha256';
  value: string;
  family: string | null;
  source: string;
}

export interface Blacklist {
  /** Entries matching the script's host (or a parent domain), URL or SHA-256. */
  matchScript(script: ScannedScript): BlacklistHit[];
  /** Entries matching the connection's host (or a parent domain) or URL. */
  matchConnection(connection: ScannedConnection): BlacklistHit[];
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** A blacklist over entries already loaded (the scan's, or a test's). */
export function blacklistOf(entries: readonly BlacklistHit[]): Blacklist {
  const index = new Map(entries.map((e) => [`${e.kind}|${e.value}`, e]));
  const lookup = (kind: BlacklistHit['kind'], value: string | null) =>
    value === null ? [] : [index.get(`${kind}|${value}`)].filter((e) => e !== undefined);
  const byHost = (host: string | null) => (host ? hostAndParents(host).flatMap((h) => lookup('host', h)) : []);
  const byUrl = (url: string | null) => (url ? lookup('url', withoutFragment(url)) : []);
  return {
    matchScript: (script) => [
      ...byHost(script.host),
      ...byUrl(script.url),
      ...lookup('sha256', script.sha256.toLowerCase()),
    ],
    matchConnection: (connection) => [...byHost(connection.host), ...byUrl(connection.url)],
  };
}

/** The company's active entries, loaded once per scan. */
export async function loadBlacklist(db: Executor, companyId: number): Promise<Blacklist> {
  // The scan's company, from its job: no user acts, so no user id.
  const scope: TenantScope = { userId: 0, companyId };
  const rows = await db
    .selectFrom('js_blacklist')
    .select(['id', 'kind', 'value', 'family', 'source'])
    .where(tenantFilter('js_blacklist', scope))
    .where('status', '=', 'active')
    .execute();
  return blacklistOf(rows.map(({ id, ...row }) => ({ entryId: id, ...row })));
}

/** Adds the hits of one scan to the entries' hit counts (in the scan's transaction). */
export async function countBlacklistHits(db: Executor, companyId: number, entryIds: number[]): Promise<void> {
  if (entryIds.length === 0) return;
  const scope: TenantScope = { userId: 0, companyId };
  const counts = new Map<number, number>();
  for (const id of entryIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  await sql`update js_blacklist as b set hits = b.hits + c.n
    from unnest(${[...counts.keys()]}::int[], ${[...counts.values()]}::int[]) as c(id, n)
    where b.id = c.id and ${tenantFilter('b', scope)}`.execute(db);
}
