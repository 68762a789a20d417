// Reads of the store dork search: the company's candidates (filters, sort, paging), one with its
// captures, a capture's screenshot. Every query starts from the session's company (tenantFilter).
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { and, iso, likeContains } from '../../../platform/findings/findings.query.js';
import type { FindingStatus, Severity } from '../../../platform/findings/findings.table.js';
import { type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { CaptureStatus, CloneSource } from './clones.table.js';

export interface CloneFilters {
  q?: string | undefined;
  source?: CloneSource[] | undefined;
  capture?: CaptureStatus | undefined;
  min_similarity?: number | undefined;
  findings_only?: boolean | undefined;
  finding_id?: number | undefined;
  status?: FindingStatus[] | undefined;
  severity?: Severity[] | undefined;
  is_demo?: boolean | undefined;
}

function conditions(scope: TenantScope, filters: CloneFilters): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [tenantFilter('c', scope)];
  const q = filters.q?.trim().toLowerCase();
  if (q) c.push(sql`(c.domain like ${likeContains(q)} or lower(c.url) like ${likeContains(q)})`);
  if (filters.source?.length) c.push(sql`c.sources && ${sql.val(filters.source)}::text[]`);
  if (filters.capture) c.push(sql`k.status = ${filters.capture}`);
  if (filters.min_similarity !== undefined) c.push(sql`c.similarity >= ${filters.min_similarity}`);
  if (filters.findings_only) c.push(sql`c.finding_id is not null`);
  if (filters.finding_id !== undefined) c.push(sql`c.finding_id = ${filters.finding_id}`);
  if (filters.status?.length) c.push(sql`f.status in (${sql.join(filters.status)})`);
  if (filters.severity?.length) c.push(sql`f.severity in (${sql.join(filters.severity)})`);
  if (filters.is_demo !== undefined) c.push(sql`c.is_demo = ${filters.is_demo}`);
  return c;
}

export const filteredClones = (db: Executor, scope: TenantScope, filters: CloneFilters) =>
  db
    .selectFrom('clone_candidates as c')
    .leftJoin('clone_captures as k', 'k.id', 'c.last_capture_id')
    .leftJoin('findings as f', 'f.id', 'c.finding_id')
    .leftJoin('stores as s', 's.id', 'c.store_id')
    .where(and(conditions(scope, filters)));

export const cloneColumns = [
  'c.id',
  'c.domain',
  'c.url',
  'c.sources',
  'c.permutation',
  'c.matched_terms',
  'c.fingerprints',
  'c.resolves',
  'c.address',
  'c.similarity',
  'c.content_sha256',
  'c.store_id',
  's.name as store_name',
  'c.finding_id',
  'f.severity as finding_severity',
  'f.status as finding_status',
  'c.first_seen_at',
  'c.last_seen_at',
  'c.last_checked_at',
  'c.is_demo',
  'k.id as capture_id',
  'k.status as capture_status',
  'k.http_status as capture_http_status',
  'k.final_url as capture_final_url',
  'k.title as capture_title',
  'k.content_sha256 as capture_sha256',
  'k.similarity as capture_similarity',
  'k.error as capture_error',
  'k.captured_at as capture_at',
] as const;

/** Whether a capture has a screenshot, without reading it. */
const hasShot = sql<boolean>`k.screenshot is not null`.as('capture_has_screenshot');
const blacklistEntry = sql<number | null>`(select b.id from store_blacklist b
  where b.company_id = c.company_id and b.domain = c.domain)`.as('blacklist_entry_id');

export const selectClones = (db: Executor, scope: TenantScope, filters: CloneFilters) =>
  filteredClones(db, scope, filters).select(cloneColumns).select([hasShot, blacklistEntry]);

type CloneRow = Awaited<ReturnType<ReturnType<typeof selectClones>['executeTakeFirstOrThrow']>>;

export interface CaptureRow {
  id: number;
  status: CaptureStatus;
  http_status: number | null;
  final_url: string | null;
  title: string | null;
  content_sha256: string | null;
  similarity: number | null;
  has_screenshot: boolean;
  error: string | null;
  captured_at: Date;
}

export const toCapture = (k: CaptureRow) => ({ ...k, captured_at: k.captured_at.toISOString() });

export function toClone(r: CloneRow) {
  const capture =
    r.capture_id !== null && r.capture_status !== null && r.capture_at !== null
      ? toCapture({
          id: r.capture_id,
          status: r.capture_status,
          http_status: r.capture_http_status,
          final_url: r.capture_final_url,
          title: r.capture_title,
          content_sha256: r.capture_sha256,
          similarity: r.capture_similarity,
          has_screenshot: r.capture_has_screenshot,
          error: r.capture_error,
          captured_at: r.capture_at,
        })
      : null;
  const finding =
    r.finding_id !== null && r.finding_severity && r.finding_status
      ? { id: r.finding_id, severity: r.finding_severity, status: r.finding_status }
      : null;
  return {
    id: r.id,
    domain: r.domain,
    url: r.url,
    sources: r.sources,
    permutation: r.permutation,
    matched_terms: r.matched_terms,
    fingerprints: r.fingerprints,
    resolves: r.resolves,
    address: r.address,
    similarity: r.similarity,
    content_sha256: r.content_sha256,
    store: r.store_id !== null && r.store_name ? { id: r.store_id, name: r.store_name } : null,
    last_capture: capture,
    finding,
    blacklist_entry_id: r.blacklist_entry_id,
    first_seen_at: r.first_seen_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    last_checked_at: iso(r.last_checked_at),
    is_demo: r.is_demo,
  };
}

/** The newest captures of a candidate (the caller checked the candidate is the company's). */
export function capturesOf(db: Executor, scope: TenantScope, candidateId: number, limit: number) {
  return db
    .selectFrom('clone_captures as k')
    .select([
      'k.id',
      'k.status',
      'k.http_status',
      'k.final_url',
      'k.title',
      'k.content_sha256',
      'k.similarity',
      'k.error',
    ])
    .select([sql<boolean>`k.screenshot is not null`.as('has_screenshot'), 'k.captured_at'])
    .where(tenantFilter('k', scope))
    .where('k.candidate_id', '=', candidateId)
    .orderBy('k.id', 'desc')
    .limit(limit)
    .execute();
}

export async function screenshotOf(db: Executor, scope: TenantScope, candidateId: number, captureId: number) {
  const row = await db
    .selectFrom('clone_captures as k')
    .select('k.screenshot')
    .where(tenantFilter('k', scope))
    .where('k.candidate_id', '=', candidateId)
    .where('k.id', '=', captureId)
    .executeTakeFirst();
  return row?.screenshot ?? null;
}
