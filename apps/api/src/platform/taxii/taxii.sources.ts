// What each collection reads: one keyset-paged query per collection over the rows its objects come
// from, in the order TAXII pages by (date added, then the row's key). A row's date added is when it
// last changed: a changed finding is a new version of its objects, added again. Each query names its
// module, so the paging index (company, module, updated_at, id) serves it (migration 2026-12-07-0300).
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { type TenantScope, tenantFilter } from '../../shared/tenant.js';

/** Where a page starts: rows at or after (at, key); the pager skips what the cursor already gave. */
export interface RowQuery {
  from: { at: Date; key: number | string } | null;
  addedAfter: Date | null;
  limit: number;
}

export interface PagedRow {
  /** The date the row's objects were added (their version). */
  at: Date;
  key: number | string;
}

function startAt(at: string, key: string, q: RowQuery): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [];
  if (q.from) conditions.push(sql<boolean>`(${sql.ref(at)}, ${sql.ref(key)}) >= (${q.from.at}, ${q.from.key})`);
  if (q.addedAfter) conditions.push(sql<boolean>`${sql.ref(at)} > ${q.addedAfter}`);
  return conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
}

export function credentialRows(db: Kysely<Database>, scope: TenantScope, q: RowQuery) {
  return db
    .selectFrom('findings as f')
    .innerJoin('credential_findings as cf', 'cf.finding_id', 'f.id')
    .where(tenantFilter('f', scope))
    .where('f.module', '=', 'credentials')
    .where(startAt('f.updated_at', 'f.id', q))
    .select([
      'f.updated_at as at',
      'f.id as key',
      'f.created_at',
      'f.first_seen_at',
      'f.last_seen_at',
      'f.severity',
      'cf.domain',
      'cf.url',
      'cf.source_kind',
      'cf.source_name',
    ])
    .orderBy('f.updated_at')
    .orderBy('f.id')
    .limit(q.limit)
    .execute();
}

export function scriptRows(db: Kysely<Database>, scope: TenantScope, q: RowQuery) {
  return db
    .selectFrom('findings as f')
    .innerJoin('script_findings as sf', 'sf.finding_id', 'f.id')
    .innerJoin('page_scripts as ps', 'ps.id', 'sf.page_script_id')
    .where(tenantFilter('f', scope))
    .where('f.module', '=', 'scripts')
    .where((eb) => eb.or([eb('ps.url', 'is not', null), eb('ps.host', 'is not', null)]))
    .where(startAt('f.updated_at', 'f.id', q))
    .select([
      'f.updated_at as at',
      'f.id as key',
      'f.created_at',
      'f.first_seen_at',
      'f.last_seen_at',
      'f.title',
      'sf.kind',
      'ps.url',
      'ps.host',
    ])
    .orderBy('f.updated_at')
    .orderBy('f.id')
    .limit(q.limit)
    .execute();
}

export function cloneRows(db: Kysely<Database>, scope: TenantScope, q: RowQuery) {
  return db
    .selectFrom('clone_candidates as c')
    .where(tenantFilter('c', scope))
    .where(startAt('c.last_seen_at', 'c.id', q))
    .select(['c.last_seen_at as at', 'c.id as key', 'c.first_seen_at', 'c.domain', 'c.url', 'c.similarity'])
    .orderBy('c.last_seen_at')
    .orderBy('c.id')
    .limit(q.limit)
    .execute();
}

export function vulnerableAssetRows(db: Kysely<Database>, scope: TenantScope, q: RowQuery) {
  return db
    .selectFrom('findings as f')
    .innerJoin('vulnerability_findings as vf', 'vf.finding_id', 'f.id')
    .leftJoin('cves as c', 'c.cve_id', 'vf.cve_id')
    .where(tenantFilter('f', scope))
    .where('f.module', '=', 'vulnerabilities')
    .where(startAt('f.updated_at', 'f.id', q))
    .select([
      'f.updated_at as at',
      'f.id as key',
      'f.created_at',
      'vf.host',
      'vf.template_id',
      'vf.name',
      'vf.cve_id',
      sql<boolean>`c.cve_id is not null`.as('in_catalogue'),
    ])
    .orderBy('f.updated_at')
    .orderBy('f.id')
    .limit(q.limit)
    .execute();
}

/** The public CVE catalogue: the same rows for every company. */
export function cveRows(db: Kysely<Database>, q: RowQuery) {
  return db
    .selectFrom('cves as c')
    .where(startAt('c.updated_at', 'c.cve_id', q))
    .select(['c.updated_at as at', 'c.cve_id as key', 'c.published_at', 'c.description'])
    .orderBy('c.updated_at')
    .orderBy('c.cve_id')
    .limit(q.limit)
    .execute();
}

export type CredentialRow = Awaited<ReturnType<typeof credentialRows>>[number];
export type ScriptRow = Awaited<ReturnType<typeof scriptRows>>[number];
export type CloneRow = Awaited<ReturnType<typeof cloneRows>>[number];
export type VulnerableAssetRow = Awaited<ReturnType<typeof vulnerableAssetRows>>[number];
export type CveRow = Awaited<ReturnType<typeof cveRows>>[number];
