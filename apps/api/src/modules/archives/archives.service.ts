// The archived URLs' verbs: the list (filters, sort, paging, and the count of each tag over the
// set the other filters select, for the tag chips), the CSV export, one URL. Always within the
// session's company; an interesting URL carries its finding (status, severity), which the shared
// findings routes triage.
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream, EXPORT_BATCH } from '../../platform/findings/findings.csv.js';
import { and, capped, iso, likeContains, type PageInput, pageOf } from '../../platform/findings/findings.query.js';
import type { FindingStatus, Severity } from '../../platform/findings/findings.table.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { type ArchiveTag, archiveTags } from './archives.table.js';
import type { ArchiveSource } from './archives.writer.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

export interface ArchiveFilters {
  q?: string | undefined;
  tag?: ArchiveTag[] | undefined;
  interesting?: boolean | undefined;
  extension?: string | undefined;
  host?: string | undefined;
  provider?: ArchiveSource | undefined;
  status?: FindingStatus[] | undefined;
  severity?: Severity[] | undefined;
  finding_id?: number | undefined;
  is_demo?: boolean | undefined;
}

export interface ArchiveListInput extends ArchiveFilters, PageInput {
  sort?: string | undefined;
}

function conditions(scope: TenantScope, filters: ArchiveFilters, withTags = true): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [tenantFilter('u', scope)];
  const q = filters.q?.trim().toLowerCase();
  if (q) c.push(sql`lower(u.url_key) like ${likeContains(q)}`);
  if (withTags && filters.tag?.length) c.push(sql`u.tags && ${`{${filters.tag.join(',')}}`}::text[]`);
  if (filters.interesting !== undefined) c.push(sql`u.interesting = ${filters.interesting}`);
  if (filters.extension) c.push(sql`u.extension = ${filters.extension.toLowerCase()}`);
  const host = filters.host?.trim().toLowerCase().replace(/\.$/, '');
  if (host) c.push(sql`(u.host = ${host} or u.host like ${`%.${host.replace(/[\\%_]/g, (m) => `\\${m}`)}`})`);
  if (filters.provider) c.push(sql`${filters.provider} = any(u.providers)`);
  if (filters.status?.length) c.push(sql`f.status in (${sql.join(filters.status)})`);
  if (filters.severity?.length) c.push(sql`f.severity in (${sql.join(filters.severity)})`);
  if (filters.finding_id !== undefined) c.push(sql`u.finding_id = ${filters.finding_id}`);
  if (filters.is_demo !== undefined) c.push(sql`u.is_demo = ${filters.is_demo}`);
  return c;
}

const filtered = (db: Executor, scope: TenantScope, filters: ArchiveFilters) =>
  db
    .selectFrom('archived_urls as u')
    .leftJoin('findings as f', (join) =>
      join.onRef('f.id', '=', 'u.finding_id').onRef('f.company_id', '=', 'u.company_id'),
    )
    .where(and(conditions(scope, filters)));

const columns = [
  'u.id',
  'u.url_key',
  'u.host',
  'u.path',
  'u.query_keys',
  'u.extension',
  'u.sample_url',
  'u.providers',
  'u.tags',
  'u.interesting',
  'u.status_codes',
  'u.captures',
  'u.first_captured_at',
  'u.last_captured_at',
  'u.first_seen_at',
  'u.last_seen_at',
  'u.is_demo',
  'u.finding_id',
  'f.title as finding_title',
  'f.severity as finding_severity',
  'f.status as finding_status',
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const selectRows = (db: Executor, scope: TenantScope, filters: ArchiveFilters) =>
  filtered(db, scope, filters).select(columns);

function toView(row: Row) {
  const { finding_id, finding_title, finding_severity, finding_status, ...rest } = row;
  return {
    ...rest,
    providers: rest.providers as ArchiveSource[],
    tags: rest.tags as ArchiveTag[],
    status_codes: rest.status_codes.map(Number),
    first_captured_at: iso(rest.first_captured_at),
    last_captured_at: iso(rest.last_captured_at),
    first_seen_at: rest.first_seen_at.toISOString(),
    last_seen_at: rest.last_seen_at.toISOString(),
    finding:
      finding_id !== null && finding_title !== null && finding_severity !== null && finding_status !== null
        ? { id: finding_id, title: finding_title, severity: finding_severity, status: finding_status }
        : null,
  };
}

const sortColumns: Readonly<Record<string, string>> = {
  last_captured_at: 'u.last_captured_at',
  first_captured_at: 'u.first_captured_at',
  last_seen_at: 'u.last_seen_at',
  captures: 'u.captures',
  url_key: 'u.url_key',
};

export async function listArchivedUrls({ ctx, auth, input }: Verb<ArchiveListInput>) {
  const scope = requireScope(auth.scope);
  const sort = input.sort ?? '-last_captured_at';
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const column = sortColumns[sort.replace(/^-/, '')] ?? 'u.last_captured_at';
  const query = selectRows(ctx.db, scope, input)
    .orderBy(sql`${sql.ref(column)} ${sql.raw(dir)} nulls last`)
    .orderBy('u.id', dir);
  const { rows, meta } = await pageOf(ctx.db, query, capped(filtered(ctx.db, scope, input).select('u.id')), input);
  const counts = await sql<{ tag: string; count: number }>`
    select t.tag, count(*)::int as count
    from archived_urls u left join findings f on f.id = u.finding_id and f.company_id = u.company_id
      cross join lateral unnest(u.tags) as t(tag)
    where ${and(conditions(scope, input, false))}
    group by t.tag`.execute(ctx.db);
  const countOf = new Map(counts.rows.map((c) => [c.tag, Number(c.count)]));
  return {
    data: rows.map(toView),
    meta,
    tag_counts: archiveTags.map((tag) => ({ tag, count: countOf.get(tag) ?? 0 })),
  };
}

export function exportArchivedUrls({ ctx, auth, input }: Verb<ArchiveFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      'url_key',
      'sample_url',
      'host',
      'extension',
      'tags',
      'interesting',
      'providers',
      'status_codes',
      'captures',
    ].concat(['first_captured_at', 'last_captured_at', 'finding_status', 'finding_severity']),
    (after) => selectRows(ctx.db, scope, input).where('u.id', '>', after).orderBy('u.id').limit(EXPORT_BATCH).execute(),
    (r) => [
      r.url_key,
      r.sample_url,
      r.host,
      r.extension,
      r.tags,
      r.interesting,
      r.providers,
      r.status_codes,
      r.captures,
      r.first_captured_at,
      r.last_captured_at,
      r.finding_status,
      r.finding_severity,
    ],
  );
}

export async function getArchivedUrl({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await selectRows(ctx.db, scope, {}).where('u.id', '=', input.id).executeTakeFirst();
  if (!row) throw new ServiceError('not_found', 'Archived URL not found.');
  return { data: toView(row) };
}
